import type { CloudDb } from '../db/connect';

/** What a challenge is for: registering a passkey, a sign-in with one, a second step with one, an SSO outcome. */
export type ChallengeKind = 'register' | 'signIn' | 'secondFactor' | 'sso';

/**
 * Single-use, expiring challenges in the database, so every node of the cloud sees them. Taking one deletes it
 * in the same statement (DELETE … RETURNING): of two requests with one challenge exactly one gets it, and a
 * failed verification has used it up too. Expired rows are removed as new ones are written.
 */
export class ChallengeStore {
  private lastPrune = 0;

  constructor(
    private readonly db: CloudDb,
    private readonly ttlMs: number,
    private readonly now: () => number = () => Date.now(),
  ) {}

  async put(kind: ChallengeKind, challenge: string, userId: string | null): Promise<void> {
    const now = this.now();
    if (now - this.lastPrune > 60_000) {
      this.lastPrune = now;
      await this.db.deleteFrom('sign_in_challenges').where('expires_at', '<', now).execute();
    }
    await this.db
      .insertInto('sign_in_challenges')
      .values({ challenge, kind, user_id: userId, expires_at: now + this.ttlMs })
      .execute();
  }

  /** Uses the challenge up: its user (null when none was bound), or undefined when unknown, used or expired. */
  async take(kind: ChallengeKind, challenge: string): Promise<{ userId: string | null } | undefined> {
    const row = await this.db
      .deleteFrom('sign_in_challenges')
      .where('challenge', '=', challenge)
      .where('kind', '=', kind)
      .returning(['user_id', 'expires_at'])
      .executeTakeFirst();
    if (!row || Number(row.expires_at) <= this.now()) return undefined;
    return { userId: row.user_id };
  }
}
