import { ApiError, type DeviceTagMap, TAG_LIMITS } from '@st/protocol';
import type { Db } from '../../db/database';

interface Row {
  ip: string;
  tags: string;
}

/**
 * Device tags in SQLite (`device_tags`, one row per device address that has tags; the order a user gave is
 * kept). Read through an in-memory copy: the device lists ask for every device's tags on each call.
 */
export class DeviceTags {
  private readonly byIp = new Map<string, readonly string[]>();

  constructor(
    private readonly db: Db,
    /** told after a device's tags changed (the Home Assistant bridge republishes its device info) */
    private readonly changed: (ip: string, tags: readonly string[]) => void = () => undefined,
  ) {
    for (const row of db.prepare('SELECT ip, tags FROM device_tags').all() as Row[]) {
      const tags = parseTags(row.tags);
      if (tags.length > 0) this.byIp.set(row.ip, tags);
    }
  }

  of(ip: string): readonly string[] {
    return this.byIp.get(ip) ?? [];
  }

  has(ip: string, tag: string): boolean {
    return this.of(ip).includes(tag);
  }

  /** Devices (or overview rows) with their tags; with `tag`, only those carrying it. */
  annotate<T extends { readonly ip: string }>(
    devices: readonly T[],
    tag?: string,
  ): Array<T & { tags?: string[] }> {
    const out: Array<T & { tags?: string[] }> = [];
    for (const d of devices) {
      const tags = this.byIp.get(d.ip);
      if (tag !== undefined && !tags?.includes(tag)) continue;
      out.push(tags ? { ...d, tags: [...tags] } : d);
    }
    return out;
  }

  all(): DeviceTagMap {
    return Object.fromEntries([...this.byIp].map(([ip, tags]) => [ip, [...tags]]));
  }

  /** The device's tags from now on (an empty list removes its row). */
  set(ip: string, tags: readonly string[]): readonly string[] {
    this.db.transaction(() => this.write(ip, [...new Set(tags)]))();
    this.changed(ip, this.of(ip));
    return this.of(ip);
  }

  /** Adds and removes tags on each device in one transaction; answers the devices' tags now. */
  bulk(ips: readonly string[], add: readonly string[], remove: readonly string[]): DeviceTagMap {
    const drop = new Set(remove);
    const touched: string[] = [];
    this.db.transaction(() => {
      for (const ip of new Set(ips)) {
        const before = this.of(ip);
        const next = [...new Set([...before.filter((t) => !drop.has(t)), ...add])];
        if (next.length > TAG_LIMITS.perDevice)
          throw new ApiError('VALIDATION_FAILED', `${ip} would carry more than ${TAG_LIMITS.perDevice} tags`);
        if (next.length === before.length && next.every((t, i) => t === before[i])) continue;
        this.write(ip, next);
        touched.push(ip);
      }
    })();
    for (const ip of touched) this.changed(ip, this.of(ip));
    return Object.fromEntries([...new Set(ips)].map((ip) => [ip, [...this.of(ip)]]));
  }

  /** Tags from a backup archive: each device gains the tags it lacks (none is removed). */
  merge(tags: DeviceTagMap): number {
    let changed = 0;
    for (const [ip, list] of Object.entries(tags)) {
      const before = this.of(ip);
      const next = [...new Set([...before, ...list])].slice(0, TAG_LIMITS.perDevice);
      if (next.length === before.length) continue;
      this.set(ip, next);
      changed++;
    }
    return changed;
  }

  private write(ip: string, tags: readonly string[]): void {
    if (tags.length === 0) {
      this.db.prepare('DELETE FROM device_tags WHERE ip = ?').run(ip);
      this.byIp.delete(ip);
      return;
    }
    this.db
      .prepare(
        'INSERT INTO device_tags (ip, tags, updated_at) VALUES (?, ?, ?) ' +
          'ON CONFLICT (ip) DO UPDATE SET tags = excluded.tags, updated_at = excluded.updated_at',
      )
      .run(ip, JSON.stringify(tags), Date.now());
    this.byIp.set(ip, [...tags]);
  }
}

function parseTags(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}
