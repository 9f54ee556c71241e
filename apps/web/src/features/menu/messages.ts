import type { RuTexts } from '../../i18n/types';

// Messages of the menu feature (moved here from i18n/en.ts and ru.ts in issue 17).

// On the first screens (the menu).
export const menuFirstEn = {
  'menu.open': 'Open the menu',
  'menu.item.panel': 'Control panel',
  'menu.item.settings': 'Device settings',
  'menu.item.logs': 'Device logs',
  'menu.item.ota': 'OTA updates',
  'menu.build.info': 'Build info',
} as const;

export const menuFirstRu: RuTexts<typeof menuFirstEn> = {
  'menu.open': 'Открыть меню',
  'menu.item.panel': 'Панель управления',
  'menu.item.settings': 'Настройки устройств',
  'menu.item.logs': 'Логи устройств',
  'menu.item.ota': 'OTA-обновления',
  'menu.build.info': 'О сборке',
};
