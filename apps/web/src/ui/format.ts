import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

// One place where the console turns dates, times and numbers into text, in the chosen language
// (Intl with the i18next language: "24.11.2026, 18:30:05" in Russian, "11/24/2026, 6:30:05 PM" in English).

export interface Formatter {
  /** date and time to the second */
  dateTime: (value: Date | string | number) => string;
  /** time of day to the second */
  time: (value: Date | string | number) => string;
  date: (value: Date | string | number) => string;
  /** date and time to the millisecond (log lines) */
  preciseDateTime: (value: Date | string | number) => string;
  number: (value: number, options?: Intl.NumberFormatOptions) => string;
}

const asDate = (value: Date | string | number) => (value instanceof Date ? value : new Date(value));

/** Makes `make()` once, on first use. */
function once<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => {
    made ??= make();
    return made;
  };
}

const formatters = new Map<string, Formatter>();

/**
 * A formatter for `locale` (a BCP 47 tag such as `en` or `ru`), one per locale, its Intl formats made when
 * first used: making them cost ~200 ms of the device list's start at 4x CPU when every component using the
 * formatter made all five of its own (issue 21, the first list).
 */
export function formatterFor(locale: string): Formatter {
  const known = formatters.get(locale);
  if (known !== undefined) return known;
  const dateTime = once(() => new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'medium' }));
  const time = once(() => new Intl.DateTimeFormat(locale, { timeStyle: 'medium' }));
  const date = once(() => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }));
  const precise = once(
    () =>
      new Intl.DateTimeFormat(locale, {
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        fractionalSecondDigits: 3,
      }),
  );
  const number = once(() => new Intl.NumberFormat(locale));
  const safe = (f: () => Intl.DateTimeFormat) => (value: Date | string | number) => {
    const d = asDate(value);
    return Number.isNaN(d.getTime()) ? String(value) : f().format(d);
  };
  const formatter: Formatter = {
    dateTime: safe(dateTime),
    time: safe(time),
    date: safe(date),
    preciseDateTime: safe(precise),
    number: (value, options) =>
      options === undefined ? number().format(value) : new Intl.NumberFormat(locale, options).format(value),
  };
  formatters.set(locale, formatter);
  return formatter;
}

/** The formatter of the console's current language (changes with it). */
export function useFormat(): Formatter {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  return useMemo(() => formatterFor(locale), [locale]);
}
