import { isIP } from 'node:net';
import { z } from 'zod';

// Config fields of the security settings both servers share (issue 14): the trusted proxies and the
// allowed cross-site origins. See docs/security.md.

/** What Fastify's trustProxy takes: off, a hop count, or the proxies' addresses (CIDR or proxy-addr names). */
export type TrustProxy = false | number | string[];

const NAMED = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (NAMED.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  if (rest.length > 0 || isIP(address) === 0) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return Number.isInteger(n) && n >= 0 && n <= (isIP(address) === 4 ? 32 : 128);
}

/**
 * `ST_TRUST_PROXY`: `false` (default: X-Forwarded-* ignored), a number of proxy hops in front of the server
 * (`true` means 1), or a comma-separated list of the proxies' addresses, CIDR ranges or the names
 * loopback / linklocal / uniquelocal. Never "trust everything": then a client-written X-Forwarded-For
 * would choose the address the login rate limit counts.
 */
export const trustProxyField = () =>
  z
    .string()
    .trim()
    .transform((text, ctx): TrustProxy => {
      const lower = text.toLowerCase();
      if (['false', '0', 'no', ''].includes(lower)) return false;
      if (['true', 'yes'].includes(lower)) return 1;
      if (/^\d+$/.test(lower)) return Number(lower);
      const entries = lower.split(',').map((e) => e.trim());
      const bad = entries.filter((e) => !isAddressOrRange(e));
      if (bad.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `expected false, a hop count, or proxy addresses/CIDR ranges; not ${bad.join(', ')}`,
        });
        return z.NEVER;
      }
      return entries;
    })
    .default(false);

/** `ST_ALLOWED_ORIGINS`: comma-separated origins (`https://host[:port]`) allowed besides the server's own. */
export const allowedOriginsField = () =>
  z
    .string()
    .transform((text, ctx) => {
      const list = text
        .split(',')
        .map((e) => e.trim())
        .filter((e) => e !== '');
      for (const entry of list) {
        let ok = false;
        try {
          const url = new URL(entry);
          ok = url.origin !== 'null' && url.origin === entry.replace(/\/$/, '').toLowerCase();
        } catch {
          ok = false;
        }
        if (!ok) ctx.addIssue({ code: 'custom', message: `not an origin (scheme://host[:port]): ${entry}` });
      }
      return list;
    })
    .default([]);

/**
 * What Fastify is given. A hop count becomes "the nearest N addresses are proxies" (Fastify itself treats a
 * bare number as trusting nobody); then the client address is the one the outermost trusted proxy saw, and
 * whatever a client wrote further left in X-Forwarded-For is ignored.
 */
export function fastifyTrustProxy(
  trust: TrustProxy,
): boolean | string[] | ((addr: string, i: number) => boolean) {
  if (typeof trust === 'number') return trust === 0 ? false : (_addr: string, i: number) => i < trust;
  return trust;
}
