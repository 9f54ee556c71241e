import { randomUUID } from 'node:crypto';
import { GatewayRole } from '@st/protocol';
import type { ExpressionBuilder } from 'kysely';
import { z } from 'zod';
import type { AccessChanges, GatewayAccess } from '../auth/accessCache';
import { hashToken, newOpaqueToken } from '../auth/tokens';
import type { CloudDb } from '../db/connect';
import type { CloudDatabase } from '../db/schema';

export interface GatewayRecord {
  id: string;
  ownerId: string;
  name: string;
  description: string;
  haveToken: boolean;
  tags: string[];
}

/** A gateway as one user sees it: their role, and who shares it with them (the creator), unless it is theirs. */
export interface MemberView extends GatewayRecord {
  role: GatewayRole;
  sharedBy: string | null;
}

export class DuplicateNameError extends Error {}

/**
 * Gateways and their tokens. Reads are scoped by membership: the creator (`owner_id`) is an owner, a live
 * (unexpired) row of gateway_members gives its role; anyone else gets "not found". Writes by id are called
 * after the route checked the caller's role.
 */
export class GatewayStore {
  constructor(
    private readonly db: CloudDb,
    private readonly now: () => number = Date.now,
    private readonly changes?: AccessChanges,
  ) {}

  async list(userId: string): Promise<MemberView[]> {
    const rows = await this.visible(userId).orderBy('g.created_at').orderBy('g.id').execute();
    return rows.map((r) => toView(r, userId));
  }

  /** The gateway and the user's role on it; undefined when they may not see it. */
  async get(userId: string, id: string): Promise<MemberView | undefined> {
    const row = await this.visible(userId).where('g.id', '=', id).executeTakeFirst();
    return row ? toView(row, userId) : undefined;
  }

  /** Only the user's role on the gateway (the relay's per-call check: one small indexed query). */
  async roleOf(userId: string, id: string): Promise<GatewayRole | undefined> {
    return (await this.accessOf(userId, id))?.role;
  }

  /** The user's role on the gateway and, for a share, its expiry (epoch ms; null: none or the creator). */
  async accessOf(userId: string, id: string): Promise<GatewayAccess | undefined> {
    const now = this.now();
    const row = await this.db
      .selectFrom('gateways as g')
      .leftJoin('gateway_members as m', (j) =>
        j
          .onRef('m.gateway_id', '=', 'g.id')
          .on('m.user_id', '=', userId)
          .on((eb) => eb.or([eb('m.expires_at', 'is', null), eb('m.expires_at', '>', now)])),
      )
      .select(['g.owner_id', 'm.role', 'm.expires_at'])
      .where('g.id', '=', id)
      .executeTakeFirst();
    if (!row) return undefined;
    if (row.owner_id === userId) return { role: 'owner', until: null };
    if (row.role === null) return undefined;
    const until = row.expires_at === null ? null : Number(row.expires_at);
    return { role: GatewayRole.catch('viewer').parse(row.role), until };
  }

  async create(ownerId: string, name: string, description: string): Promise<GatewayRecord> {
    await this.assertNameFree(ownerId, name);
    const id = randomUUID();
    await this.db
      .insertInto('gateways')
      .values({ id, owner_id: ownerId, name, description, created_at: new Date().toISOString() })
      .execute();
    return { id, ownerId, name, description, haveToken: false, tags: [] };
  }

  /** Renames (the name stays unique among the creator's gateways). */
  async update(id: string, name: string, description: string): Promise<void> {
    const g = await this.byId(id);
    if (!g) return;
    await this.assertNameFree(g.ownerId, name, id);
    await this.db.updateTable('gateways').set({ name, description }).where('id', '=', id).execute();
  }

  /** Replaces the gateway's tags (kept in the order given, repeats dropped). */
  async setTags(id: string, tags: readonly string[]): Promise<void> {
    const unique = [...new Set(tags)];
    await this.db
      .updateTable('gateways')
      .set({ tags: JSON.stringify(unique) })
      .where('id', '=', id)
      .execute();
  }

  async delete(id: string): Promise<boolean> {
    await this.db.deleteFrom('gateway_tokens').where('gateway_id', '=', id).execute();
    await this.db.deleteFrom('gateway_members').where('gateway_id', '=', id).execute();
    const res = await this.db.deleteFrom('gateways').where('id', '=', id).executeTakeFirst();
    await this.changes?.gatewayChanged(id);
    return Number(res.numDeletedRows) === 1;
  }

  /** Makes a new token for the gateway, replacing any old one. */
  async issueToken(id: string): Promise<string> {
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

  /** The hash of the gateway's current token (undefined: none, or the gateway is gone). */
  async currentTokenHash(id: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('gateway_tokens as t')
      .innerJoin('gateways as g', 'g.id', 't.gateway_id')
      .select('t.token_hash')
      .where('t.gateway_id', '=', id)
      .executeTakeFirst();
    return row?.token_hash;
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

  /** Everyone who may see the gateway now: the creator and every unexpired member (for live fan-out). */
  async memberIds(id: string): Promise<string[]> {
    const g = await this.byId(id);
    if (!g) return [];
    const rows = await this.db
      .selectFrom('gateway_members')
      .select('user_id')
      .where('gateway_id', '=', id)
      .where((eb) => this.live(eb))
      .execute();
    return [g.ownerId, ...rows.map((r) => r.user_id)];
  }

  private live(eb: ExpressionBuilder<CloudDatabase, 'gateway_members'>) {
    return eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', this.now())]);
  }

  private visible(userId: string) {
    const now = this.now();
    return this.base()
      .innerJoin('users as creator', 'creator.id', 'g.owner_id')
      .leftJoin('gateway_members as m', (j) =>
        j
          .onRef('m.gateway_id', '=', 'g.id')
          .on('m.user_id', '=', userId)
          .on((eb) => eb.or([eb('m.expires_at', 'is', null), eb('m.expires_at', '>', now)])),
      )
      .select(['m.role as member_role', 'creator.login as creator_login'])
      .where((eb) => eb.or([eb('g.owner_id', '=', userId), eb('m.user_id', 'is not', null)]));
  }

  private base() {
    return this.db
      .selectFrom('gateways as g')
      .select((eb) => [
        'g.id',
        'g.owner_id',
        'g.name',
        'g.description',
        'g.tags',
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

type BaseRow = {
  id: string;
  owner_id: string;
  name: string;
  description: string;
  tags: string;
  have_token: unknown;
};

const TagList = z.array(z.string()).catch([]);

function toRecord(row: BaseRow): GatewayRecord {
  return {
    id: row.id,
    ownerId: row.owner_id,
    name: row.name,
    description: row.description,
    haveToken: row.have_token === true || Number(row.have_token) === 1,
    tags: TagList.parse(parseJson(row.tags)),
  };
}

function toView(row: BaseRow & { member_role: string | null; creator_login: string }, userId: string) {
  const creator = row.owner_id === userId;
  const role: GatewayRole = creator ? 'owner' : GatewayRole.catch('viewer').parse(row.member_role);
  return { ...toRecord(row), role, sharedBy: creator ? null : row.creator_login };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return [];
  }
}
