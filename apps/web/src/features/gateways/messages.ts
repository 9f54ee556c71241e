// Messages of the gateway scope added in issue 17 (defect 9: waiting for a gateway that dropped).

export const gatewaysEn = {
  'gateway.waiting.title': 'Gateway {{name}} is offline',
  'gateway.waiting.text':
    'Waiting for it to come back: this screen carries on where you were when it reconnects. Otherwise the gateway list opens in {{seconds}} s.',
  'gateway.waiting.leave': 'Go to the gateway list',
  'gateway.waiting.expired.desc': 'Gateway {{name}} did not come back in time.',
};

export const gatewaysRu: Record<keyof typeof gatewaysEn, string> = {
  'gateway.waiting.title': 'Шлюз {{name}} не в сети',
  'gateway.waiting.text':
    'Ждём его возвращения: когда он подключится, этот экран продолжит с того же места. Иначе через {{seconds}} с откроется список шлюзов.',
  'gateway.waiting.leave': 'К списку шлюзов',
  'gateway.waiting.expired.desc': 'Шлюз {{name}} не вернулся вовремя.',
};
