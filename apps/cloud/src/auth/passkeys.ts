import { randomUUID } from 'node:crypto';
import type { Passkey } from '@st/protocol';
import type { FastifyRequest } from 'fastify';
import type { CloudDb } from '../db/connect';
import type { PasskeysTable } from '../db/schema';

/** The relying party a passkey ceremony is bound to: the id (a host name) and the origins the browser may be on. */
export interface RelyingParty {
  id: string;
  origins: string[];
}

/**
 * With a public URL: its host name is the relying party id, and its origin (plus any allowed origin on that
 * host or under it) the expected origin. Without one: the host the request came to and its own origin, as the
 * cross-site guard judges "the cloud's own" (development and tests; a deployment sets ST_PUBLIC_URL).
 */
export function relyingPartyOf(publicUrl: string | undefined, allowedOrigins: readonly string[]) {
  const fixed = publicUrl ? new URL(publicUrl) : undefined;
  return (req: FastifyRequest): RelyingParty => {
    if (!fixed) return { id: req.hostname, origins: [`${req.protocol}://${req.host}`] };
    const id = fixed.hostname;
    const extra = allowedOrigins.filter((o) => {
      try {
        const host = new URL(o).hostname;
        return host === id || host.endsWith(`.${id}`);
      } catch {
        return false;
      }
    });
    return { id, origins: [fixed.origin, ...extra.map((o) => new URL(o).origin)] };
  };
}

export interface StoredPasskey {
  id: string;
  userId: string;
  credentialId: string;
  publicKey: Uint8Array<ArrayBuffer>;
  counter: number;
  transports: string[] | undefined;
}

type Row = Pick<
  PasskeysTable,
  'id' | 'name' | 'created_at' | 'last_used_at' | 'device_type' | 'user_id' | 'credential_id' | 'public_key'
> & { counter: number | string; backed_up: number; transports: string | null };

const toPasskey = (r: Row): Passkey => ({
  id: r.id,
  name: r.name,
  createdAt: r.created_at,
  lastUsedAt: r.last_used_at,
  deviceType: r.device_type === 'multiDevice' ? 'multiDevice' : 'singleDevice',
  backedUp: Number(r.backed_up) !== 0,
});

const toStored = (r: Row): StoredPasskey => ({
  id: r.id,
  userId: r.user_id,
  credentialId: r.credential_id,
  publicKey: new Uint8Array(Buffer.from(r.public_key, 'base64url')),
  counter: Number(r.counter),
  transports: r.transports ? (JSON.parse(r.transports) as string[]) : undefined,
});

const COLUMNS = [
  'id',
  'user_id',
  'name',
  'credential_id',
  'public_key',
  'counter',
  'transports',
  'device_type',
  'backed_up',
  'created_at',
  'last_used_at',
] as const;

/** Users' passkeys: the public key, signature counter and backup state of each; never a secret. */
export class PasskeyStore {
  constructor(private readonly db: CloudDb) {}

  async list(userId: string): Promise<Passkey[]> {
    const rows = await this.db
      .selectFrom('passkeys')
      .select(COLUMNS)
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();
    return rows.map(toPasskey);
  }

  async count(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('passkeys')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async credentials(userId: string): Promise<StoredPasskey[]> {
    const rows = await this.db.selectFrom('passkeys').select(COLUMNS).where('user_id', '=', userId).execute();
    return rows.map(toStored);
  }

  async byCredentialId(credentialId: string): Promise<StoredPasskey | undefined> {
    const row = await this.db
      .selectFrom('passkeys')
      .select(COLUMNS)
      .where('credential_id', '=', credentialId)
      .executeTakeFirst();
    return row ? toStored(row) : undefined;
  }

  /** undefined when this credential is already registered (to anyone). */
  async add(p: {
    userId: string;
    name: string;
    credentialId: string;
    publicKey: Uint8Array;
    counter: number;
    transports: string[] | undefined;
    deviceType: string;
    backedUp: boolean;
    rpId: string;
  }): Promise<Passkey | undefined> {
    if (await this.byCredentialId(p.credentialId)) return undefined;
    const row = {
      id: randomUUID(),
      user_id: p.userId,
      name: p.name,
      credential_id: p.credentialId,
      public_key: Buffer.from(p.publicKey).toString('base64url'),
      counter: p.counter,
      transports: p.transports ? JSON.stringify(p.transports) : null,
      device_type: p.deviceType,
      backed_up: p.backedUp ? 1 : 0,
      rp_id: p.rpId,
      created_at: new Date().toISOString(),
      last_used_at: null,
    };
    try {
      await this.db.insertInto('passkeys').values(row).execute();
    } catch (err) {
      // the unique credential id: a racing registration of the same credential won
      if (await this.byCredentialId(p.credentialId)) return undefined;
      throw err;
    }
    return toPasskey(row);
  }

  async rename(userId: string, id: string, name: string): Promise<Passkey | undefined> {
    const done = await this.db
      .updateTable('passkeys')
      .set({ name })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) return undefined;
    const row = await this.db.selectFrom('passkeys').select(COLUMNS).where('id', '=', id).executeTakeFirst();
    return row ? toPasskey(row) : undefined;
  }

  /** The removed passkey's name, or undefined when the user has no such passkey. */
  async remove(userId: string, id: string): Promise<string | undefined> {
    const row = await this.db
      .deleteFrom('passkeys')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .returning('name')
      .executeTakeFirst();
    return row?.name;
  }

  async removeAll(userId: string): Promise<number> {
    const done = await this.db.deleteFrom('passkeys').where('user_id', '=', userId).executeTakeFirst();
    return Number(done.numDeletedRows);
  }

  /**
   * Records a verified use: the new signature counter and backup state. Compare-and-set on the counter the
   * verification started from, so two racing uses of one assertion (or of a cloned authenticator) cannot both
   * count; false when another use got there first.
   */
  async used(
    p: StoredPasskey,
    use: { counter: number; backedUp: boolean; deviceType: string },
  ): Promise<boolean> {
    const done = await this.db
      .updateTable('passkeys')
      .set({
        counter: use.counter,
        backed_up: use.backedUp ? 1 : 0,
        device_type: use.deviceType,
        last_used_at: new Date().toISOString(),
      })
      .where('id', '=', p.id)
      .where('counter', '=', p.counter)
      .executeTakeFirst();
    return Number(done.numUpdatedRows) === 1;
  }
}
