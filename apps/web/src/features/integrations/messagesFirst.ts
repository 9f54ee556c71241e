import type { RuTexts } from '../../i18n/types';

// What the first screens show of this feature (the device list, the header, the menu): a module of its own,
// so that the feature's other texts (./messages.ts) load with its screens, not with the first one.
// On the first screens (the menu's item).
export const integrationsFirstEn = {
  'menu.item.integrations': 'Integrations',
} as const;

export const integrationsFirstRu: RuTexts<typeof integrationsFirstEn> = {
  'menu.item.integrations': 'Интеграции',
};
