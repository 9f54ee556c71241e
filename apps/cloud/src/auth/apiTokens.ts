import { randomUUID } from 'node:crypto';
import {
  API_TOKEN_LIMITS,
  API_TOKEN_PREFIX,
  type ApiToken,
  type ApiTokenCreateRequest,
  ApiTokenScope,
} from '@st/protocol';
import { z } from 'zod';
import type { CloudDb } from '../db/connect';
import type { ApiTokensTable } from '../db/schema';
import { hashToken, newOpaqueToken } from './tokens';

/** What a valid API token lets its caller do: act as its user, capped by scope and gateways. */
export interface ApiTokenGrant {
  id: string;
  name: string;
  scope: ApiTokenScope;
  /** null: every gateway the user may reach */
  gatewayIds: readonly string[] | null;
}

const GatewayIds = z.array(z.string()).nullable();

/** Last use is written at most this often per token (each use is not a database write). */
const LAST_USE_EVERY_MS = 60_000;

/**
 * Users' API tokens: random secrets shown once and kept as their SHA-256 (like gateway tokens). Every request
 * with one looks it up (no cache), so a revoked or expired token stops at once on every node.
 */
export class ApiTokenStore {
  constructor(
    private readonly db: CloudDb,
    private readonly now: () => number = Date.now,
  ) {}

  async create(userId: string, req: ApiTokenCreateRequest): Promise<{ token: ApiToken; secret: string }> {
    const secret = newOpaqueToken(API_TOKEN_PREFIX);
    const row: ApiTokensTable = {
      id: randomUUID(),
      user_id: userId,
      name: req.name,
      token_hash: hashToken(secret),
      scope: req.scope,
      gateway_ids: req.gatewayIds ? JSON.stringify([...new Set(req.gatewayIds)]) : null,
      created_at: new Date(this.now()).toISOString(),
      expires_at: req.expiresAt,
      last_used_at: null,
      last_used_address: null,
    };
    await this.db.insertInto('api_tokens').values(row).execute();
    return { token: toDto(row), secret };
  }

  async count(userId: string): Promise<number> {
    const r = await this.db
      .selectFrom('api_tokens')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  }

  /** The user's tokens, newest first; expired ones are deleted on the way. */
  async list(userId: string): Promise<ApiToken[]> {
    await this.db.deleteFrom('api_tokens').where('expires_at', '<=', this.now()).execute();
    const rows = await this.db
      .selectFrom('api_tokens')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .execute();
    return rows.map(toDto);
  }

  async byId(userId: string, id: string): Promise<ApiToken | undefined> {
    const row = await this.db
      .selectFrom('api_tokens')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? toDto(row) : undefined;
  }

  /** Revokes one of the user's tokens; false when they have none with this id. */
  async revoke(userId: string, id: string): Promise<boolean> {
    const r = await this.db
      .deleteFrom('api_tokens')
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  /** The token's user (active, not disabled) and grant; undefined when unknown, expired or revoked. */
  async resolve(
    secret: string,
  ): Promise<{ userId: string; login: string; grant: ApiTokenGrant } | undefined> {
    if (!secret.startsWith(API_TOKEN_PREFIX)) return undefined;
    const row = await this.db
      .selectFrom('api_tokens as t')
      .innerJoin('users as u', 'u.id', 't.user_id')
      .select(['t.id', 't.name', 't.scope', 't.gateway_ids', 't.expires_at', 'u.id as user_id', 'u.login'])
      .select(['u.disabled', 'u.must_change_password'])
      .where('t.token_hash', '=', hashToken(secret))
      .executeTakeFirst();
    if (!row || Number(row.expires_at) <= this.now()) return undefined;
    if (Number(row.disabled) !== 0 || Number(row.must_change_password) !== 0) return undefined;
    const scope = ApiTokenScope.safeParse(row.scope);
    const gatewayIds = GatewayIds.safeParse(row.gateway_ids === null ? null : JSON.parse(row.gateway_ids));
    if (!scope.success || !gatewayIds.success) return undefined;
    return {
      userId: row.user_id,
      login: row.login,
      grant: { id: row.id, name: row.name, scope: scope.data, gatewayIds: gatewayIds.data },
    };
  }

  /**
   * Records a use (at most once a minute per token): true when this call wrote it, so the caller audits
   * the use at that pace too.
   */
  async touch(id: string, address: string): Promise<boolean> {
    const now = this.now();
    const r = await this.db
      .updateTable('api_tokens')
      .set({ last_used_at: new Date(now).toISOString(), last_used_address: address })
      .where('id', '=', id)
      .where((eb) =>
        eb.or([
          eb('last_used_at', 'is', null),
          eb('last_used_at', '<', new Date(now - LAST_USE_EVERY_MS).toISOString()),
        ]),
      )
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** Deletes every token of the user (disable, admin reset): returns how many. */
  async revokeAll(userId: string): Promise<number> {
    const r = await this.db.deleteFrom('api_tokens').where('user_id', '=', userId).executeTakeFirst();
    return Number(r.numDeletedRows);
  }
}

/** The latest expiry a new token may get. */
export function latestExpiry(now: number): number {
  return now + API_TOKEN_LIMITS.maxLifetimeMs;
}

function toDto(row: ApiTokensTable): ApiToken {
  const ids = row.gateway_ids === null ? null : GatewayIds.parse(JSON.parse(row.gateway_ids));
  return {
    id: row.id,
    name: row.name,
    scope: ApiTokenScope.parse(row.scope),
    gatewayIds: ids,
    createdAt: row.created_at,
    expiresAt: Number(row.expires_at),
    lastUsedAt: row.last_used_at,
    lastUsedAddress: row.last_used_address,
  };
}
