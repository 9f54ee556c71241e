// Dates, numbers and durations in the console's language (Intl), for the overview and the charts.

const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>();

function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>(
  key: string,
  make: () => T,
): T {
  let f = cache.get(key);
  if (!f) {
    f = make();
    cache.set(key, f);
  }
  return f as T;
}

export function formatDateTime(lang: string, t: number): string {
  return cached(
    `dt:${lang}`,
    () => new Intl.DateTimeFormat(lang, { dateStyle: 'short', timeStyle: 'medium' }),
  ).format(t);
}

export function formatNumber(lang: string, v: number, maxFraction = 2): string {
  return cached(
    `n:${lang}:${maxFraction}`,
    () => new Intl.NumberFormat(lang, { maximumFractionDigits: maxFraction }),
  ).format(v);
}

/**
 * "5 minutes ago" in the language. Never in the future: a time after `now` (a live sample newer than the
 * page's clock tick, or a server clock ahead of the browser's) reads as now.
 */
export function formatAgo(lang: string, t: number, now: number): string {
  const rtf = cached(
    `rel:${lang}`,
    () => new Intl.RelativeTimeFormat(lang, { numeric: 'auto', style: 'short' }),
  );
  const s = Math.round((Math.min(t, now) - now) / 1000);
  const abs = Math.abs(s);
  if (abs < 60) return rtf.format(s, 'second');
  if (abs < 3600) return rtf.format(Math.round(s / 60), 'minute');
  if (abs < 86_400) return rtf.format(Math.round(s / 3600), 'hour');
  return rtf.format(Math.round(s / 86_400), 'day');
}

const UNITS = [
  ['day', 86_400_000],
  ['hour', 3600_000],
  ['minute', 60_000],
  ['second', 1000],
] as const;

/** uptime as its two largest units, e.g. "3d 4h" / "3 дн. 4 ч" */
export function formatDuration(lang: string, ms: number): string {
  const parts: string[] = [];
  let rest = Math.max(0, ms);
  for (const [unit, size] of UNITS) {
    const n = Math.floor(rest / size);
    rest -= n * size;
    if (n > 0 || (unit === 'second' && parts.length === 0)) {
      parts.push(
        cached(
          `u:${lang}:${unit}`,
          () => new Intl.NumberFormat(lang, { style: 'unit', unit, unitDisplay: 'narrow' }),
        ).format(n),
      );
    }
    if (parts.length === 2) break;
  }
  return parts.join(' ');
}
