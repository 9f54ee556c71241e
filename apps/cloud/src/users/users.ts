import { randomUUID } from 'node:crypto';
import type { AdminUser } from '@st/protocol';
import { sql } from 'kysely';
import type { AccessChanges } from '../auth/accessCache';
import { hashToken, newOpaqueToken } from '../auth/tokens';
import type { CloudDb } from '../db/connect';
import { DUMMY_HASH, hashPassword, verifyPassword } from './passwords';

export interface UserRecord {
  id: string;
  login: string;
}

export class LoginTakenError extends Error {
  constructor(login: string) {
    super(`User "${login}" already exists`);
  }
}

/** An invited user has no usable password until they accept: this never matches a scrypt hash. */
const NO_PASSWORD = '!invited';

type UserRow = {
  id: string;
  login: string;
  is_admin: number;
  disabled: number;
  invite_hash: string | null;
  invite_expires_at: number | string | null;
  created_at: string;
};

export interface UserStoreOptions {
  /** how long an invite token works (default 72 h) */
  inviteTtlMs?: number;
  now?: () => number;
  /** told after a write that changes who may do what (the per-node access cache, auth/accessCache.ts) */
  changes?: AccessChanges;
}

/** What became of an invite token: accepted (the password is set), expired (nothing changed), or unknown. */
export type InviteOutcome =
  | { ok: true; user: UserRecord }
  | { ok: false; reason: 'expired'; user: UserRecord }
  | { ok: false; reason: 'invalid' };

/** Users: created by the CLI, the first-start bootstrap or an admin; checked at login. The first user is admin. */
export class UserStore {
  private readonly inviteTtlMs: number;
  private readonly now: () => number;
  private readonly changes: AccessChanges | undefined;

  constructor(
    private readonly db: CloudDb,
    opts: UserStoreOptions = {},
  ) {
    this.inviteTtlMs = opts.inviteTtlMs ?? 72 * 3_600_000;
    this.now = opts.now ?? Date.now;
    this.changes = opts.changes;
  }

  /** `mustChange`: a one-time password made by an admin; the user must choose their own before anything else. */
  async create(
    login: string,
    password: string,
    opts: { admin?: boolean; mustChange?: boolean } = {},
  ): Promise<UserRecord> {
    const user = await this.insert(login, await hashPassword(password), null, opts.admin ?? false);
    if (opts.mustChange)
      await this.db.updateTable('users').set({ must_change_password: 1 }).where('id', '=', user.id).execute();
    return user;
  }

  /** A user who sets their password with the returned invite token. */
  async createInvited(login: string, admin: boolean): Promise<{ user: UserRecord; inviteToken: string }> {
    const inviteToken = newOpaqueToken('sti_');
    const user = await this.insert(login, NO_PASSWORD, hashToken(inviteToken), admin);
    await this.db
      .updateTable('users')
      .set({ invite_expires_at: this.now() + this.inviteTtlMs })
      .where('id', '=', user.id)
      .execute();
    return { user, inviteToken };
  }

  /** A new invite token (the old one stops working) for a user still without a password; undefined otherwise. */
  async reissueInvite(id: string): Promise<string | undefined> {
    const inviteToken = newOpaqueToken('sti_');
    const res = await this.db
      .updateTable('users')
      .set({ invite_hash: hashToken(inviteToken), invite_expires_at: this.now() + this.inviteTtlMs })
      .where('id', '=', id)
      .where('invite_hash', 'is not', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1 ? inviteToken : undefined;
  }

  private async insert(login: string, hash: string, invite: string | null, admin: boolean) {
    const existing = await this.findByLogin(login);
    if (existing) throw new LoginTakenError(login);
    const first = (await this.count()) === 0;
    const user = { id: randomUUID(), login };
    await this.db
      .insertInto('users')
      .values({
        ...user,
        password_hash: hash,
        created_at: new Date().toISOString(),
        is_admin: admin || first ? 1 : 0,
        invite_hash: invite,
      })
      .execute();
    return user;
  }

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** A user signed up by single sign-on: no password works for them until an admin sets one. */
  async createWithoutPassword(login: string): Promise<UserRecord> {
    return this.insert(login, NO_PASSWORD, null, false);
  }

  /** Whether a password can sign this user in (false for users made by single sign-on or still invited). */
  async hasPassword(id: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', id)
      .executeTakeFirst();
    return row !== undefined && row.password_hash !== NO_PASSWORD;
  }

  /** The user whose login is this text, compared without case (an e-mail address as login). */
  async findByLoginIgnoringCase(login: string): Promise<UserRecord | undefined> {
    return this.db
      .selectFrom('users')
      .select(['id', 'login'])
      .where(sql`lower(login)`, '=', login.toLowerCase())
      .executeTakeFirst();
  }

  async findByLogin(login: string): Promise<UserRecord | undefined> {
    return this.db.selectFrom('users').select(['id', 'login']).where('login', '=', login).executeTakeFirst();
  }

  async findById(id: string): Promise<UserRecord | undefined> {
    return this.db.selectFrom('users').select(['id', 'login']).where('id', '=', id).executeTakeFirst();
  }

  async list(): Promise<AdminUser[]> {
    const rows = await this.rows().orderBy('created_at').orderBy('id').execute();
    return rows.map(toAdminUser);
  }

  async admin(id: string): Promise<AdminUser | undefined> {
    const row = await this.rows().where('id', '=', id).executeTakeFirst();
    return row ? toAdminUser(row) : undefined;
  }

  async isAdmin(id: string): Promise<boolean> {
    return (await this.admin(id))?.admin === true;
  }

  async setFlags(id: string, flags: { admin?: boolean; disabled?: boolean }): Promise<void> {
    const set: { is_admin?: number; disabled?: number } = {};
    if (flags.admin !== undefined) set.is_admin = flags.admin ? 1 : 0;
    if (flags.disabled !== undefined) set.disabled = flags.disabled ? 1 : 0;
    if (Object.keys(set).length > 0)
      await this.db.updateTable('users').set(set).where('id', '=', id).execute();
    if (flags.disabled === true) await this.changes?.userChanged(id);
  }

  /** Sets the password (ends a pending invite); `mustChange` for an admin's reset, else the flag is cleared. */
  async setPassword(id: string, password: string, opts: { mustChange?: boolean } = {}): Promise<void> {
    await this.db
      .updateTable('users')
      .set({
        password_hash: await hashPassword(password),
        invite_hash: null,
        invite_expires_at: null,
        must_change_password: opts.mustChange ? 1 : 0,
      })
      .where('id', '=', id)
      .execute();
    // A cached session must see the change (a reset to a one-time password, or the forced change done).
    await this.changes?.userChanged(id);
  }

  /**
   * Sets the invited user's password when the token is known, unused and not expired. The check and the write are
   * one conditional UPDATE: of calls racing with the same token exactly one sets its password; the others find
   * the token used (invalid).
   */
  async acceptInvite(token: string, password: string): Promise<InviteOutcome> {
    const inviteHash = hashToken(token);
    const passwordHash = await hashPassword(password);
    const now = this.now();
    const accepted = await this.db
      .updateTable('users')
      .set({
        password_hash: passwordHash,
        invite_hash: null,
        invite_expires_at: null,
        must_change_password: 0,
      })
      .where('invite_hash', '=', inviteHash)
      .where((eb) => eb.or([eb('invite_expires_at', 'is', null), eb('invite_expires_at', '>', now)]))
      .returning(['id', 'login'])
      .executeTakeFirst();
    if (accepted) {
      await this.changes?.userChanged(accepted.id);
      return { ok: true, user: { id: accepted.id, login: accepted.login } };
    }
    const row = await this.db
      .selectFrom('users')
      .select(['id', 'login'])
      .where('invite_hash', '=', inviteHash)
      .executeTakeFirst();
    return row
      ? { ok: false, reason: 'expired', user: { id: row.id, login: row.login } }
      : { ok: false, reason: 'invalid' };
  }

  /** The user when login and password match and the account is enabled (same work either way). */
  async authenticate(
    login: string,
    password: string,
  ): Promise<{ ok: true; user: UserRecord } | { ok: false; disabled: boolean }> {
    const row = await this.db
      .selectFrom('users')
      .select(['id', 'login', 'password_hash', 'disabled'])
      .where('login', '=', login)
      .executeTakeFirst();
    const ok = await verifyPassword(password, row?.password_hash ?? DUMMY_HASH);
    if (!ok || !row) return { ok: false, disabled: false };
    if (Number(row.disabled) !== 0) return { ok: false, disabled: true };
    return { ok: true, user: { id: row.id, login: row.login } };
  }

  /** Whether the password is the user's (for the own-password change). */
  async checkPassword(id: string, password: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', id)
      .executeTakeFirst();
    return verifyPassword(password, row?.password_hash ?? DUMMY_HASH);
  }

  private rows() {
    return this.db
      .selectFrom('users')
      .select(['id', 'login', 'is_admin', 'disabled', 'invite_hash', 'invite_expires_at', 'created_at']);
  }
}

function toAdminUser(row: UserRow): AdminUser {
  return {
    id: row.id,
    login: row.login,
    admin: Number(row.is_admin) !== 0,
    disabled: Number(row.disabled) !== 0,
    invited: row.invite_hash !== null,
    inviteExpiresAt:
      row.invite_hash !== null && row.invite_expires_at !== null ? Number(row.invite_expires_at) : null,
    createdAt: row.created_at,
  };
}
