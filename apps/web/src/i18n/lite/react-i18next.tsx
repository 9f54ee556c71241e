// The stand-in for react-i18next that goes with ./i18next.ts (see there): the provider and the hook.
import { createContext, type ReactNode, useContext } from 'react';
import type { LiteI18n } from './i18next';

const I18nContext = createContext<LiteI18n | null>(null);

export const initReactI18next = { type: '3rdParty', init: () => undefined };

export function I18nextProvider({ i18n, children }: { i18n: LiteI18n; children?: ReactNode }) {
  return <I18nContext value={i18n}>{children}</I18nContext>;
}

export function useTranslation(): { t: LiteI18n['t']; i18n: LiteI18n; ready: true } {
  const i18n = useContext(I18nContext);
  if (i18n === null) throw new Error('useTranslation() outside <I18nextProvider>');
  return { t: i18n.t, i18n, ready: true };
}
