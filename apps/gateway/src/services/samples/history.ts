import type { DeviceInfo, DeviceSample, HistoryResponse, OverviewRow } from '@st/protocol';
import type { Logger } from '@st/server-kit';
import type { Db } from '../../db/database';
import type { SeenDevice } from '../discovery/seenDevices';
import { HistoryReader } from './historyReader';
import { HistoryMaintenance, type HistoryRetention } from './maintenance';
import { SampleStore } from './sampleStore';

export interface SampleHistoryOptions {
  /** the sampling interval (raw step) */
  readonly intervalMs: number;
  readonly retention: HistoryRetention;
  /** queued samples are written at least this often */
  readonly flushMs?: number;
  /** rollups and pruning run this often */
  readonly maintenanceMs?: number;
  /** addresses the sampler must skip, from the config (the console adds more, kept in the database) */
  readonly excluded?: readonly string[];
}

const DAY = 24 * 3600_000;
const SPARK_CACHE_MS = 60_000;

/**
 * The gateway's sensor memory: stores what the sampler reads, keeps rollups and retention up to date on a
 * timer, and answers history, CSV export and the fleet overview.
 */
export class SampleHistory {
  readonly store: SampleStore;
  readonly maintenance: HistoryMaintenance;
  readonly reader: HistoryReader;
  private flushTimer: NodeJS.Timeout | undefined;
  private maintenanceTimer: NodeJS.Timeout | undefined;
  private readonly configExcluded: Set<string>;
  private readonly excludedStmt;
  private spark: { at: number; rows: Map<string, Pick<OverviewRow, 'spark' | 'sparkFrom'>> } | undefined;

  constructor(
    private readonly db: Db,
    private readonly opts: SampleHistoryOptions,
    private readonly logger: Logger,
  ) {
    this.store = new SampleStore(db);
    const settleMs = Math.max(15_000, Math.min(opts.intervalMs, 120_000));
    this.maintenance = new HistoryMaintenance(db, this.store, opts.retention, settleMs);
    this.reader = new HistoryReader(db, this.store, opts.retention, opts.intervalMs);
    this.configExcluded = new Set(opts.excluded ?? []);
    this.excludedStmt = {
      list: db.prepare('SELECT ip FROM sample_excluded'),
      add: db.prepare('INSERT OR IGNORE INTO sample_excluded (ip, created_at) VALUES (?, ?)'),
      remove: db.prepare('DELETE FROM sample_excluded WHERE ip = ?'),
    };
  }

  /** takes a sample (from the bus); written within `flushMs` */
  record(sample: DeviceSample): void {
    this.store.add(sample);
  }

  start(): void {
    this.flushTimer = setInterval(() => this.flushSafely(), this.opts.flushMs ?? 1000);
    this.maintenanceTimer = setInterval(() => this.maintain(Date.now()), this.opts.maintenanceMs ?? 60_000);
    this.flushTimer.unref();
    this.maintenanceTimer.unref();
  }

  stop(): void {
    clearInterval(this.flushTimer);
    clearInterval(this.maintenanceTimer);
    this.flushSafely();
  }

  private flushSafely(): void {
    try {
      this.store.flush();
    } catch (err) {
      this.logger.error({ err }, 'writing samples failed');
    }
  }

  /** one pass of rollups then pruning (pruning a backlog goes on in later passes) */
  maintain(now: number): void {
    try {
      this.store.flush();
      this.maintenance.rollup(now);
      const { more } = this.maintenance.prune(now);
      if (more) setImmediate(() => this.maintain(Date.now()));
    } catch (err) {
      this.logger.error({ err }, 'history maintenance failed');
    }
  }

  history(ip: string, sensor: string, from: number, to: number, now = Date.now()): HistoryResponse {
    this.store.flush();
    return this.reader.read(ip, sensor, from, to, now);
  }

  knows(ip: string): boolean {
    return this.store.hasDevice(ip);
  }

  isExcluded(ip: string): boolean {
    return this.configExcluded.has(ip) || this.excludedSet().has(ip);
  }

  setExcluded(ip: string, excluded: boolean): void {
    if (excluded) this.excludedStmt.add.run(ip, Date.now());
    else this.excludedStmt.remove.run(ip);
    this.cachedExcluded = undefined;
  }

  private cachedExcluded: Set<string> | undefined;
  private excludedSet(): Set<string> {
    this.cachedExcluded ??= new Set((this.excludedStmt.list.all() as { ip: string }[]).map((r) => r.ip));
    return this.cachedExcluded;
  }

  /**
   * One row per known device: found ones (online) first, then saved ones not heard now, then the ones seen
   * before and remembered (offline until forgotten). `lastSeen` is the later of the last beacon heard and the
   * last answer to the sampler.
   */
  overview(
    found: readonly DeviceInfo[],
    saved: readonly DeviceInfo[],
    seen: readonly SeenDevice[] = [],
    now = Date.now(),
  ): OverviewRow[] {
    this.store.flush();
    const sparks = this.sparklines(now);
    const reboots = new Map(
      (
        this.db
          .prepare('SELECT ip, count(*) AS n FROM device_reboots WHERE t >= ? GROUP BY ip')
          .all(now - DAY) as { ip: string; n: number }[]
      ).map((r) => [r.ip, r.n]),
    );
    const savedIps = new Set(saved.map((d) => d.ip));
    const heard = new Map(seen.map((s) => [s.device.ip, s.lastSeen]));
    const listed = new Set<string>();
    const rows: OverviewRow[] = [];
    for (const [list, online] of [
      [found, true],
      [saved, false],
      [seen.map((s) => s.device), false],
    ] as const) {
      for (const d of list) {
        if (listed.has(d.ip)) continue;
        listed.add(d.ip);
        const latest = this.store.latestOf(d.ip);
        const lastOk = latest?.lastOk ?? null;
        const heardAt = heard.get(d.ip) ?? null;
        const lastSeen = lastOk === null ? heardAt : heardAt === null ? lastOk : Math.max(lastOk, heardAt);
        const spark = sparks.get(d.ip);
        rows.push({
          ip: d.ip,
          name: d.name,
          type: d.type,
          board: d.board,
          version: d.version ?? null,
          stVersion: d.stVersion,
          online,
          saved: savedIps.has(d.ip),
          lastSeen,
          remembered: heard.has(d.ip),
          uptime: latest?.uptime ?? null,
          heap: latest?.heap ?? null,
          sensors: latest?.sensors ?? {},
          reboots24h: reboots.get(d.ip) ?? 0,
          spark: spark?.spark ?? {},
          sparkFrom: spark?.sparkFrom ?? now - DAY,
          excluded: this.isExcluded(d.ip),
        });
      }
    }
    return rows;
  }

  /** hourly averages of the last 24 h of every numeric sensor, recomputed at most once a minute */
  private sparklines(now: number): Map<string, Pick<OverviewRow, 'spark' | 'sparkFrom'>> {
    if (this.spark && now - this.spark.at < SPARK_CACHE_MS) return this.spark.rows;
    const rows = new Map<string, Pick<OverviewRow, 'spark' | 'sparkFrom'>>();
    for (const series of this.store.numericSensorSeries().values()) {
      const { from, values } = this.reader.hourly(series, now);
      if (values.every((v) => v === null)) continue;
      let row = rows.get(series.ip);
      if (!row) {
        row = { spark: {}, sparkFrom: from };
        rows.set(series.ip, row);
      }
      row.spark[series.name] = values.map((v) => (v === null ? null : Math.round(v * 100) / 100));
    }
    this.spark = { at: now, rows };
    return rows;
  }
}

/** CSV of a history answer: one line per point (gaps have empty values), or per change of a text sensor. */
export function historyCsv(h: HistoryResponse): string {
  const iso = (t: number) => new Date(t).toISOString();
  if (h.changes) {
    const quote = (s: string) => `"${s.replaceAll('"', '""')}"`;
    return (
      ['t,time,value', ...h.changes.map((c) => `${c.t},${iso(c.t)},${quote(c.v)}`)].join('\r\n') + '\r\n'
    );
  }
  const num = (v: number | null) => (v === null ? '' : String(v));
  const lines = h.points.map((p) => `${p.t},${iso(p.t)},${num(p.v)},${num(p.min)},${num(p.max)}`);
  return ['t,time,v,min,max', ...lines].join('\r\n') + '\r\n';
}
