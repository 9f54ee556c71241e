import { isIP } from 'node:net';

// IP addresses as bytes, prefixes over them, and the ranges an alert from a public server must never reach.

/** An address or a network: its bytes (4 or 16) and how many leading bits count. */
export interface IpNet {
  readonly bytes: Uint8Array;
  readonly prefix: number;
}

/** The bytes of an IPv4 or IPv6 literal (brackets and an IPv6 zone are ignored); undefined if not one. */
export function ipBytes(text: string): Uint8Array | undefined {
  const ip = text.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(ip);
  if (family === 4) return Uint8Array.from(ip.split('.').map(Number));
  if (family !== 6) return undefined;
  let head = ip;
  let v4: number[] = [];
  const dotted = /:(\d+\.\d+\.\d+\.\d+)$/.exec(ip);
  if (dotted?.[1]) {
    v4 = dotted[1].split('.').map(Number);
    head = ip.slice(0, dotted.index + 1);
  }
  const words = (s: string) => (s === '' ? [] : s.split(':').filter((w) => w !== ''));
  const [left = '', right] = head.split('::');
  const l = words(left);
  const r = right === undefined ? [] : words(right);
  const total = 8 - v4.length / 2;
  const zeros = right === undefined ? 0 : total - l.length - r.length;
  const all = [...l, ...Array<string>(Math.max(0, zeros)).fill('0'), ...r].map((w) => Number.parseInt(w, 16));
  const out = new Uint8Array(16);
  all.forEach((w, i) => {
    out[i * 2] = w >> 8;
    out[i * 2 + 1] = w & 0xff;
  });
  v4.forEach((b, i) => {
    out[12 + i] = b;
  });
  return out;
}

/** `a.b.c.d/n`, `v6/n` or a bare address (all bits). */
export function parseNet(text: string): IpNet | undefined {
  const [addr = '', bits, extra] = text.split('/');
  if (extra !== undefined) return undefined;
  const bytes = ipBytes(addr);
  if (!bytes) return undefined;
  const max = bytes.length * 8;
  const prefix = bits === undefined ? max : /^\d{1,3}$/.test(bits) ? Number(bits) : Number.NaN;
  if (!(prefix >= 0 && prefix <= max)) return undefined;
  return { bytes, prefix };
}

export function inNet(net: IpNet, bytes: Uint8Array): boolean {
  if (net.bytes.length !== bytes.length) return false;
  for (let bit = 0; bit < net.prefix; bit++) {
    const i = bit >> 3;
    const mask = 0x80 >> (bit & 7);
    if (((net.bytes[i] ?? 0) & mask) !== ((bytes[i] ?? 0) & mask)) return false;
  }
  return true;
}

/** An IPv6 address that only wraps an IPv4 one (IPv4-mapped, NAT64, 6to4) answers that IPv4 address. */
export function embeddedIpv4(bytes: Uint8Array): Uint8Array | undefined {
  if (bytes.length !== 16) return undefined;
  if (inNet(MAPPED, bytes) || inNet(NAT64, bytes)) return bytes.slice(12);
  if (inNet(SIX_TO_FOUR, bytes)) return bytes.slice(2, 6);
  return undefined;
}

const net = (text: string): IpNet => {
  const parsed = parseNet(text);
  if (!parsed) throw new Error(`bad network ${text}`);
  return parsed;
};
const MAPPED = net('::ffff:0:0/96');
const NAT64 = net('64:ff9b::/96');
const SIX_TO_FOUR = net('2002::/16');

/** Ranges that are not the public internet, by what they are (RFC 6890 and the clouds' metadata services). */
const NOT_PUBLIC: readonly [IpNet, string][] = [
  [net('0.0.0.0/8'), 'unspecified'],
  [net('10.0.0.0/8'), 'private'],
  [net('100.64.0.0/10'), 'shared (CGNAT)'],
  [net('127.0.0.0/8'), 'loopback'],
  [net('169.254.0.0/16'), 'link-local (cloud metadata)'],
  [net('172.16.0.0/12'), 'private'],
  [net('192.0.0.0/24'), 'reserved (protocol assignments, metadata)'],
  [net('192.0.2.0/24'), 'documentation'],
  [net('192.88.99.0/24'), 'reserved (6to4 relay)'],
  [net('192.168.0.0/16'), 'private'],
  [net('198.18.0.0/15'), 'benchmarking'],
  [net('198.51.100.0/24'), 'documentation'],
  [net('203.0.113.0/24'), 'documentation'],
  [net('224.0.0.0/4'), 'multicast'],
  [net('240.0.0.0/4'), 'reserved (broadcast)'],
  // IPv6: ::/96 holds the unspecified address, loopback and the old IPv4-compatible form
  [net('::/96'), 'unspecified or loopback'],
  [net('64:ff9b:1::/48'), 'local NAT64'],
  [net('100::/64'), 'discard'],
  [net('2001::/23'), 'reserved (IETF, Teredo)'],
  [net('2001:db8::/32'), 'documentation'],
  [net('fc00::/7'), 'unique local (private, cloud metadata)'],
  [net('fe80::/10'), 'link-local'],
  [net('fec0::/10'), 'site-local'],
  [net('ff00::/8'), 'multicast'],
];

/** Why an address is not on the public internet ('loopback', 'private', ...), or undefined when it is. */
export function nonPublicRange(address: string): string | undefined {
  const bytes = ipBytes(address);
  if (!bytes) return 'not an IP address';
  const v4 = embeddedIpv4(bytes);
  const target = v4 ?? bytes;
  return NOT_PUBLIC.find(([n]) => inNet(n, target))?.[1];
}

/** The same address in one spelling: IPv4 for an IPv4-mapped IPv6 address, lower case otherwise. */
export function canonicalIp(address: string): string {
  const bytes = ipBytes(address);
  if (bytes && bytes.length === 16 && inNet(MAPPED, bytes)) return [...bytes.slice(12)].join('.');
  return address.replace(/^\[|\]$/g, '').toLowerCase();
}
