import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SignedTokens } from './signedToken';

const Claims = z.object({ u: z.string(), e: z.number().int() });
const secret = randomBytes(32);

describe('signed tokens', () => {
  it('opens what it sealed until it expires', () => {
    let now = 1_000;
    const tokens = new SignedTokens(secret, 'purpose a', Claims, () => now);
    const token = tokens.seal({ u: 'alice', e: 2_000 });
    expect(tokens.open(token)).toEqual({ u: 'alice', e: 2_000 });
    now = 2_000;
    expect(tokens.open(token)).toBeUndefined();
  });

  it('refuses a token of another purpose or secret, a changed body or MAC, and malformed text', () => {
    const a = new SignedTokens(secret, 'purpose a', Claims, () => 0);
    const token = a.seal({ u: 'alice', e: 10 });
    expect(new SignedTokens(secret, 'purpose b', Claims, () => 0).open(token)).toBeUndefined();
    expect(new SignedTokens(randomBytes(32), 'purpose a', Claims, () => 0).open(token)).toBeUndefined();
    const [body, mac] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ u: 'mallory', e: 10 })).toString('base64url');
    expect(a.open(`${forged}.${mac}`)).toBeUndefined();
    expect(a.open(`${body}.${mac?.slice(1)}`)).toBeUndefined();
    for (const bad of [
      undefined,
      '',
      '.',
      body,
      `${body}.`,
      'x.y.z',
      `${Buffer.from('{').toString('base64url')}.x`,
    ])
      expect(a.open(bad)).toBeUndefined();
  });

  it('refuses a correctly signed body of the wrong shape', () => {
    const loose = new SignedTokens(secret, 'purpose a', z.object({ e: z.number() }), () => 0);
    const strict = new SignedTokens(secret, 'purpose a', Claims, () => 0);
    expect(strict.open(loose.seal({ e: 10 }))).toBeUndefined();
  });
});
