import type { DeviceInfo } from '@st/protocol';
import type { Db } from '../../db/database';

export interface SeenDevice {
  readonly device: DeviceInfo;
  /** when it was last heard (epoch ms) */
  readonly lastSeen: number;
}

/**
 * Every device the gateway has heard, kept in SQLite across restarts until the user forgets it: the fleet
 * overview lists a silent one as offline with when it was last heard, rather than dropping it. Written when a
 * device is found (its info may have changed), when it is lost, and in one transaction per `touch` of the
 * devices heard now (not per beacon).
 */
export class SeenDevices {
  private readonly stmt;

  constructor(private readonly db: Db) {
    this.stmt = {
      upsert: db.prepare(
        `INSERT INTO seen_devices (ip, device, first_seen, last_seen) VALUES (?, ?, ?, ?)
         ON CONFLICT (ip) DO UPDATE SET device = excluded.device, last_seen = max(last_seen, excluded.last_seen)`,
      ),
      touch: db.prepare('UPDATE seen_devices SET last_seen = max(last_seen, ?) WHERE ip = ?'),
      list: db.prepare('SELECT device, last_seen FROM seen_devices'),
      forget: db.prepare('DELETE FROM seen_devices WHERE ip = ?'),
    };
  }

  remember(device: DeviceInfo, at: number): void {
    this.stmt.upsert.run(device.ip, JSON.stringify(device), at, at);
  }

  /** The devices heard now, with when each was last heard. */
  touch(heard: ReadonlyArray<{ ip: string; at: number }>): void {
    if (heard.length === 0) return;
    this.db.transaction(() => {
      for (const h of heard) this.stmt.touch.run(h.at, h.ip);
    })();
  }

  list(): SeenDevice[] {
    return (this.stmt.list.all() as { device: string; last_seen: number }[]).map((r) => ({
      device: JSON.parse(r.device) as DeviceInfo,
      lastSeen: r.last_seen,
    }));
  }

  /** true when it was remembered */
  forget(ip: string): boolean {
    return this.stmt.forget.run(ip).changes > 0;
  }
}
