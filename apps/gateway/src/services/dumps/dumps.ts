import { randomUUID } from 'node:crypto';
import {
  ApiError,
  BackupSource,
  type DeviceInfo,
  DeviceInfoSchema,
  parseSettingsDump,
  type SettingsDumpRecord,
} from '@st/protocol';
import type { Db } from '../../db/database';

/** A `settings_dumps` row as both the dumps list and the backups read it. */
export interface DumpRow {
  id: string;
  device: string;
  dump: string;
  creation_date_time: string;
  source: string;
}

const COLUMNS = 'id, device, dump, creation_date_time, source';

/** The row as a record; undefined when its stored device no longer parses. */
export function toRecord(row: DumpRow): SettingsDumpRecord | undefined {
  let json: unknown;
  try {
    json = JSON.parse(row.device);
  } catch {
    return undefined;
  }
  const device = DeviceInfoSchema.safeParse(json);
  if (!device.success) return undefined;
  const source = BackupSource.catch('manual').parse(row.source);
  return {
    id: row.id,
    device: device.data,
    dump: row.dump,
    creationDateTime: row.creation_date_time,
    source,
  };
}

/** Saved device settings dumps (exported by a device, kept to import later). Newest first. */
export class SettingsDumps {
  constructor(
    private readonly db: Db,
    /** told after each saved dump (the backups service copies it to the cloud) */
    private readonly onCreated: (record: SettingsDumpRecord) => void = () => undefined,
  ) {}

  list(): SettingsDumpRecord[] {
    return this.db
      .prepare<[], DumpRow>(`SELECT ${COLUMNS} FROM settings_dumps ORDER BY created_at DESC, rowid DESC`)
      .all()
      .map(toRecord)
      .filter((r): r is SettingsDumpRecord => r !== undefined);
  }

  get(id: string): SettingsDumpRecord | undefined {
    const row = this.db
      .prepare<[string], DumpRow>(`SELECT ${COLUMNS} FROM settings_dumps WHERE id = ?`)
      .get(id);
    return row ? toRecord(row) : undefined;
  }

  /** Refuses an empty dump and one the settings-dump codec cannot read. */
  create(device: DeviceInfo, dumpText: string): SettingsDumpRecord {
    const dump = dumpText.trim();
    if (dump === '') throw new ApiError('DUMP_EMPTY', "Dump can't be blank!");
    const parsed = parseSettingsDump(dump);
    if (!parsed.ok) throw new ApiError('DUMP_INVALID', `This is not a device settings dump: ${parsed.error}`);
    const record: SettingsDumpRecord = {
      id: randomUUID(),
      device,
      dump,
      creationDateTime: new Date().toISOString(),
      source: 'manual',
    };
    this.db
      .prepare(
        `INSERT INTO settings_dumps (id, device, dump, creation_date_time, created_at, source, device_ip)
         VALUES (?, ?, ?, ?, ?, 'manual', ?)`,
      )
      .run(record.id, JSON.stringify(device), dump, record.creationDateTime, Date.now(), device.ip);
    this.onCreated(record);
    return record;
  }

  delete(id: string): void {
    const changes = this.db.prepare('DELETE FROM settings_dumps WHERE id = ?').run(id).changes;
    if (changes === 0) throw new ApiError('DUMP_NOT_FOUND', `Device settings with id=${id} not found`);
  }
}
