import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/** Claims of the user access token. `sid` is the session family, so logout revokes the access token too. */
export const AccessClaims = z.object({
  typ: z.literal('access'),
  sub: z.string().min(1),
  login: z.string().min(1),
  sid: z.string().min(1),
  iat: z.number().int(),
  exp: z.number().int(),
});
export type AccessClaims = z.infer<typeof AccessClaims>;

const Header = z.object({ alg: z.literal('HS256'), typ: z.literal('JWT') });
const HEADER = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

function b64url(s: string | Buffer): string {
  return Buffer.from(s).toString('base64url');
}

function sign(data: string, secret: Buffer): Buffer {
  return createHmac('sha256', secret).update(data).digest();
}

/** HS256 JWTs with node:crypto only. */
export class JwtSigner {
  constructor(
    private readonly secret: Buffer,
    private readonly ttlSeconds: number,
    private readonly now: () => number = Date.now,
  ) {}

  issue(claims: { sub: string; login: string; sid: string }): { token: string; claims: AccessClaims } {
    const iat = Math.floor(this.now() / 1000);
    const full: AccessClaims = { typ: 'access', ...claims, iat, exp: iat + this.ttlSeconds };
    const body = `${HEADER}.${b64url(JSON.stringify(full))}`;
    return { token: `${body}.${b64url(sign(body, this.secret))}`, claims: full };
  }

  /** The claims of a valid, unexpired token; undefined for anything else (never throws). */
  verify(token: string): AccessClaims | undefined {
    const parts = token.split('.');
    if (parts.length !== 3) return undefined;
    const [h, p, s] = parts as [string, string, string];
    const expected = sign(`${h}.${p}`, this.secret);
    const given = Buffer.from(s, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    const header = Header.safeParse(parseJson(h));
    const claims = AccessClaims.safeParse(parseJson(p));
    if (!header.success || !claims.success) return undefined;
    if (claims.data.exp <= Math.floor(this.now() / 1000)) return undefined;
    return claims.data;
  }
}

function parseJson(part: string): unknown {
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}
