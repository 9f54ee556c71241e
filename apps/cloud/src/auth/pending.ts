import { PENDING_SIGN_IN } from '@st/protocol';
import { z } from 'zod';
import { SignedTokens } from './signedToken';

/** code: the user has a second factor to enter; enrol: one is required and the user must set it up first. */
export type PendingStep = 'code' | 'enrol';

const Claims = z.object({ u: z.string().min(1), s: z.enum(['code', 'enrol']), e: z.number().int() });

/**
 * A pending sign-in: the password was right, the second factor is still to come. A short-lived HMAC-signed
 * token (its own key, derived from the cloud secret) kept in an httpOnly cookie; it is no session and opens only
 * the second step and enrolment at sign-in. Holding it is worth nothing without a code (rate-limited).
 */
export class PendingSignIns {
  private readonly tokens: SignedTokens<typeof Claims>;

  constructor(
    secret: Buffer,
    private readonly now: () => number = Date.now,
  ) {
    this.tokens = new SignedTokens(secret, 'st pending sign-in v1', Claims, now);
  }

  issue(userId: string, step: PendingStep): string {
    return this.tokens.seal({ u: userId, s: step, e: this.now() + PENDING_SIGN_IN.ttlSeconds * 1000 });
  }

  /** The user and step of a valid, unexpired token; undefined for anything else. */
  read(token: string | undefined): { userId: string; step: PendingStep } | undefined {
    const claims = this.tokens.open(token);
    return claims && { userId: claims.u, step: claims.s };
  }
}
