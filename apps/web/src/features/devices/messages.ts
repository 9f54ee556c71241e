// Messages of the devices feature added in issue 17.

export const devicesEn = {
  'devices.config.delete.one.confirm':
    'Delete the value of {{name}}? Its field goes; the device keeps the entry, listed under "Not set".',
  'devices.config.notSet': 'not set',
  'devices.saved.online': 'Online',
  'devices.saved.offline': 'Offline',
  'devices.saved.offline.lastSeen': 'Offline, last seen {{when}}',
  'devices.list.search': 'Search devices',
  'devices.list.search.placeholder': 'Name, ip, type or firmware',
  'devices.shortcut.logs': 'Logs of this device',
  'devices.live.updated': 'Last updated: {{time}}',
  'devices.live.missed': 'the device did not answer at {{time}}',
  'devices.config.unset.title': 'Not set:',
  'devices.config.unset.add': 'Set a value for {{name}}',
} as const;

export const devicesRu: Record<keyof typeof devicesEn, string> = {
  'devices.config.delete.one.confirm':
    'Удалить значение {{name}}? Поле исчезнет; параметр останется на устройстве, в списке «Не задано».',
  'devices.config.notSet': 'не задано',
  'devices.saved.online': 'В сети',
  'devices.saved.offline': 'Не в сети',
  'devices.saved.offline.lastSeen': 'Не в сети, последний раз {{when}}',
  'devices.list.search': 'Поиск устройств',
  'devices.list.search.placeholder': 'Имя, ip, тип или прошивка',
  'devices.shortcut.logs': 'Журнал этого устройства',
  'devices.live.updated': 'Обновлено: {{time}}',
  'devices.live.missed': 'устройство не ответило в {{time}}',
  'devices.config.unset.title': 'Не задано:',
  'devices.config.unset.add': 'Задать значение {{name}}',
};
