import type { DeviceSample, Sensors } from '@st/protocol';
import type { Db } from '../../db/database';
import { floorTo } from './buckets';

/** Kind of a stored series: a numeric sensor, a text sensor (changes only), or a metric (uptime, heap). */
export type SeriesKind = 'num' | 'text' | 'metric';

export interface Series {
  readonly id: number;
  readonly ip: string;
  readonly name: string;
  readonly kind: SeriesKind;
}

/** The latest reading of a device, as the overview shows it. */
export interface Latest {
  /** time of the latest round (answered or not) */
  t: number;
  /** time of the latest answer */
  lastOk: number | null;
  sensors: Sensors;
  uptime: number | null;
  heap: number | null;
  resetReason: string | null;
}

/** Series names of the metrics (sensor names cannot start with `$` on the firmware's JSON either way). */
export const METRIC_SERIES = { uptime: '$uptime', heap: '$heap' } as const;
export const ROLLUP_STEP = { '5m': 300_000, '1h': 3_600_000 } as const;
export type RollupLevel = keyof typeof ROLLUP_STEP;

/** uptime is a 32-bit millisecond counter: going from near 2^32 to near 0 is a wrap, not a reboot */
const UPTIME_WRAP_HIGH = 2 ** 32 - 3_600_000;
const UPTIME_WRAP_LOW = 3_600_000;

const key = (ip: string, name: string) => `${ip}\u0000${name}`;

/**
 * Writes samples into SQLite: numeric sensors, uptime and heap as raw rows (`v` NULL for a round the device
 * did not answer: a gap), text sensors only when they change, the latest reading per device, and a reboot
 * row whenever uptime goes backwards. Samples are queued and written in one transaction per flush.
 */
export class SampleStore {
  private readonly series = new Map<string, Series>();
  private readonly numericByIp = new Map<string, Set<number>>();
  private readonly lastText = new Map<number, string | null>();
  private readonly latest = new Map<string, Latest>();
  private pending: DeviceSample[] = [];
  private readonly st: ReturnType<typeof statements>;

  constructor(private readonly db: Db) {
    this.st = statements(db);
    for (const s of db.prepare('SELECT id, ip, name, kind FROM sample_series').all() as Series[]) {
      this.remember(s);
    }
    const rows = db.prepare('SELECT * FROM device_latest').all() as {
      ip: string;
      t: number;
      last_ok: number | null;
      sensors: string | null;
      uptime: number | null;
      heap: number | null;
      reset_reason: string | null;
    }[];
    for (const r of rows) {
      this.latest.set(r.ip, {
        t: r.t,
        lastOk: r.last_ok,
        sensors: r.sensors ? (JSON.parse(r.sensors) as Sensors) : {},
        uptime: r.uptime,
        heap: r.heap,
        resetReason: r.reset_reason,
      });
    }
  }

  /** queues a sample; it is written by the next flush() */
  add(sample: DeviceSample): void {
    this.pending.push(sample);
  }

  get pendingCount(): number {
    return this.pending.length;
  }

  /** writes every queued sample in one transaction; answers how many */
  flush(): number {
    const batch = this.pending;
    if (batch.length === 0) return 0;
    this.pending = [];
    this.db.transaction(() => {
      const first = Math.min(...batch.map((s) => s.t));
      for (const level of ['5m', '1h'] as const) {
        if (this.rollupDoneUntil(level) === undefined) {
          this.setRollupDoneUntil(level, floorTo(first, ROLLUP_STEP['1h']));
        }
      }
      for (const s of batch) this.write(s);
    })();
    return batch.length;
  }

  private write(s: DeviceSample): void {
    const prev = this.latest.get(s.ip);
    if (!s.ok) {
      for (const id of this.numericByIp.get(s.ip) ?? []) this.st.insertRaw.run(id, s.t, null);
      const next: Latest = prev ? { ...prev, t: s.t } : emptyLatest(s.t);
      this.saveLatest(s.ip, next);
      return;
    }
    for (const [name, v] of Object.entries(s.sensors ?? {})) {
      if (typeof v === 'number') {
        if (!Number.isFinite(v)) continue;
        const series = this.seriesFor(s.ip, name, 'num');
        if (series.kind === 'num') this.st.insertRaw.run(series.id, s.t, v);
      } else {
        const series = this.seriesFor(s.ip, name, 'text');
        if (series.kind !== 'text') continue;
        if (this.textBefore(series.id) !== v) {
          this.st.insertText.run(series.id, s.t, v);
          this.lastText.set(series.id, v);
        }
      }
    }
    if (s.uptime !== undefined) {
      this.st.insertRaw.run(this.seriesFor(s.ip, METRIC_SERIES.uptime, 'metric').id, s.t, s.uptime);
      const before = prev?.uptime;
      const wrapped =
        before !== null && before !== undefined && before > UPTIME_WRAP_HIGH && s.uptime < UPTIME_WRAP_LOW;
      if (before !== null && before !== undefined && s.uptime < before && !wrapped) {
        this.st.insertReboot.run(s.ip, s.t, s.resetReason ?? null);
      }
    }
    if (s.heap !== undefined) {
      this.st.insertRaw.run(this.seriesFor(s.ip, METRIC_SERIES.heap, 'metric').id, s.t, s.heap);
    }
    this.saveLatest(s.ip, {
      t: s.t,
      lastOk: s.t,
      sensors: s.sensors ?? prev?.sensors ?? {},
      uptime: s.uptime ?? null,
      heap: s.heap ?? null,
      resetReason: s.resetReason ?? null,
    });
  }

  private saveLatest(ip: string, l: Latest): void {
    this.latest.set(ip, l);
    this.st.upsertLatest.run({
      ip,
      t: l.t,
      lastOk: l.lastOk,
      sensors: JSON.stringify(l.sensors),
      uptime: l.uptime,
      heap: l.heap,
      resetReason: l.resetReason,
    });
  }

  private textBefore(id: number): string | null {
    if (!this.lastText.has(id)) {
      const row = this.st.lastText.get(id) as { v: string } | undefined;
      this.lastText.set(id, row?.v ?? null);
    }
    return this.lastText.get(id) ?? null;
  }

  private seriesFor(ip: string, name: string, kind: SeriesKind): Series {
    const found = this.series.get(key(ip, name));
    if (found) return found;
    const id = Number(this.st.insertSeries.run(ip, name, kind).lastInsertRowid);
    const s: Series = { id, ip, name, kind };
    this.remember(s);
    return s;
  }

  private remember(s: Series): void {
    this.series.set(key(s.ip, s.name), s);
    if (s.kind === 'text') return;
    let set = this.numericByIp.get(s.ip);
    if (!set) {
      set = new Set();
      this.numericByIp.set(s.ip, set);
    }
    set.add(s.id);
  }

  find(ip: string, name: string): Series | undefined {
    return this.series.get(key(ip, name));
  }

  hasDevice(ip: string): boolean {
    return this.latest.has(ip) || this.numericByIp.has(ip);
  }

  latestOf(ip: string): Latest | undefined {
    return this.latest.get(ip);
  }

  /** numeric sensor series, by id */
  numericSensorSeries(): Map<number, Series> {
    const out = new Map<number, Series>();
    for (const s of this.series.values()) if (s.kind === 'num') out.set(s.id, s);
    return out;
  }

  rollupDoneUntil(level: RollupLevel): number | undefined {
    return (this.st.rollupState.get(level) as { t: number } | undefined)?.t;
  }

  setRollupDoneUntil(level: RollupLevel, t: number): void {
    this.st.setRollupState.run(level, t);
  }
}

function emptyLatest(t: number): Latest {
  return { t, lastOk: null, sensors: {}, uptime: null, heap: null, resetReason: null };
}

function statements(db: Db) {
  return {
    insertSeries: db.prepare('INSERT INTO sample_series (ip, name, kind) VALUES (?, ?, ?)'),
    insertRaw: db.prepare('INSERT OR REPLACE INTO samples_raw (series, t, v) VALUES (?, ?, ?)'),
    insertText: db.prepare('INSERT OR REPLACE INTO samples_text (series, t, v) VALUES (?, ?, ?)'),
    lastText: db.prepare('SELECT v FROM samples_text WHERE series = ? ORDER BY t DESC LIMIT 1'),
    upsertLatest: db.prepare(
      `INSERT INTO device_latest (ip, t, last_ok, sensors, uptime, heap, reset_reason)
       VALUES (@ip, @t, @lastOk, @sensors, @uptime, @heap, @resetReason)
       ON CONFLICT (ip) DO UPDATE SET t = excluded.t, last_ok = excluded.last_ok, sensors = excluded.sensors,
         uptime = excluded.uptime, heap = excluded.heap, reset_reason = excluded.reset_reason`,
    ),
    insertReboot: db.prepare('INSERT OR IGNORE INTO device_reboots (ip, t, reset_reason) VALUES (?, ?, ?)'),
    rollupState: db.prepare('SELECT done_until AS t FROM sample_rollups WHERE level = ?'),
    setRollupState: db.prepare(
      'INSERT INTO sample_rollups (level, done_until) VALUES (?, ?) ON CONFLICT (level) DO UPDATE SET done_until = excluded.done_until',
    ),
  };
}
