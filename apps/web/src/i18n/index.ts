import type { ErrorCode } from '@st/protocol';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@st/protocol/constants';
import { createInstance, type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { commonEn, commonRu } from './common';
import type { RuTexts, Texts } from './types';

export type { Locale, Texts };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The stored choice wins; otherwise the browser's language when we have it; otherwise English. */
export function pickLocale(stored: string | null, browserLanguage: string | undefined): Locale {
  if (isLocale(stored)) return stored;
  const browser = browserLanguage?.slice(0, 2).toLowerCase();
  return isLocale(browser) ? browser : DEFAULT_LOCALE;
}

// Texts live with their feature (features/*/messages.ts) and load with the code that shows them: a screen's,
// dialog's or header widget's module calls addTexts for the features whose texts it names, when it loads
// (texts.test.ts walks the source and holds every lazily loaded module to it). The added texts go into every
// instance, those made later too (a page has one; tests make several).
const added: Texts[] = [{ en: commonEn, ru: commonRu }];
const instances = new Set<i18n>();

function addTo(instance: i18n, texts: Texts): void {
  // English too in a Russian page: the fallback for a text its language lacks
  instance.addResourceBundle('en', 'translation', texts.en, true, true);
  const language = instance.language;
  if (language !== 'en' && isLocale(language))
    instance.addResourceBundle(language, 'translation', texts[language], true, true);
}

/** Adds a feature's texts (both languages) to the page's i18next, before anything renders them. */
export function addTexts<E extends Record<string, string>>(en: E, ru: RuTexts<E>): void {
  const texts: Texts = { en, ru };
  added.push(texts);
  for (const instance of instances) addTo(instance, texts);
}

const errorCatalogs = new Map<Locale, Promise<Partial<Record<ErrorCode, string>>>>();

/** The texts of the servers' error codes in a language (./errors), downloaded once. */
export function loadErrorTexts(locale: Locale): Promise<Partial<Record<ErrorCode, string>>> {
  let promise = errorCatalogs.get(locale);
  if (promise === undefined) {
    promise =
      locale === 'ru'
        ? import('./errors/ru').then(({ errorsRu }) => errorsRu)
        : import('./errors/en').then(({ errorsEn }) => errorsEn);
    errorCatalogs.set(locale, promise);
    // (a failed download is tried again by the next error answer)
    promise.catch(() => errorCatalogs.delete(locale));
  }
  return promise;
}

const completedErrors = new WeakMap<i18n, Promise<void>>();

/**
 * Adds the error texts to the instance (namespace 'errors', once). The HTTP client waits for them before it
 * throws an error answer (services.ts), so `serverMessage` finds a code's text in the user's language; they
 * download with the first error answer, not with a first screen.
 */
export function completeErrorTexts(instance: i18n): Promise<void> {
  let promise = completedErrors.get(instance);
  if (promise === undefined) {
    const locale = isLocale(instance.language) ? instance.language : DEFAULT_LOCALE;
    promise = loadErrorTexts(locale).then((errors) => {
      instance.addResourceBundle(locale, 'errors', errors);
    });
    completedErrors.set(instance, promise);
    promise.catch(() => completedErrors.delete(instance));
  }
  return promise;
}

/**
 * A fresh i18next instance (no global one) in `locale`, English as the fallback, holding every text added so
 * far (and later ones as they are added); `errors`: the error codes' texts, when a test has them at hand.
 * Plural forms follow Intl.PluralRules of the language: a key set `x_one`/`x_other` (Russian also `x_few`,
 * `x_many`) is read as t('x', { count }).
 */
export function createI18n(
  locale: Locale,
  options: { errors?: Partial<Record<ErrorCode, string>> } = {},
): i18n {
  const instance = createInstance();
  void instance.use(initReactI18next).init({
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    resources: options.errors === undefined ? {} : { [locale]: { errors: options.errors } },
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  for (const texts of added) addTo(instance, texts);
  instances.add(instance);
  return instance;
}
