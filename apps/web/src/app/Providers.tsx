import { createTheme, localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { STORAGE_KEYS } from '@st/protocol';
import { type ReactNode, useMemo } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ConfirmProvider } from '../ui/useConfirm';
import { ServicesContext } from './ServicesContext';
import type { Services } from './services';
import { Toasts } from './Toasts';

// Shade 8 keeps white text on filled buttons readable (WCAG AA) in both schemes.
const theme = createTheme({ primaryColor: 'blue', primaryShade: { light: 8, dark: 8 }, defaultRadius: 'sm' });

export function Providers({ services, children }: { services: Services; children: ReactNode }) {
  // Light or dark is stored under 'color-theme'; until the user picks one, the system preference applies.
  const colorSchemeManager = useMemo(() => localStorageColorSchemeManager({ key: STORAGE_KEYS.theme }), []);
  return (
    <ServicesContext value={services}>
      <I18nextProvider i18n={services.i18n}>
        <MantineProvider theme={theme} colorSchemeManager={colorSchemeManager} defaultColorScheme="auto">
          <ConfirmProvider>
            <Toasts store={services.notificationsStore} />
            {children}
          </ConfirmProvider>
        </MantineProvider>
      </I18nextProvider>
    </ServicesContext>
  );
}
