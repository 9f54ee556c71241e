import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// Gateway sessions: a signed cookie value `<id>.<expires ms>.<hmac>`, so they survive restarts without a
// table; a new password changes the key and so ends them all. Signing out removes the browser's cookie.

export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;

export class SessionCookies {
  constructor(
    private readonly key: () => Buffer,
    private readonly now: () => number = Date.now,
  ) {}

  issue(): { value: string; maxAgeSeconds: number } {
    const expires = this.now() + SESSION_TTL_MS;
    const body = `${randomBytes(16).toString('base64url')}.${expires}`;
    return { value: `${body}.${this.sign(body)}`, maxAgeSeconds: Math.floor(SESSION_TTL_MS / 1000) };
  }

  valid(value: string | undefined): boolean {
    if (!value) return false;
    const last = value.lastIndexOf('.');
    if (last <= 0) return false;
    const body = value.slice(0, last);
    const given = Buffer.from(value.slice(last + 1), 'base64url');
    const expected = Buffer.from(this.sign(body), 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
    const expires = Number(body.split('.')[1]);
    return Number.isFinite(expires) && expires > this.now();
  }

  private sign(body: string): string {
    return createHmac('sha256', this.key()).update(body).digest('base64url');
  }
}
