import { createHash, randomBytes } from 'node:crypto';

/** An opaque, high-entropy token with a readable prefix (e.g. `stg_` gateway, `str_` refresh). */
export function newOpaqueToken(prefix: string): string {
  return `${prefix}${randomBytes(32).toString('base64url')}`;
}

/** Opaque tokens are stored only as their SHA-256 (they are random, so a slow hash adds nothing). */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
