import type { Statement } from 'better-sqlite3';
import type { Logger } from 'pino';
import type { Db } from '../../db/database';

/** One device log line as stored: `level` is the numeric level (10 DEBUG ... 40 ERROR). */
export interface LogRow {
  readonly dateTime: string;
  readonly ip: string;
  readonly name: string;
  readonly level: number;
  readonly tag: string;
  readonly message: string;
  readonly source: 'TCP' | 'MULTICAST';
}

export interface LogQuery {
  /** substring of name or ip */
  readonly device?: string | undefined;
  readonly tag?: string | undefined;
  readonly message?: string | undefined;
  readonly minLevel?: number | undefined;
  /** receive time range, ISO 8601 in UTC (as stored), ends included */
  readonly from?: string | undefined;
  readonly to?: string | undefined;
  readonly limit: number;
}

export interface LogStoreOptions {
  /** lines kept; older ones are deleted as new ones arrive */
  readonly retention: number;
  readonly flushIntervalMs?: number;
  /** a queue this long is flushed at once instead of waiting for the timer; also the most rows per transaction */
  readonly batchSize?: number;
  /** lines waiting beyond this are dropped (and counted) rather than exhausting memory */
  readonly maxQueue?: number;
}

function like(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Persists device log lines in batches: lines are queued in memory and written in one transaction with a
 * prepared statement on a short timer (or at once when a batch fills), so ingest never blocks per line.
 * `onPersisted` receives each written batch, in arrival order, for live delivery.
 */
export class LogStore {
  private queue: LogRow[] = [];
  private timer: NodeJS.Timeout | undefined;
  private immediate: NodeJS.Immediate | undefined;
  private insert: Statement | undefined;
  private prune: Statement | undefined;
  private running = false;
  dropped = 0;
  persisted = 0;

  constructor(
    private readonly db: Db,
    private readonly opts: LogStoreOptions,
    private readonly logger: Logger,
    private readonly onPersisted: (rows: readonly LogRow[]) => void,
  ) {}

  start(): void {
    this.insert = this.db.prepare(
      // Positional parameters: binding from an object costs about three times as much per row.
      'INSERT INTO device_logs (date_time, ip, name, level, tag, message, source) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    this.prune = this.db.prepare('DELETE FROM device_logs WHERE id <= ?');
    this.running = true;
  }

  /** Queues one line; false when the queue is full and the line was dropped. */
  add(row: LogRow): boolean {
    if (!this.running || this.queue.length >= (this.opts.maxQueue ?? 500_000)) {
      this.dropped++;
      return false;
    }
    this.queue.push(row);
    if (this.queue.length >= (this.opts.batchSize ?? 250)) {
      this.immediate ??= setImmediate(() => this.flush());
    } else {
      this.timer ??= setTimeout(() => this.flush(), this.opts.flushIntervalMs ?? 50);
    }
    return true;
  }

  /** Lines accepted and not yet written. */
  get queued(): number {
    return this.queue.length;
  }

  /** Writes everything queued now, one batch per transaction (also on stop: accepted lines are never lost). */
  flush(): void {
    this.writeBatch();
    while (!this.running && this.queue.length > 0) this.writeBatch();
  }

  /** Writes one batch; more waiting are written on the next turn of the event loop, so reads go on meanwhile. */
  private writeBatch(): void {
    if (this.timer) clearTimeout(this.timer);
    if (this.immediate) clearImmediate(this.immediate);
    this.timer = undefined;
    this.immediate = undefined;
    const insert = this.insert;
    const prune = this.prune;
    if (this.queue.length === 0 || !insert || !prune) return;
    const size = this.opts.batchSize ?? 250;
    const batch = this.queue.length <= size ? this.queue : this.queue.splice(0, size);
    if (batch === this.queue) this.queue = [];
    if (this.queue.length > 0 && this.running) this.immediate = setImmediate(() => this.flush());
    try {
      this.db.transaction(() => {
        let last = 0;
        for (const r of batch) {
          last = Number(
            insert.run(r.dateTime, r.ip, r.name, r.level, r.tag, r.message, r.source).lastInsertRowid,
          );
        }
        prune.run(last - this.opts.retention);
      })();
      this.persisted += batch.length;
    } catch (err) {
      this.dropped += batch.length;
      this.logger.error({ err, lines: batch.length }, 'writing device logs failed');
      return;
    }
    this.onPersisted(batch);
  }

  stop(): void {
    this.running = false;
    this.flush();
  }

  /** Newest first. */
  query(q: LogQuery): LogRow[] {
    const where: string[] = [];
    const args: (string | number)[] = [];
    if (q.device) {
      where.push("(name || ' ' || ip) LIKE ? ESCAPE '\\'");
      args.push(like(q.device));
    }
    if (q.tag) {
      where.push("tag LIKE ? ESCAPE '\\'");
      args.push(like(q.tag));
    }
    if (q.message) {
      where.push("message LIKE ? ESCAPE '\\'");
      args.push(like(q.message));
    }
    if (q.minLevel !== undefined) {
      where.push('level >= ?');
      args.push(q.minLevel);
    }
    // times are stored as toISOString() text, so text order is time order
    if (q.from !== undefined) {
      where.push('date_time >= ?');
      args.push(q.from);
    }
    if (q.to !== undefined) {
      where.push('date_time <= ?');
      args.push(q.to);
    }
    const sql = `SELECT date_time AS dateTime, ip, name, level, tag, message, source FROM device_logs
      ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY id DESC LIMIT ?`;
    return this.db.prepare<(string | number)[], LogRow>(sql).all(...args, q.limit);
  }

  count(): number {
    const row = this.db.prepare<[], { n: number }>('SELECT count(*) AS n FROM device_logs').get();
    return row?.n ?? 0;
  }
}
