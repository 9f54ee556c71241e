import { CloudAlertSettings } from '@st/protocol';
import { type AlertDestinations, mergeSecrets, redactChannels, vetChannels } from '@st/server-kit';
import type { CloudDb } from '../db/connect';

/** Users' gateway-offline alert settings; secrets stay in the row and never leave through GET. */
export class CloudAlertStore {
  constructor(private readonly db: CloudDb) {}

  /** With secrets (for the sender). */
  async get(userId: string): Promise<CloudAlertSettings> {
    const row = await this.db
      .selectFrom('alert_settings')
      .select('settings')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return parse(row?.settings);
  }

  async getPublic(userId: string): Promise<CloudAlertSettings> {
    const s = await this.get(userId);
    return { ...s, channels: redactChannels(s.channels) };
  }

  /** Stores `next`: a stored secret stays only for an unchanged destination; refused destinations are 400. */
  async put(
    userId: string,
    next: CloudAlertSettings,
    destinations: AlertDestinations,
  ): Promise<CloudAlertSettings> {
    const stored = { ...next, channels: mergeSecrets(next.channels, (await this.get(userId)).channels) };
    await vetChannels(stored.channels, destinations);
    const settings = JSON.stringify(stored);
    const updated_at = new Date().toISOString();
    await this.db
      .insertInto('alert_settings')
      .values({ user_id: userId, settings, updated_at })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ settings, updated_at }))
      .execute();
    return this.getPublic(userId);
  }

  /** Every user with at least one channel, with their gateways. */
  async watched(): Promise<
    { userId: string; settings: CloudAlertSettings; gateways: { id: string; name: string }[] }[]
  > {
    const rows = await this.db
      .selectFrom('alert_settings')
      .innerJoin('gateways', 'gateways.owner_id', 'alert_settings.user_id')
      .select(['alert_settings.user_id as userId', 'alert_settings.settings', 'gateways.id', 'gateways.name'])
      .execute();
    const byUser = new Map<
      string,
      { userId: string; settings: CloudAlertSettings; gateways: { id: string; name: string }[] }
    >();
    for (const r of rows) {
      let entry = byUser.get(r.userId);
      if (!entry) {
        entry = { userId: r.userId, settings: parse(r.settings), gateways: [] };
        byUser.set(r.userId, entry);
      }
      entry.gateways.push({ id: r.id, name: r.name });
    }
    return [...byUser.values()].filter((u) => u.settings.channels.length > 0);
  }
}

function parse(text: string | undefined): CloudAlertSettings {
  if (text !== undefined) {
    try {
      const stored = CloudAlertSettings.safeParse(JSON.parse(text));
      if (stored.success) return stored.data;
    } catch {
      // unreadable: defaults
    }
  }
  return CloudAlertSettings.parse({});
}
