import {
  type CSSVariablesResolver,
  createTheme,
  localStorageColorSchemeManager,
  MantineProvider,
} from '@mantine/core';
import { STORAGE_KEYS } from '@st/protocol';
import { type ReactNode, useMemo } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ConfirmProvider } from '../ui/useConfirm';
import { ServicesContext } from './ServicesContext';
import type { Services } from './services';
import { Toasts } from './Toasts';

// Shade 8 keeps white text on filled buttons readable (WCAG AA) in both schemes.
// An orange (warning) Alert's light title is too faint on its tinted background (axe: 3.6:1): every such
// title takes the text colour, which reads in both schemes. (A plain object: no Alert import at start-up.)
const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'sm',
  components: {
    Alert: {
      styles: (_theme: unknown, props: { color?: string }) =>
        props.color === 'orange' ? { title: { color: 'var(--mantine-color-text)' } } : {},
    },
  },
});

// Secondary ("dimmed") text readable on white (WCAG AA): Mantine's default gray is too light. Mantine's dark
// error red (red-8) is under AA on dark surfaces (error texts of fields, e.g. a required token). Set with the
// theme's own variables (MantineProvider writes them all; see styles.ts), so no stylesheet order matters.
const cssVariables: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-8)',
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-error': 'var(--mantine-color-red-5)',
  },
});

export function Providers({ services, children }: { services: Services; children: ReactNode }) {
  // Light or dark is stored under 'color-theme'; until the user picks one, the system preference applies.
  const colorSchemeManager = useMemo(() => localStorageColorSchemeManager({ key: STORAGE_KEYS.theme }), []);
  return (
    <ServicesContext value={services}>
      <I18nextProvider i18n={services.i18n}>
        {/* every CSS variable from the theme (no default-css-variables.css in the bundle; styles.ts) */}
        <MantineProvider
          theme={theme}
          colorSchemeManager={colorSchemeManager}
          defaultColorScheme="auto"
          deduplicateCssVariables={false}
          cssVariablesResolver={cssVariables}
        >
          <ConfirmProvider>
            <Toasts store={services.notificationsStore} />
            {children}
          </ConfirmProvider>
        </MantineProvider>
      </I18nextProvider>
    </ServicesContext>
  );
}
