import { DeviceInfoSchema, type SavedDevice } from '@st/protocol';
import type { Db } from '../../db/database';

interface Row {
  id: string;
  info: string;
}

function toSaved(row: Row): SavedDevice | undefined {
  let json: unknown;
  try {
    json = JSON.parse(row.info);
  } catch {
    return undefined;
  }
  const info = DeviceInfoSchema.safeParse(json);
  return info.success ? { ...info.data, id: row.id } : undefined;
}

/** Saved devices in SQLite, one row per device address. A row that no longer parses is skipped, not fatal. */
export class SavedDevicesRepo {
  constructor(private readonly db: Db) {}

  list(): SavedDevice[] {
    const rows = this.db.prepare<[], Row>('SELECT id, info FROM saved_devices ORDER BY created_at, id').all();
    return rows.map(toSaved).filter((d): d is SavedDevice => d !== undefined);
  }

  byIp(ip: string): SavedDevice | undefined {
    const row = this.db.prepare<[string], Row>('SELECT id, info FROM saved_devices WHERE ip = ?').get(ip);
    return row ? toSaved(row) : undefined;
  }

  byName(name: string): SavedDevice | undefined {
    return this.list().find((d) => d.name === name);
  }

  insert(device: SavedDevice): void {
    const { id, ...info } = device;
    const now = Date.now();
    this.db
      .prepare('INSERT INTO saved_devices (id, ip, info, created_at, updated_at) VALUES (?, ?, ?, ?, ?)')
      .run(id, device.ip, JSON.stringify(info), now, now);
  }

  update(device: SavedDevice): void {
    const { id, ...info } = device;
    this.db
      .prepare('UPDATE saved_devices SET info = ?, updated_at = ? WHERE id = ?')
      .run(JSON.stringify(info), Date.now(), id);
  }

  deleteByIp(ip: string): boolean {
    return this.db.prepare('DELETE FROM saved_devices WHERE ip = ?').run(ip).changes > 0;
  }
}
