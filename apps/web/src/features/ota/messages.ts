// Messages of the OTA screen added in issue 17 (type-mismatch override, version beside version, downgrade).

export const otaEn = {
  'ota.upload.override': 'Also offer devices of another type (override)',
  'ota.upload.override.hint':
    'Firmware of another type can leave a device without its features; the gateway refuses it unless you confirm.',
  'ota.upload.versions': '{{current}} → {{next}}',
  'ota.upload.version.unknown': 'unknown',
  'ota.upload.badge.otherType': 'type {{type}}',
  'ota.upload.badge.downgrade': 'downgrade',
  'ota.upload.badge.same': 'same version',
  'ota.upload.confirm.mismatch':
    'These devices are not {{firmwareType}} devices: {{devices}}. Flash them with {{firmwareType}} firmware anyway?',
  'ota.upload.confirm.downgrade': 'This is a downgrade for: {{devices}}.',
  'ota.upload.confirm.override': 'Flash anyway',
} as const;

export const otaRu: Record<keyof typeof otaEn, string> = {
  'ota.upload.override': 'Показать и устройства другого типа (в обход проверки)',
  'ota.upload.override.hint':
    'Прошивка другого типа может лишить устройство его функций; шлюз откажет, если вы не подтвердите.',
  'ota.upload.versions': '{{current}} → {{next}}',
  'ota.upload.version.unknown': 'неизвестно',
  'ota.upload.badge.otherType': 'тип {{type}}',
  'ota.upload.badge.downgrade': 'откат версии',
  'ota.upload.badge.same': 'та же версия',
  'ota.upload.confirm.mismatch':
    'Эти устройства не относятся к типу {{firmwareType}}: {{devices}}. Всё равно прошить их прошивкой {{firmwareType}}?',
  'ota.upload.confirm.downgrade': 'Для этих устройств это откат версии: {{devices}}.',
  'ota.upload.confirm.override': 'Прошить всё равно',
};
