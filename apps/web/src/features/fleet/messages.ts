// Messages of issue 17 part B: update available, update all outdated, bulk actions from the device list,
// the logs time range and follow state, and "restart now" after a save.

export const fleetEn = {
  'fleet.update.badge': 'Update available',
  'fleet.update.badge.title':
    '{{type}} {{version}} is in the firmware library (this device runs {{current}})',
  'fleet.outdated.button': 'Update all outdated',
  'fleet.outdated.title': 'Update all outdated devices',
  'fleet.outdated.hint':
    'Devices whose firmware is older than the newest image of their type and board in the library. Each gets that image.',
  'fleet.outdated.none': 'Every device runs the newest firmware of its type and board in the library.',
  'fleet.outdated.start': 'Update the chosen devices ({{count}})',
  'fleet.outdated.confirm': 'Update the firmware of these devices? They restart when done. {{devices}}',
  'fleet.outcome.title': 'Outcome per device',
  'fleet.outcome.refused': 'The gateway did not start it',
  'fleet.outcome.running': 'Working…',
  'fleet.outcome.done': 'Done',
  'fleet.outcome.failed': 'Failed',
  'fleet.outcome.close': 'Close',
} as const;

export const fleetRu: Record<keyof typeof fleetEn, string> = {
  'fleet.update.badge': 'Есть обновление',
  'fleet.update.badge.title': 'В библиотеке прошивок есть {{type}} {{version}} (на устройстве {{current}})',
  'fleet.outdated.button': 'Обновить все устаревшие',
  'fleet.outdated.title': 'Обновить все устаревшие устройства',
  'fleet.outdated.hint':
    'Устройства, прошивка которых старше самой новой прошивки их типа и платы в библиотеке. Каждое получит её.',
  'fleet.outdated.none': 'На всех устройствах самая новая прошивка их типа и платы из библиотеки.',
  'fleet.outdated.start': 'Обновить выбранные устройства ({{count}})',
  'fleet.outdated.confirm':
    'Обновить прошивку этих устройств? После обновления они перезагрузятся. {{devices}}',
  'fleet.outcome.title': 'Результат по устройствам',
  'fleet.outcome.refused': 'Шлюз не запустил обновление',
  'fleet.outcome.running': 'Выполняется…',
  'fleet.outcome.done': 'Готово',
  'fleet.outcome.failed': 'Ошибка',
  'fleet.outcome.close': 'Закрыть',
};
