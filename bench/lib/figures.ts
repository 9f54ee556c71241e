// The arithmetic every bench reports its figures with.

/** The middle value (the mean of the two middle ones for an even count); NaN for no values. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** The nearest-rank `p`th percentile (0..100) of values sorted ascending; NaN for none. */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** `n` rounded to `digits` decimals (2 unless told). */
export function round(n: number, digits = 2): number {
  return Math.round(n * 10 ** digits) / 10 ** digits;
}
