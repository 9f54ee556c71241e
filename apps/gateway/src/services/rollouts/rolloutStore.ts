import type { Rollout, RolloutDevice } from '@st/protocol';
import type { Db } from '../../db/database';

/** A rollout as kept: everything but its devices, and the failures the user accepted per wave by resuming. */
export type StoredRollout = Omit<Rollout, 'devices' | 'waves'> & {
  /** devices per wave (fixed when the rollout is created) */
  readonly sizes: number[];
  /** failed devices of each wave the user resumed past (they no longer count against its limit) */
  accepted: number[];
};

/** A device as kept: with when its soak began (clock ms), so a restart continues it. */
export type StoredDevice = RolloutDevice & { soakSince?: number };

/** Rollouts and their devices in SQLite (`rollouts`, `rollout_devices`); every change is written at once. */
export class RolloutStore {
  constructor(private readonly db: Db) {}

  insert(rollout: StoredRollout, devices: readonly StoredDevice[]): void {
    this.db.transaction(() => {
      this.db
        .prepare('INSERT INTO rollouts (id, body, state, created_at) VALUES (?, ?, ?, ?)')
        .run(rollout.id, JSON.stringify(rollout), rollout.state, Date.parse(rollout.createdAt));
      const put = this.db.prepare('INSERT INTO rollout_devices (rollout_id, ip, body) VALUES (?, ?, ?)');
      for (const d of devices) put.run(rollout.id, d.ip, JSON.stringify(d));
    })();
  }

  saveRollout(rollout: StoredRollout): void {
    this.db
      .prepare('UPDATE rollouts SET body = ?, state = ? WHERE id = ?')
      .run(JSON.stringify(rollout), rollout.state, rollout.id);
  }

  saveDevices(id: string, devices: readonly StoredDevice[]): void {
    if (devices.length === 0) return;
    const put = this.db.prepare('UPDATE rollout_devices SET body = ? WHERE rollout_id = ? AND ip = ?');
    this.db.transaction(() => {
      for (const d of devices) put.run(JSON.stringify(d), id, d.ip);
    })();
  }

  /** Rollouts in these states, oldest first. */
  byState(states: readonly string[]): StoredRollout[] {
    const marks = states.map(() => '?').join(', ');
    return (
      this.db
        .prepare(`SELECT body FROM rollouts WHERE state IN (${marks}) ORDER BY created_at, id`)
        .all(...states) as Array<{ body: string }>
    ).map((r) => JSON.parse(r.body) as StoredRollout);
  }

  /** Every rollout, newest first. */
  all(): StoredRollout[] {
    return (
      this.db.prepare('SELECT body FROM rollouts ORDER BY created_at DESC, id DESC').all() as Array<{
        body: string;
      }>
    ).map((r) => JSON.parse(r.body) as StoredRollout);
  }

  get(id: string): StoredRollout | undefined {
    const row = this.db.prepare('SELECT body FROM rollouts WHERE id = ?').get(id) as
      | { body: string }
      | undefined;
    return row ? (JSON.parse(row.body) as StoredRollout) : undefined;
  }

  devices(id: string): StoredDevice[] {
    return (
      this.db
        .prepare('SELECT body FROM rollout_devices WHERE rollout_id = ? ORDER BY rowid')
        .all(id) as Array<{
        body: string;
      }>
    ).map((r) => JSON.parse(r.body) as StoredDevice);
  }

  delete(id: string): void {
    this.db.prepare('DELETE FROM rollouts WHERE id = ?').run(id);
  }
}
