import type { Db } from '../../db/database';
import { floorTo } from './buckets';
import { ROLLUP_STEP, type SampleStore } from './sampleStore';

/** How long each kind of row is kept (ms). */
export interface HistoryRetention {
  readonly rawMs: number;
  readonly fiveMinMs: number;
  readonly hourMs: number;
}

export const DEFAULT_RETENTION: HistoryRetention = {
  rawMs: 48 * 3600_000,
  fiveMinMs: 30 * 24 * 3600_000,
  hourMs: 730 * 24 * 3600_000,
};

/** Rollups and pruning run in transactions of at most this much time / this many rows. */
const ROLLUP_CHUNK_MS = 3600_000;
const HOUR_CHUNK_MS = 24 * 3600_000;
export const PRUNE_BATCH_ROWS = 2000;

const TABLES = ['samples_raw', 'samples_5m', 'samples_1h', 'samples_text'] as const;
type Table = (typeof TABLES)[number];

/**
 * Computes the 5-minute and hourly rollups (min / exact avg / max / count) of complete buckets and deletes
 * what retention no longer keeps. Each step is its own small transaction; raw rows are never deleted before
 * they are rolled up, nor 5-minute rows before the hourly rollup read them.
 */
export class HistoryMaintenance {
  private readonly st;

  constructor(
    private readonly db: Db,
    private readonly store: SampleStore,
    private readonly retention: HistoryRetention,
    /** a bucket is rolled up once it ended this long ago (late samples of a round still arrive) */
    private readonly settleMs: number,
  ) {
    const join = (table: string) =>
      `FROM sample_series s CROSS JOIN ${table} r ON r.series = s.id WHERE r.t >= ? AND r.t < ?`;
    this.st = {
      rollup5m: db.prepare(
        `INSERT OR REPLACE INTO samples_5m (series, t, min, avg, max, n)
         SELECT r.series, r.t - r.t % ${ROLLUP_STEP['5m']} AS b, min(r.v), avg(r.v), max(r.v), count(r.v)
         ${join('samples_raw')} AND r.v IS NOT NULL GROUP BY r.series, b`,
      ),
      rollup1h: db.prepare(
        `INSERT OR REPLACE INTO samples_1h (series, t, min, avg, max, n)
         SELECT r.series, r.t - r.t % ${ROLLUP_STEP['1h']} AS b, min(r.min), sum(r.avg * r.n) / sum(r.n),
           max(r.max), sum(r.n)
         ${join('samples_5m')} GROUP BY r.series, b`,
      ),
      prune: Object.fromEntries(
        TABLES.map((table) => [
          table,
          db.prepare(
            `DELETE FROM ${table} WHERE (series, t) IN (SELECT r.series, r.t FROM sample_series s
             CROSS JOIN ${table} r ON r.series = s.id WHERE r.t < ? LIMIT ${PRUNE_BATCH_ROWS})`,
          ),
        ]),
      ) as Record<Table, ReturnType<Db['prepare']>>,
      pruneReboots: db.prepare('DELETE FROM device_reboots WHERE t < ?'),
    };
  }

  /** rolls up every complete bucket not yet rolled up; answers how many chunks it wrote */
  rollup(now: number): number {
    let chunks = 0;
    const target5m = floorTo(now - this.settleMs, ROLLUP_STEP['5m']);
    let done5m = this.store.rollupDoneUntil('5m');
    while (done5m !== undefined && done5m < target5m) {
      const from = done5m;
      const to = Math.min(target5m, floorTo(from, ROLLUP_CHUNK_MS) + ROLLUP_CHUNK_MS);
      this.db.transaction(() => {
        this.st.rollup5m.run(from, to);
        this.store.setRollupDoneUntil('5m', to);
      })();
      done5m = to;
      chunks++;
    }
    if (done5m === undefined) return chunks;
    const target1h = floorTo(done5m, ROLLUP_STEP['1h']);
    let done1h = this.store.rollupDoneUntil('1h');
    while (done1h !== undefined && done1h < target1h) {
      const from = done1h;
      const to = Math.min(target1h, from + HOUR_CHUNK_MS);
      this.db.transaction(() => {
        this.st.rollup1h.run(from, to);
        this.store.setRollupDoneUntil('1h', to);
      })();
      done1h = to;
      chunks++;
    }
    return chunks;
  }

  /** the cut-off time of each table at `now` (never past what the next rollup still has to read) */
  cutoffs(now: number): Record<Table, number> {
    const done5m = this.store.rollupDoneUntil('5m') ?? now;
    const done1h = this.store.rollupDoneUntil('1h') ?? now;
    return {
      samples_raw: Math.min(now - this.retention.rawMs, done5m),
      samples_5m: Math.min(now - this.retention.fiveMinMs, done1h),
      samples_1h: now - this.retention.hourMs,
      samples_text: now - this.retention.hourMs,
    };
  }

  /**
   * Deletes at most `maxBatches` batches of expired rows (each batch its own transaction of at most
   * PRUNE_BATCH_ROWS rows); answers how many rows, and whether more are left.
   */
  prune(now: number, maxBatches = 25): { deleted: number; more: boolean } {
    const cut = this.cutoffs(now);
    let deleted = 0;
    let batches = 0;
    for (const table of TABLES) {
      for (;;) {
        if (batches >= maxBatches) return { deleted, more: true };
        const n = this.st.prune[table].run(cut[table]).changes;
        batches++;
        deleted += n;
        if (n < PRUNE_BATCH_ROWS) break;
      }
    }
    deleted += this.st.pruneReboots.run(now - this.retention.fiveMinMs).changes;
    return { deleted, more: false };
  }
}
