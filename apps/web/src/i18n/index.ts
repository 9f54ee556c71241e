import { DEFAULT_LOCALE, type ErrorCode, LOCALES, type Locale } from '@st/protocol';
import { createInstance, type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Catalog } from './en';

export type { Locale };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The stored choice wins; otherwise the browser's language when we have it; otherwise English. */
export function pickLocale(stored: string | null, browserLanguage: string | undefined): Locale {
  if (isLocale(stored)) return stored;
  const browser = browserLanguage?.slice(0, 2).toLowerCase();
  return isLocale(browser) ? browser : DEFAULT_LOCALE;
}

export interface LoadedCatalog {
  messages: Catalog;
  /** Texts of the servers' error codes (namespace 'errors'; see api/errors.ts serverMessage). */
  errors: Partial<Record<ErrorCode, string>>;
}

/** Only the language in use is downloaded (the catalogs hold the same keys, so no fallback is needed). */
export async function loadCatalog(locale: Locale): Promise<LoadedCatalog> {
  if (locale === 'ru') {
    const [{ ru }, { errorsRu }] = await Promise.all([import('./ru'), import('./errors/ru')]);
    return { messages: ru, errors: errorsRu };
  }
  const [{ en }, { errorsEn }] = await Promise.all([import('./en'), import('./errors/en')]);
  return { messages: en, errors: errorsEn };
}

/** A fresh i18next instance (no global one), initialised synchronously with the language's catalog. */
export function createI18n(locale: Locale, catalog: LoadedCatalog): i18n {
  const instance = createInstance();
  void instance.use(initReactI18next).init({
    lng: locale,
    fallbackLng: false,
    resources: { [locale]: { translation: catalog.messages, errors: catalog.errors } },
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return instance;
}
