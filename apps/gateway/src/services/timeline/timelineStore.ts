import { type TimelineEntry, type TimelineKind, type TimelineQuery, timelineKinds } from '@st/protocol';
import type { Db } from '../../db/database';

interface Row {
  id: number;
  ip: string;
  t: number;
  kind: TimelineKind;
  text: string;
  details: string | null;
}

/** What a recorder adds: the entry without its id; details land beside `t`, `kind` and `text`. */
export interface NewTimelineEntry {
  readonly ip: string;
  readonly t: number;
  readonly kind: TimelineKind;
  readonly text: string;
  readonly details?: Record<string, unknown>;
}

function toEntry(row: Row): TimelineEntry {
  let details: Record<string, unknown> = {};
  if (row.details) {
    try {
      const parsed: unknown = JSON.parse(row.details);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) details = { ...parsed };
    } catch {
      // a damaged details column still shows the entry itself
    }
  }
  return { ...details, id: row.id, t: row.t, ip: row.ip, kind: row.kind, text: row.text };
}

/** Device timelines in the gateway's SQLite file; at most `keepPerDevice` entries per device are kept. */
export class TimelineStore {
  private added = 0;

  constructor(
    private readonly db: Db,
    private readonly keepPerDevice = 5000,
  ) {}

  add(entry: NewTimelineEntry): TimelineEntry {
    const details =
      entry.details && Object.keys(entry.details).length > 0 ? JSON.stringify(entry.details) : null;
    const info = this.db
      .prepare('INSERT INTO device_timeline (ip, t, kind, text, details) VALUES (?, ?, ?, ?, ?)')
      .run(entry.ip, entry.t, entry.kind, entry.text, details);
    if (++this.added % 200 === 0) this.prune(entry.ip);
    return toEntry({
      id: Number(info.lastInsertRowid),
      ip: entry.ip,
      t: entry.t,
      kind: entry.kind,
      text: entry.text,
      details,
    });
  }

  /** Newest first: from <= t <= to (with `before`, strictly after the entry `to`/`before`), only `kinds`. */
  query(q: TimelineQuery): TimelineEntry[] {
    const where = ['ip = ?'];
    const args: (string | number)[] = [q.ip];
    if (q.from !== undefined) {
      where.push('t >= ?');
      args.push(q.from);
    }
    if (q.to !== undefined && q.before !== undefined) {
      // the next page after the entry (to, before): older, or as old with a smaller id
      where.push('(t < ? OR (t = ? AND id < ?))');
      args.push(q.to, q.to, q.before);
    } else if (q.to !== undefined) {
      where.push('t <= ?');
      args.push(q.to);
    } else if (q.before !== undefined) {
      where.push('id < ?');
      args.push(q.before);
    }
    const kinds = timelineKinds(q.kinds);
    if (kinds) {
      where.push(`kind IN (${kinds.map(() => '?').join(', ')})`);
      args.push(...kinds);
    }
    return this.db
      .prepare<(string | number)[], Row>(
        `SELECT id, ip, t, kind, text, details FROM device_timeline WHERE ${where.join(' AND ')}
         ORDER BY t DESC, id DESC LIMIT ?`,
      )
      .all(...args, q.limit)
      .map(toEntry);
  }

  /** How many entries of `kind` a device has at or after `since`. */
  count(ip: string, kind: TimelineKind, since: number): number {
    const row = this.db
      .prepare<[string, string, number], { n: number }>(
        'SELECT COUNT(*) AS n FROM device_timeline WHERE ip = ? AND kind = ? AND t >= ?',
      )
      .get(ip, kind, since);
    return row?.n ?? 0;
  }

  private prune(ip: string): void {
    this.db
      .prepare(
        `DELETE FROM device_timeline WHERE ip = ? AND id <= (
           SELECT id FROM device_timeline WHERE ip = ? ORDER BY id DESC LIMIT 1 OFFSET ?)`,
      )
      .run(ip, ip, this.keepPerDevice);
  }
}
