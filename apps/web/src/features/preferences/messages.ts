import type { RuTexts } from '../../i18n/types';

// Messages of the preferences feature (moved here from i18n/en.ts and ru.ts in issue 17).

// On the first screens (the header's switches).
export const preferencesFirstEn = {
  'locale.switch': 'Switch the language to Russian',
  'locale.switch.short': 'RU',
  'theme.switch.dark': 'Switch to the dark theme',
  'theme.switch.light': 'Switch to the light theme',
} as const;

export const preferencesFirstRu: RuTexts<typeof preferencesFirstEn> = {
  'locale.switch': 'Switch the language to English',
  'locale.switch.short': 'EN',
  'theme.switch.dark': 'Включить тёмную тему',
  'theme.switch.light': 'Включить светлую тему',
};
