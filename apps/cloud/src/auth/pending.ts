import { createHmac, timingSafeEqual } from 'node:crypto';
import { PENDING_SIGN_IN } from '@st/protocol';
import { z } from 'zod';

/** code: the user has a second factor to enter; enrol: one is required and the user must set it up first. */
export type PendingStep = 'code' | 'enrol';

const Claims = z.object({ u: z.string().min(1), s: z.enum(['code', 'enrol']), e: z.number().int() });

/**
 * A pending sign-in: the password was right, the second factor is still to come. A short-lived HMAC-signed
 * token (its own key, derived from the cloud secret) kept in an httpOnly cookie; it is no session and opens only
 * the second step and enrolment at sign-in. Holding it is worth nothing without a code (rate-limited).
 */
export class PendingSignIns {
  private readonly key: Buffer;

  constructor(
    secret: Buffer,
    private readonly now: () => number = Date.now,
  ) {
    this.key = createHmac('sha256', secret).update('st pending sign-in v1').digest();
  }

  issue(userId: string, step: PendingStep): string {
    const body = Buffer.from(
      JSON.stringify({ u: userId, s: step, e: this.now() + PENDING_SIGN_IN.ttlSeconds * 1000 }),
    ).toString('base64url');
    return `${body}.${this.sign(body)}`;
  }

  /** The user and step of a valid, unexpired token; undefined for anything else. */
  read(token: string | undefined): { userId: string; step: PendingStep } | undefined {
    if (!token) return undefined;
    const [body, mac] = token.split('.');
    if (!body || !mac) return undefined;
    const want = Buffer.from(this.sign(body), 'base64url');
    const got = Buffer.from(mac, 'base64url');
    if (got.length !== want.length || !timingSafeEqual(got, want)) return undefined;
    let parsed: unknown;
    try {
      parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    } catch {
      return undefined;
    }
    const claims = Claims.safeParse(parsed);
    if (!claims.success || claims.data.e <= this.now()) return undefined;
    return { userId: claims.data.u, step: claims.data.s };
  }

  private sign(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }
}
