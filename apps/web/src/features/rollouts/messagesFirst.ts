import type { RuTexts } from '../../i18n/types';

// The Rollouts screen's texts on the first screens (the menu).

export const rolloutsFirstEn = {
  'menu.item.rollouts': 'Rollouts',
} as const;

export const rolloutsFirstRu: RuTexts<typeof rolloutsFirstEn> = {
  'menu.item.rollouts': 'Развёртывания',
};
