import { randomUUID } from 'node:crypto';
import type { CloudDb } from '../db/connect';
import type { UserRecord } from '../users/users';
import type { AccessChanges, SessionState } from './accessCache';
import { hashToken, newOpaqueToken } from './tokens';

export interface SessionPair {
  userId: string;
  familyId: string;
  refresh: string;
}

/** Where a sign-in came from, shown in the sessions list. */
export interface SessionOrigin {
  userAgent?: string | undefined;
  address?: string | undefined;
}

export interface SessionRow {
  id: string;
  userAgent: string | null;
  address: string | null;
  createdAt: string;
  lastSeenAt: string;
}

export type RefreshOutcome =
  | { ok: true; pair: SessionPair }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused'; familyId?: string };

/**
 * Refresh-token families. Login opens a family; every refresh marks the presented token used and issues the
 * next one in the same family. Presenting a used token again (a stolen copy, or a replay) revokes the family:
 * every token of it, and the access tokens that carry its id, stop working.
 */
export class SessionStore {
  constructor(
    private readonly db: CloudDb,
    private readonly refreshTtlMs: number,
    private readonly now: () => number = Date.now,
    private readonly changes?: AccessChanges,
  ) {}

  async open(user: UserRecord, from: SessionOrigin = {}): Promise<SessionPair> {
    // Expired refresh tokens are useless: drop them while we are here.
    await this.db.deleteFrom('refresh_tokens').where('expires_at', '<', this.iso()).execute();
    const familyId = randomUUID();
    await this.db
      .insertInto('session_families')
      .values({
        id: familyId,
        user_id: user.id,
        created_at: this.iso(),
        user_agent: from.userAgent?.slice(0, 512) ?? null,
        address: from.address ?? null,
        last_seen_at: this.iso(),
      })
      .execute();
    return { userId: user.id, familyId, refresh: await this.issue(familyId) };
  }

  async rotate(refresh: string, address?: string): Promise<RefreshOutcome> {
    const row = await this.db
      .selectFrom('refresh_tokens as t')
      .innerJoin('session_families as f', 'f.id', 't.family_id')
      .select(['t.token_hash', 't.family_id', 't.used', 't.expires_at', 'f.revoked', 'f.user_id'])
      .where('t.token_hash', '=', hashToken(refresh))
      .executeTakeFirst();
    if (!row) return { ok: false, reason: 'unknown' };
    const familyId = row.family_id;
    if (Number(row.revoked) !== 0) return { ok: false, reason: 'revoked', familyId };
    if (Number(row.used) !== 0) {
      await this.revokeFamily(familyId);
      return { ok: false, reason: 'reused', familyId };
    }
    if (row.expires_at <= this.iso()) return { ok: false, reason: 'expired', familyId };
    // Compare-and-set: of two concurrent refreshes with one token, only one wins; the other is a reuse.
    const res = await this.db
      .updateTable('refresh_tokens')
      .set({ used: 1 })
      .where('token_hash', '=', row.token_hash)
      .where('used', '=', 0)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) {
      await this.revokeFamily(familyId);
      return { ok: false, reason: 'reused', familyId };
    }
    await this.db
      .updateTable('session_families')
      .set({ last_seen_at: this.iso(), ...(address ? { address } : {}) })
      .where('id', '=', familyId)
      .execute();
    return { ok: true, pair: { userId: row.user_id, familyId, refresh: await this.issue(familyId) } };
  }

  /** The user's active sessions (families not revoked with a refresh token not yet expired), newest first. */
  async list(userId: string): Promise<SessionRow[]> {
    const rows = await this.db
      .selectFrom('session_families as f')
      .select(['f.id', 'f.user_agent', 'f.address', 'f.created_at', 'f.last_seen_at'])
      .where('f.user_id', '=', userId)
      .where('f.revoked', '=', 0)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('refresh_tokens as t')
            .select('t.token_hash')
            .whereRef('t.family_id', '=', 'f.id')
            .where('t.used', '=', 0)
            .where('t.expires_at', '>', this.iso()),
        ),
      )
      .orderBy('f.created_at', 'desc')
      .execute();
    return rows.map((r) => ({
      id: r.id,
      userAgent: r.user_agent,
      address: r.address,
      createdAt: r.created_at,
      lastSeenAt: r.last_seen_at ?? r.created_at,
    }));
  }

  /** Ends one of the user's sessions; false when they have no active session with this id. */
  async end(userId: string, familyId: string): Promise<boolean> {
    const r = await this.db
      .updateTable('session_families')
      .set({ revoked: 1 })
      .where('id', '=', familyId)
      .where('user_id', '=', userId)
      .where('revoked', '=', 0)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) return false;
    await this.changes?.sessionsEnded([familyId]);
    return true;
  }

  async revokeFamily(familyId: string): Promise<void> {
    await this.db.updateTable('session_families').set({ revoked: 1 }).where('id', '=', familyId).execute();
    await this.changes?.sessionsEnded([familyId]);
  }

  /**
   * The state of an active session (undefined when revoked, unknown or its user disabled): its user, and
   * whether that user still holds a one-time password and so may only change it. One query, run for every
   * access token the per-node cache (auth/accessCache.ts) does not already vouch for.
   */
  async state(familyId: string): Promise<SessionState | undefined> {
    const row = await this.db
      .selectFrom('session_families as f')
      .innerJoin('users as u', 'u.id', 'f.user_id')
      .select(['f.revoked', 'u.disabled', 'u.must_change_password', 'f.user_id'])
      .where('f.id', '=', familyId)
      .executeTakeFirst();
    if (row === undefined || Number(row.revoked) !== 0 || Number(row.disabled) !== 0) return undefined;
    return { userId: row.user_id, mustChangePassword: Number(row.must_change_password) !== 0 };
  }

  /** Revokes every active family of the user (sign out everywhere, disable, password reset); returns their ids. */
  async revokeUser(userId: string, exceptFamilyId?: string): Promise<string[]> {
    let q = this.db
      .selectFrom('session_families')
      .select('id')
      .where('user_id', '=', userId)
      .where('revoked', '=', 0);
    if (exceptFamilyId) q = q.where('id', '!=', exceptFamilyId);
    const ids = (await q.execute()).map((r) => r.id);
    if (ids.length > 0)
      await this.db.updateTable('session_families').set({ revoked: 1 }).where('id', 'in', ids).execute();
    if (ids.length > 0) await this.changes?.sessionsEnded(ids);
    return ids;
  }

  private async issue(familyId: string): Promise<string> {
    const token = newOpaqueToken('str_');
    await this.db
      .insertInto('refresh_tokens')
      .values({
        token_hash: hashToken(token),
        family_id: familyId,
        expires_at: new Date(this.now() + this.refreshTtlMs).toISOString(),
        created_at: this.iso(),
      })
      .execute();
    return token;
  }

  private iso(): string {
    return new Date(this.now()).toISOString();
  }
}
