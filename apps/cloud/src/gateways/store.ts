import { randomUUID } from 'node:crypto';
import { hashToken, newOpaqueToken } from '../auth/tokens';
import type { CloudDb } from '../db/connect';

export interface GatewayRecord {
  id: string;
  ownerId: string;
  name: string;
  description: string;
  haveToken: boolean;
}

export class DuplicateNameError extends Error {}

/** Gateways and their tokens. Every read and write is scoped by owner: another user's gateway is "not found". */
export class GatewayStore {
  constructor(private readonly db: CloudDb) {}

  async list(ownerId: string): Promise<GatewayRecord[]> {
    const rows = await this.base()
      .where('g.owner_id', '=', ownerId)
      .orderBy('g.created_at')
      .orderBy('g.id')
      .execute();
    return rows.map(toRecord);
  }

  async get(ownerId: string, id: string): Promise<GatewayRecord | undefined> {
    const row = await this.base().where('g.owner_id', '=', ownerId).where('g.id', '=', id).executeTakeFirst();
    return row ? toRecord(row) : undefined;
  }

  async create(ownerId: string, name: string, description: string): Promise<GatewayRecord> {
    await this.assertNameFree(ownerId, name);
    const id = randomUUID();
    await this.db
      .insertInto('gateways')
      .values({ id, owner_id: ownerId, name, description, created_at: new Date().toISOString() })
      .execute();
    return { id, ownerId, name, description, haveToken: false };
  }

  /** False when the gateway is not the owner's. */
  async update(ownerId: string, id: string, name: string, description: string): Promise<boolean> {
    if (!(await this.get(ownerId, id))) return false;
    await this.assertNameFree(ownerId, name, id);
    await this.db
      .updateTable('gateways')
      .set({ name, description })
      .where('id', '=', id)
      .where('owner_id', '=', ownerId)
      .execute();
    return true;
  }

  async delete(ownerId: string, id: string): Promise<boolean> {
    await this.db
      .deleteFrom('gateway_tokens')
      .where('gateway_id', '=', id)
      .where('gateway_id', 'in', this.owned(ownerId))
      .execute();
    const res = await this.db
      .deleteFrom('gateways')
      .where('id', '=', id)
      .where('owner_id', '=', ownerId)
      .executeTakeFirst();
    return Number(res.numDeletedRows) === 1;
  }

  /** Makes a new token for the gateway, replacing any old one. Undefined when not the owner's. */
  async issueToken(ownerId: string, id: string): Promise<string | undefined> {
    if (!(await this.get(ownerId, id))) return undefined;
    const token = newOpaqueToken('stg_');
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('gateway_tokens').where('gateway_id', '=', id).execute();
      await trx
        .insertInto('gateway_tokens')
        .values({ gateway_id: id, token_hash: hashToken(token), created_at: new Date().toISOString() })
        .execute();
    });
    return token;
  }

  async deleteToken(id: string): Promise<void> {
    await this.db.deleteFrom('gateway_tokens').where('gateway_id', '=', id).execute();
  }

  /** The gateway a token belongs to (with its owner), if the token is current. */
  async byToken(token: string): Promise<GatewayRecord | undefined> {
    const row = await this.base()
      .innerJoin('gateway_tokens as t', 't.gateway_id', 'g.id')
      .where('t.token_hash', '=', hashToken(token))
      .executeTakeFirst();
    return row ? toRecord(row) : undefined;
  }

  /** Unscoped lookup for internal use (link events, presence). */
  async byId(id: string): Promise<GatewayRecord | undefined> {
    const row = await this.base().where('g.id', '=', id).executeTakeFirst();
    return row ? toRecord(row) : undefined;
  }

  private owned(ownerId: string) {
    return this.db.selectFrom('gateways').select('id').where('owner_id', '=', ownerId);
  }

  private base() {
    return this.db
      .selectFrom('gateways as g')
      .select((eb) => [
        'g.id',
        'g.owner_id',
        'g.name',
        'g.description',
        eb
          .exists(
            eb
              .selectFrom('gateway_tokens as gt')
              .select('gt.gateway_id')
              .whereRef('gt.gateway_id', '=', 'g.id'),
          )
          .as('have_token'),
      ]);
  }

  private async assertNameFree(ownerId: string, name: string, exceptId?: string): Promise<void> {
    let q = this.db
      .selectFrom('gateways')
      .select('id')
      .where('owner_id', '=', ownerId)
      .where('name', '=', name);
    if (exceptId) q = q.where('id', '!=', exceptId);
    if (await q.executeTakeFirst()) throw new DuplicateNameError(name);
  }
}

function toRecord(row: {
  id: string;
  owner_id: string;
  name: string;
  description: string;
  have_token: unknown;
}): GatewayRecord {
  return {
    id: row.id,
    ownerId: row.owner_id,
    name: row.name,
    description: row.description,
    haveToken: row.have_token === true || Number(row.have_token) === 1,
  };
}
