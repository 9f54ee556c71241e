import { DEFAULT_LOCALE, type ErrorCode, LOCALES, type Locale } from '@st/protocol';
import { createInstance, type i18n } from 'i18next';
import { type ReactNode, use } from 'react';
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
  /** The whole catalog, or at start-up the start-up part of it (./start). */
  messages: Partial<Catalog>;
  /** Texts of the servers' error codes (namespace 'errors'; see api/errors.ts serverMessage). */
  errors: Partial<Record<ErrorCode, string>>;
}

/**
 * What start-up shows (sign-in, offline state, loaders, toasts: ./start), in the language in use only (the
 * catalogs hold the same keys, so no fallback is needed). The rest comes with the routed console
 * (loadConsoleCatalog; issue 21: the sign-in downloads 1 KiB of texts instead of every screen's 13).
 */
export async function loadCatalog(locale: Locale): Promise<LoadedCatalog> {
  const messages =
    locale === 'ru' ? (await import('./start/ru')).startRu : (await import('./start/en')).startEn;
  return { messages, errors: {} };
}

const consoleCatalogs = new Map<Locale, Promise<LoadedCatalog>>();

/** The whole catalog and the error texts of a language, downloaded once (main.tsx starts it early). */
export function loadConsoleCatalog(locale: Locale): Promise<LoadedCatalog> {
  let loading = consoleCatalogs.get(locale);
  if (loading === undefined) {
    loading =
      locale === 'ru'
        ? Promise.all([import('./ru'), import('./errors/ru')]).then(([{ ru }, { errorsRu }]) => ({
            messages: ru,
            errors: errorsRu,
          }))
        : Promise.all([import('./en'), import('./errors/en')]).then(([{ en }, { errorsEn }]) => ({
            messages: en,
            errors: errorsEn,
          }));
    consoleCatalogs.set(locale, loading);
    // a failed download is tried again by the next caller (e.g. after the offline state's retry)
    loading.catch(() => consoleCatalogs.delete(locale));
  }
  return loading;
}

const completed = new WeakMap<i18n, Promise<void>>();

/** Adds the whole catalog of the instance's language to it (once; later calls share the first). */
export function completeCatalog(instance: i18n): Promise<void> {
  let done = completed.get(instance);
  if (done === undefined) {
    const locale = isLocale(instance.language) ? instance.language : DEFAULT_LOCALE;
    done = loadConsoleCatalog(locale).then((catalog) => {
      instance.addResourceBundle(locale, 'translation', catalog.messages);
      instance.addResourceBundle(locale, 'errors', catalog.errors);
    });
    completed.set(instance, done);
    done.catch(() => completed.delete(instance));
  }
  return done;
}

/**
 * Renders its children once the whole catalog is in (suspends until then): the routed console and every
 * screen reached from the sign-in (invite, first password) sit inside it, so no raw key ever shows.
 * `alongside` starts the children's own code downloading meanwhile (a lazy component would wait for this).
 */
export function ConsoleCatalog(props: {
  i18n: i18n;
  alongside?: () => Promise<unknown>;
  children: ReactNode;
}) {
  const done = completeCatalog(props.i18n);
  props.alongside?.().catch(() => undefined);
  use(done);
  return props.children;
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
