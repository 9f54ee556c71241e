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

/** A formatter for `locale` (a BCP 47 tag such as `en` or `ru`). */
export function formatterFor(locale: string): Formatter {
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'medium' });
  const time = new Intl.DateTimeFormat(locale, { timeStyle: 'medium' });
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  const precise = new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    fractionalSecondDigits: 3,
  });
  const number = new Intl.NumberFormat(locale);
  const safe = (f: Intl.DateTimeFormat) => (value: Date | string | number) => {
    const d = asDate(value);
    return Number.isNaN(d.getTime()) ? String(value) : f.format(d);
  };
  return {
    dateTime: safe(dateTime),
    time: safe(time),
    date: safe(date),
    preciseDateTime: safe(precise),
    number: (value, options) =>
      options === undefined ? number.format(value) : new Intl.NumberFormat(locale, options).format(value),
  };
}

/** The formatter of the console's current language (changes with it). */
export function useFormat(): Formatter {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  return useMemo(() => formatterFor(locale), [locale]);
}
