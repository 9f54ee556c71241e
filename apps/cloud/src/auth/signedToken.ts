import { createHmac, timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';

/**
 * Short-lived claims in a cookie, HMAC-signed with a key of their own (derived from the cloud secret and a
 * purpose label, so a token made for one purpose never opens another): `<base64url JSON>.<base64url MAC>`.
 * The claims carry their expiry as `e` (ms since the epoch); opening checks the MAC in constant time, the
 * shape and the expiry, and answers undefined for anything else.
 */
export class SignedTokens<S extends z.ZodType<{ e: number }>> {
  private readonly key: Buffer;

  constructor(
    secret: Buffer,
    purpose: string,
    private readonly claims: S,
    private readonly now: () => number = Date.now,
  ) {
    this.key = createHmac('sha256', secret).update(purpose).digest();
  }

  seal(claims: z.infer<S>): string {
    const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return `${body}.${this.sign(body)}`;
  }

  open(token: string | undefined): z.infer<S> | undefined {
    const [body, mac] = token?.split('.') ?? [];
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
    const c = this.claims.safeParse(parsed);
    if (!c.success || c.data.e <= this.now()) return undefined;
    return c.data;
  }

  private sign(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }
}
