import type { HistoryPoint } from '@st/protocol';

/** A min/avg/max bucket while it is being assembled from several sources (rollups and raw rows). */
export interface Bucket {
  readonly t: number;
  min: number;
  max: number;
  /** sum of the values (avg * n), so merged averages stay exact */
  sum: number;
  n: number;
}

export interface BucketRow {
  readonly t: number;
  readonly min: number;
  readonly max: number;
  readonly sum: number;
  readonly n: number;
}

/** Merges rows that fall into the same bucket start (`t`), keeping the result sorted by time. */
export function mergeBuckets(...sources: readonly (readonly BucketRow[])[]): Bucket[] {
  const byT = new Map<number, Bucket>();
  for (const rows of sources) {
    for (const r of rows) {
      if (r.n <= 0) continue;
      const b = byT.get(r.t);
      if (!b) byT.set(r.t, { t: r.t, min: r.min, max: r.max, sum: r.sum, n: r.n });
      else {
        b.min = Math.min(b.min, r.min);
        b.max = Math.max(b.max, r.max);
        b.sum += r.sum;
        b.n += r.n;
      }
    }
  }
  return [...byT.values()].sort((a, b) => a.t - b.t);
}

export function bucketPoint(b: Bucket): HistoryPoint {
  return { t: b.t, v: b.sum / b.n, min: b.min, max: b.max };
}

/**
 * Inserts a gap point (`v: null`) after every point followed by nothing for longer than `maxGapMs`, so a
 * chart breaks its line there instead of drawing across the time nothing was recorded.
 */
export function withGaps(points: readonly HistoryPoint[], step: number, maxGapMs: number): HistoryPoint[] {
  const out: HistoryPoint[] = [];
  let prev: HistoryPoint | undefined;
  for (const p of points) {
    if (prev && prev.v !== null && p.v !== null && p.t - prev.t > maxGapMs) {
      out.push({ t: prev.t + step, v: null, min: null, max: null });
    }
    out.push(p);
    prev = p;
  }
  return out;
}

export const floorTo = (t: number, step: number): number => t - (((t % step) + step) % step);
