// The logs time range (issue 17): quick ranges that end now, or a custom from/to. A quick range keeps only its
// name in the URL (`?range=15m`), so a link means "the last 15 minutes" whenever it is opened; a custom range
// keeps its ends (`?from=&to=`, ISO 8601).

export const QUICK_RANGES = { '15m': 15 * 60_000, '1h': 3_600_000, '24h': 86_400_000 } as const;
export type QuickRange = keyof typeof QUICK_RANGES;
export type TimeRange = QuickRange | 'custom';

export function isQuickRange(value: string | null | undefined): value is QuickRange {
  return value != null && Object.hasOwn(QUICK_RANGES, value);
}

/** The start of a quick range that ends at `now`. */
export function quickFrom(range: QuickRange, now: number): string {
  return new Date(now - QUICK_RANGES[range]).toISOString();
}

/** An ISO time as the value of a `datetime-local` input (local wall time, minutes). */
export function toLocalInput(iso: string | undefined): string {
  if (!iso) return '';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/** A `datetime-local` value (local wall time) as ISO 8601 in UTC; '' when empty or invalid. */
export function fromLocalInput(value: string): string {
  if (value === '') return '';
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? '' : at.toISOString();
}

/** The range a URL names: a quick range from `now`, or custom ends that parse as times. */
export function rangeFromParams(
  params: URLSearchParams,
  now: number,
): { range?: TimeRange; from?: string; to?: string } {
  const range = params.get('range');
  if (isQuickRange(range)) return { range, from: quickFrom(range, now) };
  const valid = (v: string | null) =>
    v !== null && !Number.isNaN(Date.parse(v)) ? new Date(v).toISOString() : undefined;
  const from = valid(params.get('from'));
  const to = valid(params.get('to'));
  if (from === undefined && to === undefined) return {};
  return { range: 'custom', ...(from ? { from } : {}), ...(to ? { to } : {}) };
}

/** Writes the range into URL parameters (and removes what it no longer says). */
export function rangeToParams(
  out: URLSearchParams,
  filter: { range?: TimeRange | undefined; from?: string | undefined; to?: string | undefined },
): void {
  out.delete('range');
  out.delete('from');
  out.delete('to');
  if (filter.range === undefined) return;
  if (filter.range !== 'custom') {
    out.set('range', filter.range);
    return;
  }
  if (filter.from) out.set('from', filter.from);
  if (filter.to) out.set('to', filter.to);
}
