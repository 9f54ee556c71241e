import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { AlertChannel } from '@st/protocol';
import { canonicalIp, type IpNet, inNet, ipBytes, nonPublicRange, parseNet } from './addresses';

// Where an alert channel sends, and whether it may: every sender resolves the name once, checks every
// address it got, and connects to the checked address (no second lookup a rebinding DNS could answer).

export type AlertService = 'http' | 'smtp';
/** The host and port a channel sends to (its URL's, or its SMTP server's). */
export interface AlertTarget {
  readonly host: string;
  readonly port: number;
  readonly service: AlertService;
}
export interface ResolvedAddress {
  readonly address: string;
  readonly family: 4 | 6;
}
/** Resolves a host name to its addresses (the system resolver unless a test gives its own). */
export type AlertLookup = (host: string) => Promise<ResolvedAddress[]>;

/** A destination a policy refuses (`refused`), or a name that does not resolve (`unresolved`). */
export class AlertDestinationError extends Error {
  constructor(
    message: string,
    readonly reason: 'refused' | 'unresolved',
  ) {
    super(message);
  }
}

/** What an app allows its alerts to reach. */
export interface AlertDestinations {
  /** At save time: throws AlertDestinationError(`refused`) for a destination that can never be sent to. */
  vet(target: AlertTarget): Promise<void>;
  /** At send time: resolves the target, checks every address, answers the one address to connect to. */
  resolve(target: AlertTarget): Promise<ResolvedAddress>;
}

export const systemLookup: AlertLookup = async (host) => {
  const all = await dnsLookup(host, { all: true, verbatim: true });
  return all.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

const LOOKUP_TIMEOUT_MS = 5000;

/** The target's addresses: an IP literal as it is, a name through the lookup (bounded in time). */
export async function resolveTarget(host: string, lookup: AlertLookup): Promise<ResolvedAddress[]> {
  const bare = host.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family !== 0) return [{ address: bare, family: family === 6 ? 6 : 4 }];
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new AlertDestinationError(`${host} did not resolve in time`, 'unresolved')),
      LOOKUP_TIMEOUT_MS,
    );
  });
  try {
    const all = await Promise.race([lookup(bare), timeout]);
    if (all.length === 0) throw new AlertDestinationError(`${host} does not resolve`, 'unresolved');
    return all;
  } catch (err) {
    if (err instanceof AlertDestinationError) throw err;
    throw new AlertDestinationError(`${host} does not resolve`, 'unresolved');
  } finally {
    clearTimeout(timer);
  }
}

/** Host (lower case, no brackets, no trailing dot) and port of a channel's destination. */
export function channelTarget(channel: AlertChannel): AlertTarget {
  if (channel.type === 'email')
    return { host: normalHost(channel.host), port: channel.port, service: 'smtp' };
  const url = new URL(channel.url);
  const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
  return { host: normalHost(url.hostname), port, service: 'http' };
}

export function normalHost(host: string): string {
  return host
    .trim()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
}

/** Any address, any port: resolves once and connects to what it resolved (the gateway's base policy). */
export function anyDestination(lookup: AlertLookup = systemLookup): AlertDestinations {
  return {
    vet: async () => undefined,
    resolve: async (t) => {
      const [first] = await resolveTarget(t.host, lookup);
      if (!first) throw new AlertDestinationError(`${t.host} does not resolve`, 'unresolved');
      return first;
    },
  };
}

// ---- the public-only policy of a server on the internet (the cloud) ----

/** The ports a public-only policy allows without an allow-list entry. */
export const ALERT_PUBLIC_PORTS: Readonly<Record<AlertService, readonly number[]>> = {
  http: [80, 443, 8080, 8443],
  smtp: [25, 465, 587, 2525],
};

/** One entry of an operator's allow-list: a host name or an address/network, each with an optional port. */
export type AlertAllowEntry =
  | { readonly kind: 'name'; readonly host: string; readonly port?: number }
  | { readonly kind: 'net'; readonly net: IpNet; readonly port?: number };

/**
 * Parses `host`, `host:port`, `1.2.3.4`, `1.2.3.4:25`, `10.0.0.0/8`, `[fd00::1]:8080`, `fd00::/8`;
 * answers the entries and the text of each entry that is none of these.
 */
export function parseAlertAllowList(text: string): { entries: AlertAllowEntry[]; bad: string[] } {
  const entries: AlertAllowEntry[] = [];
  const bad: string[] = [];
  for (const raw of text.split(/[\s,]+/)) {
    if (raw === '') continue;
    const entry = parseEntry(raw);
    if (entry) entries.push(entry);
    else bad.push(raw);
  }
  return { entries, bad };
}

function parseEntry(raw: string): AlertAllowEntry | undefined {
  const port = (p: string | undefined) => {
    if (p === undefined) return undefined;
    const n = /^\d{1,5}$/.test(p) ? Number(p) : 0;
    return n >= 1 && n <= 65535 ? n : Number.NaN;
  };
  const bracketed = /^\[([^\]]+)\](?::([^:]+))?$/.exec(raw);
  if (bracketed) {
    const n = parseNet(bracketed[1] ?? '');
    const p = port(bracketed[2]);
    if (!n || Number.isNaN(p)) return undefined;
    return p === undefined ? { kind: 'net', net: n } : { kind: 'net', net: n, port: p };
  }
  if (raw.includes('/') || isIP(raw) === 6) {
    const n = parseNet(raw);
    return n ? { kind: 'net', net: n } : undefined;
  }
  const [host = '', portText, extra] = raw.split(':');
  const p = port(portText);
  if (extra !== undefined || Number.isNaN(p)) return undefined;
  if (isIP(host) === 4) {
    const n = parseNet(host);
    if (!n) return undefined;
    return p === undefined ? { kind: 'net', net: n } : { kind: 'net', net: n, port: p };
  }
  if (!/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*\.?$/i.test(host)) return undefined;
  const name = normalHost(host);
  return p === undefined ? { kind: 'name', host: name } : { kind: 'name', host: name, port: p };
}

const portMatches = (e: AlertAllowEntry, port: number) => e.port === undefined || e.port === port;

/**
 * Alerts only to the public internet on the usual ports, unless the operator's allow-list names the host (as
 * written in the channel) or holds the address. Every address a name resolves to must pass.
 */
export function publicDestinations(
  allow: readonly AlertAllowEntry[],
  lookup: AlertLookup = systemLookup,
): AlertDestinations {
  const byName = (t: AlertTarget) =>
    allow.some((e) => e.kind === 'name' && e.host === normalHost(t.host) && portMatches(e, t.port));
  const standardPort = (t: AlertTarget) => ALERT_PUBLIC_PORTS[t.service].includes(t.port);
  const portRefused = (t: AlertTarget) =>
    new AlertDestinationError(
      `port ${t.port} is not allowed (only ${ALERT_PUBLIC_PORTS[t.service].join(', ')})`,
      'refused',
    );
  const check = (t: AlertTarget, address: string) => {
    const bytes = ipBytes(canonicalIp(address));
    if (bytes && allow.some((e) => e.kind === 'net' && inNet(e.net, bytes) && portMatches(e, t.port))) return;
    const range = nonPublicRange(address);
    if (range) throw new AlertDestinationError(`${t.host} is a ${range} address`, 'refused');
    if (!standardPort(t)) throw portRefused(t);
  };
  return {
    // Names are resolved when sending (they may resolve differently then); addresses and ports now.
    vet: async (t) => {
      if (byName(t)) return;
      const bare = normalHost(t.host);
      if (isIP(bare) !== 0) return check(t, bare);
      const netMayAllow = allow.some((e) => e.kind === 'net' && portMatches(e, t.port));
      if (!standardPort(t) && !netMayAllow) throw portRefused(t);
    },
    resolve: async (t) => {
      const all = await resolveTarget(t.host, lookup);
      if (!byName(t)) for (const a of all) check(t, a.address);
      const [first] = all;
      if (!first) throw new AlertDestinationError(`${t.host} does not resolve`, 'unresolved');
      return first;
    },
  };
}
