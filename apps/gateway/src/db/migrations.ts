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
  {
    version: 2,
    name: 'firmware library and OTA upload history',
    sql: `
      CREATE TABLE firmwares (
        id TEXT PRIMARY KEY,
        board TEXT NOT NULL,
        type TEXT NOT NULL,
        version TEXT NOT NULL,
        file_name TEXT NOT NULL,
        md5 TEXT NOT NULL,
        sha256 TEXT NOT NULL,
        size INTEGER NOT NULL,
        image_version TEXT,
        created_at INTEGER NOT NULL,
        UNIQUE (board, type, version)
      );
      CREATE TABLE ota_tasks (
        id TEXT PRIMARY KEY,
        device_ip TEXT NOT NULL,
        device TEXT NOT NULL,
        firmware TEXT NOT NULL,
        status TEXT NOT NULL,
        progress INTEGER NOT NULL,
        error TEXT,
        started_at TEXT NOT NULL,
        finished_at TEXT
      );
      CREATE INDEX ota_tasks_finished ON ota_tasks (finished_at);
    `,
  },
  {
    version: 6,
    name: 'Home Assistant MQTT bridge settings',
    sql: `
      CREATE TABLE mqtt_settings (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        enabled INTEGER NOT NULL,
        url TEXT NOT NULL,
        username TEXT NOT NULL,
        password TEXT NOT NULL,
        discovery_prefix TEXT NOT NULL,
        base_topic TEXT NOT NULL,
        gateway_id TEXT NOT NULL,
        updated_at INTEGER NOT NULL
      );
    `,
  },
];
