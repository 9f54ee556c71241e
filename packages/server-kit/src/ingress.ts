import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';
import type { TrustProxy } from './securityConfig';

// A reverse proxy that serves the console under a path prefix and strips it before forwarding (Home Assistant's
// ingress: `X-Ingress-Path: /api/hassio_ingress/<token>`) tells the server the prefix in a header; the page's
// base path must then be that prefix, so asset URLs, API calls, the live channel and the router resolve under it.

export const INGRESS_PATH_HEADER = 'x-ingress-path';

/** A prefix the console may be given as its base: absolute, plain segments only, no dot segments. */
const SAFE_PREFIX = /^(\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)+\/?$/;

const NAMED: Record<string, [string, number, 'ipv4' | 'ipv6'][]> = {
  loopback: [
    ['127.0.0.0', 8, 'ipv4'],
    ['::1', 128, 'ipv6'],
  ],
  linklocal: [
    ['169.254.0.0', 16, 'ipv4'],
    ['fe80::', 10, 'ipv6'],
  ],
  uniquelocal: [
    ['10.0.0.0', 8, 'ipv4'],
    ['172.16.0.0', 12, 'ipv4'],
    ['192.168.0.0', 16, 'ipv4'],
    ['fc00::', 7, 'ipv6'],
  ],
};

/**
 * Whether the direct peer of a request is one of the trusted proxies (`ST_TRUST_PROXY`): a hop count means
 * a proxy is always in front, so the peer is it; a list names the proxies' addresses, ranges or
 * loopback / linklocal / uniquelocal; false trusts nobody.
 */
export function trustedPeer(trust: TrustProxy): (address: string | undefined) => boolean {
  if (trust === false || trust === 0) return () => false;
  if (typeof trust === 'number') return () => true;
  const list = new BlockList();
  for (const entry of trust) {
    for (const [net, bits, family] of NAMED[entry] ?? []) list.addSubnet(net, bits, family);
    if (NAMED[entry]) continue;
    const [address = '', bits] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  return (address) => {
    if (address === undefined) return false;
    // an IPv4 peer on a dual-stack socket arrives as ::ffff:a.b.c.d
    const plain = address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
    return list.check(plain, isIP(plain) === 6 ? 'ipv6' : 'ipv4');
  };
}

/**
 * The console's base path for a request: the ingress prefix (ending with '/') when a trusted proxy sent a
 * well-formed X-Ingress-Path, else undefined (the server's own base). A header from anyone else is ignored.
 */
export function ingressBasePath(trust: TrustProxy): (req: IncomingMessage) => string | undefined {
  const trusted = trustedPeer(trust);
  return (req) => {
    const header = req.headers[INGRESS_PATH_HEADER];
    if (typeof header !== 'string' || header === '' || !trusted(req.socket.remoteAddress)) return undefined;
    if (!SAFE_PREFIX.test(header) || header.length > 200) return undefined;
    return header.endsWith('/') ? header : `${header}/`;
  };
}
