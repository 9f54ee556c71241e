import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Tooltip } from '../../ui/floating/Tooltip';

/** Light or dark, stored under 'color-theme' by Mantine's color scheme manager. */
export function ThemeSwitch() {
  const { t } = useTranslation();
  const { setColorScheme } = useMantineColorScheme();
  const current = useComputedColorScheme('light', { getInitialValueInEffect: true });
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
