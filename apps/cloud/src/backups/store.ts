import { BACKUP_LIMITS, BackupCopy, BackupSource, DeviceInfoSchema } from '@st/protocol';
import type { Kysely, Selectable } from 'kysely';
import { z } from 'zod';
import type { BackupsTable, CloudDatabase } from '../db/schema';
import type { BackupCipher } from './crypto';

/** What is sealed: everything a person could read (the dump holds the WiFi password, the device its name). */
const Secret = z.object({ device: DeviceInfoSchema, dump: z.string() });

/** The cloud's copies of gateways' backups, one row per version, sealed per gateway (see BackupCipher). */
export class CloudBackupStore {
  constructor(
    private readonly db: Kysely<CloudDatabase>,
    private readonly cipher: BackupCipher,
    private readonly keepPerDevice: number = BACKUP_LIMITS.cloudKeepPerDevice,
    private readonly keepPerGateway: number = BACKUP_LIMITS.cloudKeepPerGateway,
  ) {}

  /** Keeps one version; a version already kept (same gateway and id) is left as it is. */
  async add(gatewayId: string, copy: BackupCopy): Promise<void> {
    const sealed = this.cipher.seal(
      gatewayId,
      copy.id,
      JSON.stringify({ device: copy.device, dump: copy.dump }),
    );
    await this.db
      .insertInto('backups')
      .values({
        gateway_id: gatewayId,
        id: copy.id,
        device_ip: copy.ip,
        source: copy.source,
        created_at: copy.creationDateTime,
        iv: sealed.iv,
        data: sealed.data,
      })
      .onConflict((oc) => oc.columns(['gateway_id', 'id']).doNothing())
      .execute();
    await this.prune(gatewayId, copy.ip, this.keepPerDevice);
    // many addresses do not multiply the space a gateway takes: its versions in all are capped too
    await this.prune(gatewayId, undefined, this.keepPerGateway);
  }

  /** Keeps the newest `keep` versions of one device of a gateway (`ip`), or of the whole gateway. */
  private async prune(gatewayId: string, ip: string | undefined, keep: number): Promise<void> {
    let query = this.db.selectFrom('backups').select('id').where('gateway_id', '=', gatewayId);
    if (ip !== undefined) query = query.where('device_ip', '=', ip);
    const old = await query
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(keep)
      .limit(1000)
      .execute();
    if (old.length === 0) return;
    await this.db
      .deleteFrom('backups')
      .where('gateway_id', '=', gatewayId)
      .where(
        'id',
        'in',
        old.map((r) => r.id),
      )
      .execute();
  }

  /**
   * Every kept version of a gateway (or of one device address of it), newest first; a row that does not open, or holds a copy outside the
   * backup limits (BackupCopy: kept before them), is skipped.
   */
  async list(gatewayId: string, ip?: string): Promise<BackupCopy[]> {
    let query = this.db.selectFrom('backups').selectAll().where('gateway_id', '=', gatewayId);
    if (ip !== undefined) query = query.where('device_ip', '=', ip);
    const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
    return this.open(gatewayId, rows);
  }

  /** One kept version of a gateway, or undefined (none with this id, or it does not open). */
  async get(gatewayId: string, id: string): Promise<BackupCopy | undefined> {
    const rows = await this.db
      .selectFrom('backups')
      .selectAll()
      .where('gateway_id', '=', gatewayId)
      .where('id', '=', id)
      .execute();
    return this.open(gatewayId, rows)[0];
  }

  private open(gatewayId: string, rows: readonly Selectable<BackupsTable>[]): BackupCopy[] {
    const out: BackupCopy[] = [];
    for (const row of rows) {
      let secret: z.infer<typeof Secret>;
      try {
        secret = Secret.parse(JSON.parse(this.cipher.open(gatewayId, row.id, row)));
      } catch {
        continue;
      }
      const copy = BackupCopy.safeParse({
        id: row.id,
        ip: row.device_ip,
        device: secret.device,
        source: BackupSource.catch('schedule').parse(row.source),
        creationDateTime: row.created_at,
        dump: secret.dump,
      });
      if (copy.success) out.push(copy.data);
    }
    return out;
  }
}
