/** Versioned schema changes, applied in order at start; each runs once, inside a transaction. */
export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'saved devices, settings dumps, notifications, device logs',
    sql: `
      CREATE TABLE saved_devices (
        id TEXT PRIMARY KEY,
        ip TEXT NOT NULL UNIQUE,
        info TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE TABLE settings_dumps (
        id TEXT PRIMARY KEY,
        device TEXT NOT NULL,
        dump TEXT NOT NULL,
        creation_date_time TEXT NOT NULL,
        created_at INTEGER NOT NULL
      );
      CREATE TABLE notifications (
        id TEXT PRIMARY KEY,
        device TEXT NOT NULL,
        notification TEXT NOT NULL,
        date_time TEXT NOT NULL,
        created_at INTEGER NOT NULL
      );
      CREATE TABLE device_logs (
        id INTEGER PRIMARY KEY,
        date_time TEXT NOT NULL,
        ip TEXT NOT NULL,
        name TEXT NOT NULL,
        level INTEGER NOT NULL,
        tag TEXT NOT NULL,
        message TEXT NOT NULL,
        source TEXT NOT NULL
      );
    `,
  },
];
