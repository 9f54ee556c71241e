import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { CloudDb } from '../db/connect';
import { hashToken } from './tokens';

const PERIOD = 30;
/** codes of the step before and after the current one are accepted too (clock drift) */
const WINDOW = 1;
const RECOVERY_CODES = 10;
const REQUIRE_KEY = 'requireSecondFactor';

/** A recovery code: ten base32 characters shown as xxxxx-xxxxx; compared without dash, spaces or case. */
function newRecoveryCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}
const normalRecovery = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();

/**
 * The TOTP second factor (RFC 6238, SHA-1, 6 digits, 30 s: what every authenticator app reads) with otpauth, and
 * its single-use recovery codes (stored as SHA-256: they are random). A code counts once: the last accepted time
 * step is kept per user, and a code of that step or an earlier one is refused (compare-and-set, so two requests
 * with one code cannot both win).
 */
export class TotpStore {
  constructor(
    private readonly db: CloudDb,
    private readonly issuer: string,
    private readonly now: () => number = Date.now,
  ) {}

  async status(userId: string): Promise<{ totp: boolean; recoveryCodesLeft: number }> {
    const row = await this.db
      .selectFrom('users')
      .select('totp_enabled')
      .where('id', '=', userId)
      .executeTakeFirst();
    const left = await this.db
      .selectFrom('recovery_codes')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return { totp: Number(row?.totp_enabled ?? 0) !== 0, recoveryCodesLeft: Number(left?.n ?? 0) };
  }

  async enabled(userId: string): Promise<boolean> {
    return (await this.status(userId)).totp;
  }

  /** A new secret waiting for its first code (replaces one still waiting); undefined when TOTP is already on. */
  async startEnrol(userId: string, login: string): Promise<{ uri: string; secret: string } | undefined> {
    if (await this.enabled(userId)) return undefined;
    const secret = new Secret({ size: 20 });
    await this.db
      .updateTable('users')
      .set({ totp_secret: secret.base32, totp_last_step: null })
      .where('id', '=', userId)
      .execute();
    return { uri: this.totp(secret, login).toString(), secret: secret.base32 };
  }

  /**
   * Turns TOTP on when the code matches the waiting secret: answers the ten recovery codes (shown once), or
   * 'wrong' / 'none' (no secret waiting, or already on).
   */
  async confirm(userId: string, code: string): Promise<string[] | 'wrong' | 'none'> {
    const row = await this.db
      .selectFrom('users')
      .select(['totp_secret', 'totp_enabled', 'login'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!row?.totp_secret || Number(row.totp_enabled) !== 0) return 'none';
    const step = this.matchStep(row.totp_secret, row.login, code);
    if (step === undefined) return 'wrong';
    const res = await this.db
      .updateTable('users')
      .set({ totp_enabled: 1, totp_last_step: step })
      .where('id', '=', userId)
      .where('totp_enabled', '=', 0)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) return 'none';
    return this.newRecoveryCodes(userId);
  }

  /** Checks a code of the user's active secret; true once per time step at most. */
  async verify(userId: string, code: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('users')
      .select(['totp_secret', 'totp_enabled', 'totp_last_step', 'login'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!row?.totp_secret || Number(row.totp_enabled) === 0) return false;
    const step = this.matchStep(row.totp_secret, row.login, code);
    if (step === undefined) return false;
    if (row.totp_last_step !== null && step <= Number(row.totp_last_step)) return false;
    const res = await this.db
      .updateTable('users')
      .set({ totp_last_step: step })
      .where('id', '=', userId)
      .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /** Uses up a recovery code; true when it was one of the user's unused codes. */
  async useRecoveryCode(userId: string, code: string): Promise<boolean> {
    const res = await this.db
      .updateTable('recovery_codes')
      .set({ used_at: new Date(this.now()).toISOString() })
      .where('user_id', '=', userId)
      .where('code_hash', '=', hashToken(normalRecovery(code)))
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /** Removes the second factor (turned off by its user, or reset by an admin); false when there was none. */
  async remove(userId: string): Promise<boolean> {
    const res = await this.db
      .updateTable('users')
      .set({ totp_secret: null, totp_enabled: 0, totp_last_step: null })
      .where('id', '=', userId)
      .where('totp_secret', 'is not', null)
      .executeTakeFirst();
    await this.db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
    return Number(res.numUpdatedRows) === 1;
  }

  async required(): Promise<boolean> {
    const row = await this.db
      .selectFrom('cloud_settings')
      .select('value')
      .where('key', '=', REQUIRE_KEY)
      .executeTakeFirst();
    return row?.value === 'true';
  }

  async setRequired(on: boolean): Promise<void> {
    const value = on ? 'true' : 'false';
    const res = await this.db
      .updateTable('cloud_settings')
      .set({ value })
      .where('key', '=', REQUIRE_KEY)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0)
      await this.db.insertInto('cloud_settings').values({ key: REQUIRE_KEY, value }).execute();
  }

  private async newRecoveryCodes(userId: string): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
    await this.db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
    await this.db
      .insertInto('recovery_codes')
      .values(codes.map((c) => ({ user_id: userId, code_hash: hashToken(normalRecovery(c)), used_at: null })))
      .execute();
    return codes;
  }

  /** The time step the code belongs to (within the window), or undefined. */
  private matchStep(base32: string, login: string, code: string): number | undefined {
    const totp = this.totp(Secret.fromBase32(base32), login);
    const delta = totp.validate({ token: code, timestamp: this.now(), window: WINDOW });
    if (delta === null) return undefined;
    return Math.floor(this.now() / 1000 / PERIOD) + delta;
  }

  private totp(secret: Secret, login: string): TOTP {
    return new TOTP({
      issuer: this.issuer,
      label: login,
      algorithm: 'SHA1',
      digits: 6,
      period: PERIOD,
      secret,
    });
  }
}
