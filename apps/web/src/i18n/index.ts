import { type AppMode, DEFAULT_LOCALE, type ErrorCode, LOCALES, type Locale } from '@st/protocol';
import { createInstance, type i18n } from 'i18next';
import { lazy, type ReactNode } from 'react';
import { initReactI18next } from 'react-i18next';
import { settleEarly, useSettled } from '../ui/useSettled';
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
  /** A part of the catalog: at start-up its start-up part (./start), then the console's first (./first). */
  messages: Partial<Catalog>;
  /** Texts of the servers' error codes (namespace 'errors'; see api/errors.ts serverMessage). */
  errors: Partial<Record<ErrorCode, string>>;
}

/**
 * What start-up shows (sign-in, offline state, loaders, toasts: ./start), in the language in use only (the
 * catalogs hold the same keys, so no fallback is needed). The first screens' part comes with the routed
 * console (loadConsoleCatalog), the rest after its first screen (loadCatalogRest; issue 21: the sign-in
 * downloads 1 KiB of texts instead of every screen's 13, a first screen 3 instead of 11.4).
 */
export async function loadCatalog(locale: Locale): Promise<LoadedCatalog> {
  const messages =
    locale === 'ru' ? (await import('./start/ru')).startRu : (await import('./start/en')).startEn;
  return { messages, errors: {} };
}

/** Once per key: the first call's promise, shared by later calls; a failed one is made again by the next. */
function once<K extends object | string, T>(
  cache: {
    get(key: K): Promise<T> | undefined;
    set(key: K, value: Promise<T>): unknown;
    delete(key: K): unknown;
  },
  key: K,
  make: () => Promise<T>,
): Promise<T> {
  let promise = cache.get(key);
  if (promise === undefined) {
    promise = make();
    cache.set(key, promise);
    // (e.g. after the offline state's retry)
    promise.catch(() => cache.delete(key));
  }
  return promise;
}

const firstCatalogs = new Map<string, Promise<Partial<Catalog>>>();

/**
 * The first part of the routed console's catalog (./first: what the first screen of either mode shows, the
 * device list and the header around it; in cloud mode ./cloud, the same and the gateway list), downloaded once
 * (main.tsx starts it early). The rest (./rest) loads after the first screen (loadCatalogRest), the error
 * texts with the first error answer (completeErrorTexts).
 */
export function loadConsoleCatalog(locale: Locale, mode: AppMode): Promise<Partial<Catalog>> {
  return once(firstCatalogs, `${locale}/${mode}`, () => {
    if (mode === 'cloud')
      return locale === 'ru'
        ? import('./cloud/ru').then(({ cloudFirstRu }) => cloudFirstRu)
        : import('./cloud/en').then(({ cloudFirstEn }) => cloudFirstEn);
    return locale === 'ru'
      ? import('./first/ru').then(({ firstRu }) => firstRu)
      : import('./first/en').then(({ firstEn }) => firstEn);
  });
}

const errorCatalogs = new Map<Locale, Promise<LoadedCatalog['errors']>>();

/** The texts of the servers' error codes in a language (./errors), downloaded once. */
export function loadErrorTexts(locale: Locale): Promise<LoadedCatalog['errors']> {
  return once(errorCatalogs, locale, () =>
    locale === 'ru'
      ? import('./errors/ru').then(({ errorsRu }) => errorsRu)
      : import('./errors/en').then(({ errorsEn }) => errorsEn),
  );
}

const restCatalogs = new Map<Locale, Promise<Partial<Catalog>>>();

/** The rest of the catalog (./rest: every other screen's, dialog's and panel's texts), downloaded once. */
export function loadCatalogRest(locale: Locale): Promise<Partial<Catalog>> {
  return once(restCatalogs, locale, () =>
    locale === 'ru'
      ? import('./rest/ru').then(({ restRu }) => restRu)
      : import('./rest/en').then(({ restEn }) => restEn),
  );
}

const languageOf = (instance: i18n): Locale =>
  isLocale(instance.language) ? instance.language : DEFAULT_LOCALE;

const completed = new WeakMap<i18n, Promise<void>>();

/** The console mode of each page's instance (createI18n), which decides the first part of its catalog. */
const modes = new WeakMap<i18n, AppMode>();

/** Adds the console's first part of the catalog (for the instance's mode) to the instance (once). */
export function completeCatalog(instance: i18n): Promise<void> {
  return once(completed, instance, () => {
    const locale = languageOf(instance);
    // (its outcome noted from the start: ConsoleCatalog renders at once when it is in by then)
    return settleEarly(
      loadConsoleCatalog(locale, modes.get(instance) ?? 'cloud').then((messages) => {
        instance.addResourceBundle(locale, 'translation', messages);
      }),
    );
  });
}

const completedErrors = new WeakMap<i18n, Promise<void>>();

/**
 * Adds the error texts to the instance (once). The HTTP client waits for them before it throws an error
 * answer (services.ts), so `serverMessage` finds a code's text in the user's language; issue 21: no first
 * screen downloads them (2.2 KiB gzip) unless a call fails.
 */
export function completeErrorTexts(instance: i18n): Promise<void> {
  return once(completedErrors, instance, () => {
    const locale = languageOf(instance);
    return loadErrorTexts(locale).then((errors) => {
      instance.addResourceBundle(locale, 'errors', errors);
    });
  });
}

const completedRest = new WeakMap<i18n, Promise<void>>();

/**
 * Adds the rest of the catalog to the instance (once): resolved, the instance holds the whole catalog (the
 * first part too).
 */
export function completeCatalogRest(instance: i18n): Promise<void> {
  return once(completedRest, instance, () => {
    const locale = languageOf(instance);
    return Promise.all([completeCatalog(instance), loadCatalogRest(locale)]).then(([, rest]) => {
      instance.addResourceBundle(locale, 'translation', rest);
    });
  });
}

// The page's instance (createI18n: one a page load; a language switch reloads the page), for the lazy loaders
// below, which run outside React. Loaders called before it exists (start-up preloads) wait for it.
let pageI18n: i18n | undefined;
let pageI18nWaiting: ((instance: i18n) => void)[] = [];

function setPageI18n(instance: i18n): void {
  pageI18n = instance;
  for (const resolve of pageI18nWaiting) resolve(instance);
  pageI18nWaiting = [];
}

const pageInstance = (): Promise<i18n> =>
  pageI18n === undefined
    ? new Promise<i18n>((resolve) => pageI18nWaiting.push(resolve))
    : Promise.resolve(pageI18n);

/**
 * The console's first part added to the page's instance (completeCatalog) as soon as the instance exists:
 * start-up calls it with the first screen's downloads, so the routed console's first render finds it in.
 */
export function catalogFirst(): Promise<void> {
  return pageInstance().then(completeCatalog);
}

/** The rest of the catalog added to the page's instance (completeCatalogRest), once. */
export function catalogRest(): Promise<void> {
  return pageInstance().then(completeCatalogRest);
}

/**
 * A module loader whose promise resolves once the module has loaded and the whole catalog is in the page's
 * instance: every lazily loaded screen, dialog and panel of the console is loaded through it (lazyWithTexts),
 * so nothing renders with a key of the rest before the rest is in, however it was reached.
 * first.test.ts holds the few loaders that do not wait (the first screens', start-up's).
 */
export function withCatalogRest<T>(loader: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([loader(), catalogRest()]).then(([module]) => module);
}

/** React.lazy over withCatalogRest: the component renders once its chunk and the catalog's rest are in. */
export const lazyWithTexts: typeof lazy = (loader) => lazy(withCatalogRest(loader));

/**
 * Renders its children once the console's first part of the catalog is in (`fallback` until then): the
 * routed console and every screen reached from the sign-in (invite, first password) sit inside it, and
 * whatever they load lazily waits for the rest (lazyWithTexts), so no raw key ever shows. `alongside` starts
 * the children's own code downloading meanwhile. It waits without suspending (useSettled: React would hold
 * back what a suspended boundary reveals up to 300 ms).
 */
export function ConsoleCatalog(props: {
  i18n: i18n;
  alongside?: () => Promise<unknown>;
  fallback: ReactNode;
  children: ReactNode;
}) {
  const done = completeCatalog(props.i18n);
  props.alongside?.().catch(() => undefined);
  const outcome = useSettled(done);
  if (outcome === undefined) return props.fallback;
  if ('error' in outcome) throw outcome.error;
  return props.children;
}

/**
 * A fresh i18next instance (no global one), initialised synchronously with the language's catalog, for a page
 * of the console in `mode` (without one: every first screen's texts, as cloud mode loads them).
 */
export function createI18n(locale: Locale, catalog: LoadedCatalog, mode?: AppMode): i18n {
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
  if (mode !== undefined) modes.set(instance, mode);
  setPageI18n(instance);
  return instance;
}
