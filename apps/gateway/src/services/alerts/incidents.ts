import type { Db } from '../../db/database';

/** Open incidents (one alert per incident): `offline:IP`, `crash:IP`; survive a restart. */
export class Incidents {
  constructor(private readonly db: Db) {}

  /** Opens the incident; false when it is already open (nothing to alert). */
  open(key: string, ip: string, kind: string, at: number): boolean {
    const info = this.db
      .prepare(
        'INSERT INTO alert_incidents (key, ip, kind, opened_at) VALUES (?, ?, ?, ?) ON CONFLICT (key) DO NOTHING',
      )
      .run(key, ip, kind, at);
    return info.changes === 1;
  }

  /** Closes it; answers when it was opened, or undefined when it was not open. */
  close(key: string): number | undefined {
    const row = this.db
      .prepare<[string], { opened_at: number }>(
        'DELETE FROM alert_incidents WHERE key = ? RETURNING opened_at',
      )
      .get(key);
    return row?.opened_at;
  }

  isOpen(key: string): boolean {
    return this.db.prepare('SELECT 1 FROM alert_incidents WHERE key = ?').get(key) !== undefined;
  }

  openOf(kind: string): { ip: string; opened_at: number }[] {
    return this.db
      .prepare<[string], { ip: string; opened_at: number }>(
        'SELECT ip, opened_at FROM alert_incidents WHERE kind = ?',
      )
      .all(kind);
  }
}
