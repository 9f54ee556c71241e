import { randomBytes } from 'node:crypto';
import type { MqttSettingsUpdate } from '@st/protocol';
import type { Db } from '../../db/database';

// The bridge's settings as saved from the console (one row, migration 6), and the gateway's stable id that
// names its HA device. The password stays in the gateway's database file; no route ever answers it.

export interface StoredMqttSettings {
  readonly enabled: boolean;
  readonly url: string;
  readonly username: string;
  readonly password: string;
  readonly discoveryPrefix: string;
  readonly baseTopic: string;
  readonly gatewayId: string;
}

interface Row {
  enabled: number;
  url: string;
  username: string;
  password: string;
  discovery_prefix: string;
  base_topic: string;
  gateway_id: string;
}

export class MqttSettingsStore {
  constructor(private readonly db: Db) {}

  /** The saved settings; on first use a disabled row with a new gateway id. */
  get(): StoredMqttSettings {
    let row = this.db.prepare<[], Row>('SELECT * FROM mqtt_settings WHERE id = 1').get();
    if (!row) {
      this.db
        .prepare(
          `INSERT INTO mqtt_settings (id, enabled, url, username, password, discovery_prefix, base_topic, gateway_id, updated_at)
           VALUES (1, 0, '', '', '', 'homeassistant', 'smartthing', ?, ?)`,
        )
        .run(randomBytes(4).toString('hex'), Date.now());
      row = this.db.prepare<[], Row>('SELECT * FROM mqtt_settings WHERE id = 1').get();
      if (!row) throw new Error('mqtt settings row missing');
    }
    return {
      enabled: row.enabled === 1,
      url: row.url,
      username: row.username,
      password: row.password,
      discoveryPrefix: row.discovery_prefix,
      baseTopic: row.base_topic,
      gatewayId: row.gateway_id,
    };
  }

  /** Saves an update; an absent password keeps the saved one. */
  save(update: MqttSettingsUpdate): StoredMqttSettings {
    const current = this.get();
    this.db
      .prepare(
        `UPDATE mqtt_settings SET enabled = ?, url = ?, username = ?, password = ?, discovery_prefix = ?,
           base_topic = ?, updated_at = ? WHERE id = 1`,
      )
      .run(
        update.enabled ? 1 : 0,
        update.url,
        update.username,
        update.password ?? current.password,
        update.discoveryPrefix,
        update.baseTopic,
        Date.now(),
      );
    return this.get();
  }
}
