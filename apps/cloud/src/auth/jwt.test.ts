import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { JwtSigner } from './jwt';

describe('access tokens', () => {
  const secret = randomBytes(32);
  let now = 1_700_000_000_000;
  const signer = new JwtSigner(secret, 900, () => now);
  const claims = { sub: 'u1', login: 'alice', sid: 's1' };

  it('accepts its own token until it expires, then refuses it', () => {
    const { token } = signer.issue(claims);
    expect(signer.verify(token)).toMatchObject({ ...claims, typ: 'access' });
    now += 899_000;
    expect(signer.verify(token)).toBeDefined();
    now += 1_000;
    expect(signer.verify(token)).toBeUndefined();
  });

  it('refuses a token with a changed payload, another key, or a different algorithm', () => {
    const { token } = signer.issue(claims);
    const [h, p, s] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(p ?? '', 'base64url').toString()), login: 'root' }),
    ).toString('base64url');
    expect(signer.verify(`${h}.${forged}.${s}`)).toBeUndefined();
    expect(new JwtSigner(randomBytes(32), 900, () => now).verify(token)).toBeUndefined();
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect(signer.verify(`${none}.${p}.`)).toBeUndefined();
    expect(signer.verify('garbage')).toBeUndefined();
  });
});
