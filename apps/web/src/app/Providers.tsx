import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ConfirmProvider } from '../ui/useConfirm';
import { ServicesContext } from './ServicesContext';
import type { Services } from './services';
import { Toasts } from './Toasts';

// (Light or dark: ui/kit/colorScheme, applied to <html> by main.tsx before the first render.)
export function Providers({ services, children }: { services: Services; children: ReactNode }) {
  return (
    <ServicesContext value={services}>
      <I18nextProvider i18n={services.i18n}>
        <ConfirmProvider>
          <Toasts store={services.notificationsStore} />
          {children}
        </ConfirmProvider>
      </I18nextProvider>
    </ServicesContext>
  );
}
