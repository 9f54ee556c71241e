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
    version: 3,
    name: 'sensor history: samples, rollups, latest values, reboots, excluded devices',
    sql: `
      CREATE TABLE sample_series (
        id INTEGER PRIMARY KEY,
        ip TEXT NOT NULL,
        name TEXT NOT NULL,
        kind TEXT NOT NULL,
        UNIQUE (ip, name)
      );
      CREATE TABLE samples_raw (
        series INTEGER NOT NULL,
        t INTEGER NOT NULL,
        v REAL,
        PRIMARY KEY (series, t)
      ) WITHOUT ROWID;
      CREATE TABLE samples_5m (
        series INTEGER NOT NULL,
        t INTEGER NOT NULL,
        min REAL NOT NULL,
        avg REAL NOT NULL,
        max REAL NOT NULL,
        n INTEGER NOT NULL,
        PRIMARY KEY (series, t)
      ) WITHOUT ROWID;
      CREATE TABLE samples_1h (
        series INTEGER NOT NULL,
        t INTEGER NOT NULL,
        min REAL NOT NULL,
        avg REAL NOT NULL,
        max REAL NOT NULL,
        n INTEGER NOT NULL,
        PRIMARY KEY (series, t)
      ) WITHOUT ROWID;
      CREATE TABLE samples_text (
        series INTEGER NOT NULL,
        t INTEGER NOT NULL,
        v TEXT NOT NULL,
        PRIMARY KEY (series, t)
      ) WITHOUT ROWID;
      CREATE TABLE sample_rollups (
        level TEXT PRIMARY KEY,
        done_until INTEGER NOT NULL
      );
      CREATE TABLE device_latest (
        ip TEXT PRIMARY KEY,
        t INTEGER NOT NULL,
        last_ok INTEGER,
        sensors TEXT,
        uptime INTEGER,
        heap INTEGER,
        reset_reason TEXT
      );
      CREATE TABLE device_reboots (
        ip TEXT NOT NULL,
        t INTEGER NOT NULL,
        reset_reason TEXT,
        PRIMARY KEY (ip, t)
      ) WITHOUT ROWID;
      CREATE TABLE sample_excluded (
        ip TEXT PRIMARY KEY,
        created_at INTEGER NOT NULL
      );
    `,
  },
  {
    version: 4,
    name: 'device timeline, alert settings, alert outbox and open incidents',
    sql: `
      CREATE TABLE device_timeline (
        id INTEGER PRIMARY KEY,
        ip TEXT NOT NULL,
        t INTEGER NOT NULL,
        kind TEXT NOT NULL,
        text TEXT NOT NULL,
        details TEXT
      );
      CREATE INDEX device_timeline_ip_t ON device_timeline (ip, t);
      CREATE TABLE alert_settings (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        settings TEXT NOT NULL
      );
      CREATE TABLE alert_outbox (
        id INTEGER PRIMARY KEY,
        channel_id TEXT NOT NULL,
        ip TEXT,
        payload TEXT NOT NULL,
        status TEXT NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        created_at INTEGER NOT NULL,
        next_at INTEGER NOT NULL,
        last_error TEXT
      );
      CREATE INDEX alert_outbox_due ON alert_outbox (status, next_at);
      CREATE TABLE alert_incidents (
        key TEXT PRIMARY KEY,
        ip TEXT NOT NULL,
        kind TEXT NOT NULL,
        opened_at INTEGER NOT NULL
      );
    `,
  },
  {
    version: 5,
    name: 'scheduled backups: dump source, device key and hash, schedule state, devices to retry',
    sql: `
      ALTER TABLE settings_dumps ADD COLUMN source TEXT NOT NULL DEFAULT 'manual';
      ALTER TABLE settings_dumps ADD COLUMN device_ip TEXT NOT NULL DEFAULT '';
      ALTER TABLE settings_dumps ADD COLUMN cloud_pushed INTEGER NOT NULL DEFAULT 0;
      UPDATE settings_dumps SET device_ip = COALESCE(json_extract(device, '$.ip'), '');
      CREATE INDEX settings_dumps_device ON settings_dumps (device_ip, created_at);
      CREATE TABLE backup_state (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );
      CREATE TABLE backup_pending (
        ip TEXT PRIMARY KEY,
        error TEXT NOT NULL,
        since INTEGER NOT NULL
      );
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
  {
    version: 8,
    name: 'gateway local name',
    sql: `
      CREATE TABLE gateway_name (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        name TEXT NOT NULL,
        updated_at INTEGER NOT NULL
      );
    `,
  },
  {
    version: 9,
    name: 'OTA verdict: what the device reported after confirming the image',
    sql: `
      ALTER TABLE ota_tasks ADD COLUMN verdict TEXT;
    `,
  },
  {
    version: 10,
    name: 'devices the gateway has seen, kept across restarts until forgotten',
    sql: `
      CREATE TABLE seen_devices (
        ip TEXT PRIMARY KEY,
        device TEXT NOT NULL,
        first_seen INTEGER NOT NULL,
        last_seen INTEGER NOT NULL
      );
    `,
  },
  {
    version: 11,
    name: 'per-device offline thresholds; the alert outbox as the alert history (kind, channel type, when done)',
    sql: `
      CREATE TABLE alert_device_thresholds (
        ip TEXT PRIMARY KEY,
        offline_after INTEGER NOT NULL
      );
      ALTER TABLE alert_outbox ADD COLUMN kind TEXT;
      ALTER TABLE alert_outbox ADD COLUMN channel_type TEXT;
      ALTER TABLE alert_outbox ADD COLUMN done_at INTEGER;
      UPDATE alert_outbox SET kind = json_extract(payload, '$.kind');
      CREATE INDEX alert_outbox_ip ON alert_outbox (ip, id);
      CREATE INDEX alert_outbox_kind ON alert_outbox (kind, id);
    `,
  },
  {
    version: 12,
    name: 'device tags; firmware rollouts and their devices',
    sql: `
      CREATE TABLE device_tags (
        ip TEXT PRIMARY KEY,
        tags TEXT NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE TABLE rollouts (
        id TEXT PRIMARY KEY,
        body TEXT NOT NULL,
        state TEXT NOT NULL,
        created_at INTEGER NOT NULL
      );
      CREATE TABLE rollout_devices (
        rollout_id TEXT NOT NULL REFERENCES rollouts (id) ON DELETE CASCADE,
        ip TEXT NOT NULL,
        body TEXT NOT NULL,
        PRIMARY KEY (rollout_id, ip)
      );
    `,
  },
];
