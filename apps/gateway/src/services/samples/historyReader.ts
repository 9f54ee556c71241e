import { HISTORY, type HistoryPoint, type HistoryResolution, type HistoryResponse } from '@st/protocol';
import type { Db } from '../../db/database';
import { type BucketRow, bucketPoint, floorTo, mergeBuckets, withGaps } from './buckets';
import type { HistoryRetention } from './maintenance';
import { METRIC_SERIES, ROLLUP_STEP, type SampleStore, type Series } from './sampleStore';

interface Level {
  readonly resolution: HistoryResolution;
  readonly step: number;
  readonly keepMs: number;
}

/** about this many points: a range may give up to 20% more than the target before a coarser level is used */
const SLACK = 1.2;
const HOUR = ROLLUP_STEP['1h'];

/** Reads history: picks the finest level that covers the range in about 1,000 points, marks gaps. */
export class HistoryReader {
  private readonly st;

  constructor(
    db: Db,
    private readonly store: SampleStore,
    private readonly retention: HistoryRetention,
    private readonly intervalMs: number,
  ) {
    const grouped = (table: string, step: number, sum: string, where = '') =>
      db.prepare(
        `SELECT t - t % ${step} AS t, min(${table === 'samples_raw' ? 'v' : 'min'}) AS min,
           max(${table === 'samples_raw' ? 'v' : 'max'}) AS max, ${sum} AS sum,
           ${table === 'samples_raw' ? 'count(v)' : 'sum(n)'} AS n
         FROM ${table} WHERE series = ? AND t >= ? AND t < ? ${where} GROUP BY 1 ORDER BY 1`,
      );
    this.st = {
      raw: db.prepare('SELECT t, v FROM samples_raw WHERE series = ? AND t >= ? AND t < ? ORDER BY t'),
      rollup5m: db.prepare(
        'SELECT t, min, max, avg * n AS sum, n FROM samples_5m WHERE series = ? AND t >= ? AND t < ? ORDER BY t',
      ),
      rollup1h: db.prepare(
        'SELECT t, min, max, avg * n AS sum, n FROM samples_1h WHERE series = ? AND t >= ? AND t < ? ORDER BY t',
      ),
      rawBy5m: grouped('samples_raw', ROLLUP_STEP['5m'], 'sum(v)', 'AND v IS NOT NULL'),
      rawBy1h: grouped('samples_raw', HOUR, 'sum(v)', 'AND v IS NOT NULL'),
      fiveBy1h: grouped('samples_5m', HOUR, 'sum(avg * n)'),
      textChanges: db.prepare(
        'SELECT t, v FROM samples_text WHERE series = ? AND t >= ? AND t < ? ORDER BY t',
      ),
      textBefore: db.prepare(
        'SELECT t, v FROM samples_text WHERE series = ? AND t < ? ORDER BY t DESC LIMIT 1',
      ),
    };
  }

  private levels(): Level[] {
    return [
      { resolution: 'raw', step: this.intervalMs, keepMs: this.retention.rawMs },
      { resolution: '5m', step: ROLLUP_STEP['5m'], keepMs: this.retention.fiveMinMs },
      { resolution: '1h', step: HOUR, keepMs: this.retention.hourMs },
    ];
  }

  /** the finest level whose retention covers `from` and whose step gives about HISTORY.targetPoints */
  chooseLevel(from: number, to: number, now: number): Level {
    const levels = this.levels();
    const fits = levels.find(
      (l) => (to - from) / l.step <= HISTORY.targetPoints * SLACK && from >= now - l.keepMs,
    );
    return fits ?? (levels[levels.length - 1] as Level);
  }

  /** `sensor` is a sensor name, or `uptime` / `heap` */
  read(ip: string, sensor: string, from: number, to: number, now: number): HistoryResponse {
    const metric = (HISTORY.metrics as readonly string[]).includes(sensor)
      ? METRIC_SERIES[sensor as keyof typeof METRIC_SERIES]
      : undefined;
    const series = this.store.find(ip, metric ?? sensor);
    const level = this.chooseLevel(from, to, now);
    const base = { ip, sensor, from, to, step: level.step, resolution: level.resolution };
    if (!series) return { ...base, points: [] };
    if (series.kind === 'text') return { ...base, points: [], changes: this.changes(series, from, to) };
    const maxGap = Math.max(level.step * 1.5, this.intervalMs * 2.5);
    return { ...base, points: withGaps(this.points(series, level, from, to), level.step, maxGap) };
  }

  private points(series: Series, level: Level, from: number, to: number): HistoryPoint[] {
    const id = series.id;
    if (level.resolution === 'raw') {
      const rows = this.st.raw.all(id, from, to) as { t: number; v: number | null }[];
      return rows.map((r) => ({ t: r.t, v: r.v, min: r.v, max: r.v }));
    }
    const done5m = this.store.rollupDoneUntil('5m') ?? from;
    const start = floorTo(from, level.step);
    if (level.resolution === '5m') {
      const rolled = this.st.rollup5m.all(id, start, Math.min(to, done5m)) as BucketRow[];
      const fresh = this.st.rawBy5m.all(id, Math.max(start, done5m), to) as BucketRow[];
      return mergeBuckets(rolled, fresh).map(bucketPoint);
    }
    const done1h = Math.min(this.store.rollupDoneUntil('1h') ?? from, done5m);
    const rolled = this.st.rollup1h.all(id, start, Math.min(to, done1h)) as BucketRow[];
    const mid = this.st.fiveBy1h.all(id, Math.max(start, done1h), Math.min(to, done5m)) as BucketRow[];
    const fresh = this.st.rawBy1h.all(id, Math.max(start, done5m), to) as BucketRow[];
    return mergeBuckets(rolled, mid, fresh).map(bucketPoint);
  }

  private changes(series: Series, from: number, to: number): { t: number; v: string }[] {
    const before = this.st.textBefore.get(series.id, from) as { t: number; v: string } | undefined;
    const within = this.st.textChanges.all(series.id, from, to) as { t: number; v: string }[];
    return before ? [{ t: from, v: before.v }, ...within] : within;
  }

  /** hourly averages of the last 24 h of one numeric series (for sparklines), oldest first */
  hourly(series: Series, now: number): { from: number; values: (number | null)[] } {
    const from = floorTo(now, HOUR) - 23 * HOUR;
    const points = this.points(series, { resolution: '1h', step: HOUR, keepMs: 0 }, from, now + 1);
    const values: (number | null)[] = Array.from({ length: 24 }, () => null);
    for (const p of points) {
      const i = Math.round((p.t - from) / HOUR);
      if (i >= 0 && i < 24) values[i] = p.v;
    }
    return { from, values };
  }
}
