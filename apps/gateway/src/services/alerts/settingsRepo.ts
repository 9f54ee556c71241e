import { AlertSettings } from '@st/protocol';
import { type AlertDestinations, mergeSecrets, redactChannels, vetChannels } from '@st/server-kit';
import type { Db } from '../../db/database';

/** The gateway's alert rules and channels: one row, secrets included (never answered by GET). */
export class AlertSettingsRepo {
  private cached: AlertSettings | undefined;

  constructor(
    private readonly db: Db,
    private readonly destinations: AlertDestinations,
  ) {}

  /** With secrets: for the senders only. */
  get(): AlertSettings {
    if (this.cached) return this.cached;
    const row = this.db
      .prepare<[], { settings: string }>('SELECT settings FROM alert_settings WHERE id = 1')
      .get();
    let parsed = AlertSettings.safeParse({});
    if (row) {
      try {
        const stored = AlertSettings.safeParse(JSON.parse(row.settings));
        if (stored.success) parsed = stored;
      } catch {
        // unreadable row: defaults
      }
    }
    if (!parsed.success) throw new Error('alert settings defaults do not parse');
    this.cached = parsed.data;
    return parsed.data;
  }

  /** What GET answers. */
  getPublic(): AlertSettings {
    const s = this.get();
    return { ...s, channels: redactChannels(s.channels) };
  }

  /**
   * Stores `next` (an omitted secret keeps the stored one while its channel's destination is unchanged, else
   * 400 ALERT_SECRET_REQUIRED; a channel pointed at the gateway itself is 400 ALERT_DESTINATION_REFUSED);
   * answers what GET will answer.
   */
  async put(next: AlertSettings): Promise<AlertSettings> {
    const stored: AlertSettings = { ...next, channels: mergeSecrets(next.channels, this.get().channels) };
    await vetChannels(stored.channels, this.destinations);
    this.db
      .prepare(
        'INSERT INTO alert_settings (id, settings) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET settings = excluded.settings',
      )
      .run(JSON.stringify(stored));
    this.cached = stored;
    return this.getPublic();
  }
}
