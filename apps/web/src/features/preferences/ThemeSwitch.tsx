import { IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { addTexts } from '../../i18n';
import { Tooltip } from '../../ui/floating/Tooltip';
import { ActionIcon } from '../../ui/kit/buttons';
import { setColorScheme, useColorScheme } from '../../ui/kit/colorScheme';
import { preferencesFirstEn, preferencesFirstRu } from './messages';

addTexts(preferencesFirstEn, preferencesFirstRu);

/** Light or dark, stored under 'color-theme' (ui/kit/colorScheme). */
export function ThemeSwitch() {
  const { t } = useTranslation();
  const current = useColorScheme().computed;
  const next = current === 'dark' ? 'light' : 'dark';
  const label = next === 'dark' ? t('theme.switch.dark') : t('theme.switch.light');
  return (
    <Tooltip label={label}>
      <ActionIcon variant="subtle" color="gray" onClick={() => setColorScheme(next)} aria-label={label}>
        {current === 'dark' ? <IconSun size={18} aria-hidden /> : <IconMoon size={18} aria-hidden />}
      </ActionIcon>
    </Tooltip>
  );
}
