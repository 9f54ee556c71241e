import type { RuTexts } from '../../i18n/types';

// What the first screens show of this feature (the device list, the header, the menu): a module of its own,
// so that the feature's other texts (./messages.ts) load with its screens, not with the first one.
// On the first screens (the menu's item).
export const historyFirstEn = {
  'menu.item.overview': 'Fleet overview',
} as const;

export const historyFirstRu: RuTexts<typeof historyFirstEn> = {
  'menu.item.overview': 'Обзор устройств',
};
