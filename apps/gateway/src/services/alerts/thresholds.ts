import { ALERT_THRESHOLDS_MAX, type AlertDeviceThreshold, ApiError } from '@st/protocol';
import type { Db } from '../../db/database';

/**
 * Devices with their own offline threshold (seconds), in SQLite: a device-offline alert for such a device
 * comes after its own threshold instead of the rules' `deviceOfflineAfter`. At most ALERT_THRESHOLDS_MAX.
 */
export class DeviceThresholds {
  private cached: Map<string, number> | undefined;

  constructor(private readonly db: Db) {}

  private map(): Map<string, number> {
    if (this.cached) return this.cached;
    const rows = this.db
      .prepare<[], { ip: string; offline_after: number }>(
        'SELECT ip, offline_after FROM alert_device_thresholds',
      )
      .all();
    this.cached = new Map(rows.map((r) => [r.ip, r.offline_after]));
    return this.cached;
  }

  /** the device's own threshold in seconds, or undefined (the global one applies) */
  offlineAfter(ip: string): number | undefined {
    return this.map().get(ip);
  }

  list(): AlertDeviceThreshold[] {
    return [...this.map()]
      .map(([ip, offlineAfter]) => ({ ip, offlineAfter }))
      .sort((a, b) => a.ip.localeCompare(b.ip, 'en', { numeric: true }));
  }

  /** Sets (or with null removes) one device's threshold; 409 ALERT_THRESHOLDS_FULL past the limit. */
  set(ip: string, offlineAfter: number | null): AlertDeviceThreshold[] {
    const map = this.map();
    if (offlineAfter === null) {
      this.db.prepare('DELETE FROM alert_device_thresholds WHERE ip = ?').run(ip);
      map.delete(ip);
      return this.list();
    }
    if (!map.has(ip) && map.size >= ALERT_THRESHOLDS_MAX) throw new ApiError('ALERT_THRESHOLDS_FULL');
    this.db
      .prepare(
        'INSERT INTO alert_device_thresholds (ip, offline_after) VALUES (?, ?) ON CONFLICT (ip) DO UPDATE SET offline_after = excluded.offline_after',
      )
      .run(ip, offlineAfter);
    map.set(ip, offlineAfter);
    return this.list();
  }
}
