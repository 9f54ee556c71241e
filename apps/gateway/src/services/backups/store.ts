import {
  BackupCopy,
  BackupRunResult,
  BackupSchedule,
  DateTime,
  DEFAULT_BACKUP_SCHEDULE,
  type SettingsDumpRecord,
} from '@st/protocol';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { type DumpRow, toRecord } from '../dumps/dumps';

interface Row extends DumpRow {
  device_ip: string;
}

const COLUMNS = 'id, device, dump, creation_date_time, source, device_ip';
const LastRun = BackupRunResult.extend({ at: DateTime });
export type LastRun = z.infer<typeof LastRun>;

function toCopy(row: Row): BackupCopy | undefined {
  const record = toRecord(row);
  return record === undefined
    ? undefined
    : { ...record, source: record.source ?? 'manual', ip: row.device_ip };
}

export function copyToRecord(c: BackupCopy): SettingsDumpRecord {
  return { id: c.id, device: c.device, dump: c.dump, creationDateTime: c.creationDateTime, source: c.source };
}

function readJson<T>(schema: z.ZodType<T>, text: string | undefined): T | undefined {
  if (text === undefined) return undefined;
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Backup versions in the settings-dumps table (one row per version, keyed by device address), the schedule
 * and last run, and the devices a run could not reach. Every write is one statement or one transaction.
 */
export class BackupStore {
  constructor(private readonly db: Db) {}

  latest(ip: string): BackupCopy | undefined {
    const row = this.db
      .prepare<[string], Row>(
        `SELECT ${COLUMNS} FROM settings_dumps WHERE device_ip = ? ORDER BY created_at DESC, rowid DESC LIMIT 1`,
      )
      .get(ip);
    return row ? toCopy(row) : undefined;
  }

  byId(id: string): BackupCopy | undefined {
    const row = this.db.prepare<[string], Row>(`SELECT ${COLUMNS} FROM settings_dumps WHERE id = ?`).get(id);
    return row ? toCopy(row) : undefined;
  }

  versions(ip: string): BackupCopy[] {
    return this.db
      .prepare<[string], Row>(
        `SELECT ${COLUMNS} FROM settings_dumps WHERE device_ip = ? ORDER BY created_at DESC, rowid DESC`,
      )
      .all(ip)
      .map(toCopy)
      .filter((c): c is BackupCopy => c !== undefined);
  }

  /** The newest version of every device, with how many versions it has. */
  latestAll(): { copy: BackupCopy; versions: number }[] {
    const rows = this.db
      .prepare<[], Row & { versions: number }>(
        `SELECT ${COLUMNS}, versions FROM (
           SELECT *, COUNT(*) OVER (PARTITION BY device_ip) AS versions,
             ROW_NUMBER() OVER (PARTITION BY device_ip ORDER BY created_at DESC, rowid DESC) AS n
           FROM settings_dumps WHERE device_ip <> ''
         ) WHERE n = 1 ORDER BY device_ip`,
      )
      .all();
    const out: { copy: BackupCopy; versions: number }[] = [];
    for (const row of rows) {
      const copy = toCopy(row);
      if (copy) out.push({ copy, versions: row.versions });
    }
    return out;
  }

  /** Stores one version; a copy whose id is already here is skipped (false). */
  insert(copy: BackupCopy, cloudPushed: boolean): boolean {
    return (
      this.db
        .prepare(
          `INSERT OR IGNORE INTO settings_dumps
             (id, device, dump, creation_date_time, created_at, source, device_ip, cloud_pushed)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          copy.id,
          JSON.stringify(copy.device),
          copy.dump,
          copy.creationDateTime,
          Date.parse(copy.creationDateTime),
          copy.source,
          copy.ip,
          cloudPushed ? 1 : 0,
        ).changes > 0
    );
  }

  /** Stores many (an uploaded archive, a cloud pull) in one transaction; answers how many were new. */
  insertAll(copies: readonly BackupCopy[], cloudPushed: boolean): number {
    return this.db.transaction(() => copies.filter((c) => this.insert(c, cloudPushed)).length)();
  }

  /** Keeps the `keep` newest non-manual versions of a device; manual exports are never pruned. */
  prune(ip: string, keep: number): number {
    return this.db
      .prepare(
        `DELETE FROM settings_dumps WHERE device_ip = ? AND source <> 'manual' AND id NOT IN (
           SELECT id FROM settings_dumps WHERE device_ip = ? AND source <> 'manual'
           ORDER BY created_at DESC, rowid DESC LIMIT ?
         )`,
      )
      .run(ip, ip, keep).changes;
  }

  /**
   * Versions made here that the cloud has not been sent yet, oldest first. A row outside the backup limits
   * (BackupCopy: stored before them) is never sent, since the cloud does not keep it: it is marked sent and left out.
   */
  unpushed(limit: number): BackupCopy[] {
    const rows = this.db
      .prepare<[number], Row>(
        `SELECT ${COLUMNS} FROM settings_dumps WHERE cloud_pushed = 0 AND device_ip <> ''
         ORDER BY created_at, rowid LIMIT ?`,
      )
      .all(limit);
    const out: BackupCopy[] = [];
    for (const row of rows) {
      const copy = BackupCopy.safeParse(toCopy(row));
      if (copy.success) out.push(copy.data);
      else this.markPushed(row.id);
    }
    return out;
  }

  markPushed(id: string): void {
    this.db.prepare('UPDATE settings_dumps SET cloud_pushed = 1 WHERE id = ?').run(id);
  }

  schedule(): BackupSchedule {
    return readJson(BackupSchedule, this.state('schedule')) ?? DEFAULT_BACKUP_SCHEDULE;
  }

  setSchedule(schedule: BackupSchedule): void {
    this.setState('schedule', JSON.stringify(schedule));
  }

  lastRun(): LastRun | undefined {
    return readJson(LastRun, this.state('lastRun'));
  }

  setLastRun(run: LastRun): void {
    this.setState('lastRun', JSON.stringify(run));
  }

  pending(): Map<string, string> {
    const rows = this.db
      .prepare<[], { ip: string; error: string }>('SELECT ip, error FROM backup_pending')
      .all();
    return new Map(rows.map((r) => [r.ip, r.error]));
  }

  isPending(ip: string): boolean {
    return this.db.prepare('SELECT 1 FROM backup_pending WHERE ip = ?').get(ip) !== undefined;
  }

  setPending(ip: string, error: string): void {
    this.db
      .prepare(
        `INSERT INTO backup_pending (ip, error, since) VALUES (?, ?, ?)
         ON CONFLICT (ip) DO UPDATE SET error = excluded.error`,
      )
      .run(ip, error, Date.now());
  }

  clearPending(ip: string): void {
    this.db.prepare('DELETE FROM backup_pending WHERE ip = ?').run(ip);
  }

  private state(key: string): string | undefined {
    return this.db
      .prepare<[string], { value: string }>('SELECT value FROM backup_state WHERE key = ?')
      .get(key)?.value;
  }

  private setState(key: string, value: string): void {
    this.db
      .prepare(
        'INSERT INTO backup_state (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
      )
      .run(key, value);
  }
}
