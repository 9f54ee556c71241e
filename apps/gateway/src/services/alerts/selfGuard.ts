import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import {
  AlertDestinationError,
  type AlertDestinations,
  type AlertLookup,
  type AlertTarget,
  canonicalIp,
  nonPublicRange,
  resolveTarget,
  systemLookup,
} from '@st/server-kit';

const THIS_MACHINE = new Set(['loopback', 'unspecified', 'unspecified or loopback']);

/** Whether a connection to `address` reaches a socket listening on `listen` (wildcard: every local address). */
export function reachesListener(address: string, listen: string): boolean {
  const a = canonicalIp(address);
  const l = canonicalIp(listen);
  if (a === l || a === '0.0.0.0' || a === '::') return true;
  if (l !== '0.0.0.0' && l !== '::') return false;
  if (THIS_MACHINE.has(nonPublicRange(a) ?? '')) return true;
  return Object.values(networkInterfaces()).some((list) =>
    (list ?? []).some((i) => canonicalIp(i.address) === a),
  );
}

/**
 * The gateway's policy: any address of the LAN, but never the gateway's own HTTP listener (an alert sent to
 * it would call its own routes, and a Test pointed at the Test route would call itself without end).
 */
export function gatewayDestinations(
  self: () => AddressInfo | undefined,
  lookup: AlertLookup = systemLookup,
): AlertDestinations {
  const check = (t: AlertTarget, addresses: readonly string[]) => {
    const own = self();
    if (!own || t.port !== own.port) return;
    if (addresses.some((a) => reachesListener(a, own.address)))
      throw new AlertDestinationError(
        `${t.host}:${t.port} is this gateway itself; alerts cannot go to its own HTTP port`,
        'refused',
      );
  };
  return {
    vet: async (t) => {
      try {
        check(
          t,
          (await resolveTarget(t.host, lookup)).map((a) => a.address),
        );
      } catch (err) {
        // a name that does not resolve now may later: the send checks it again
        if (!(err instanceof AlertDestinationError) || err.reason === 'refused') throw err;
      }
    },
    resolve: async (t) => {
      const all = await resolveTarget(t.host, lookup);
      check(
        t,
        all.map((a) => a.address),
      );
      const [first] = all;
      if (!first) throw new AlertDestinationError(`${t.host} does not resolve`, 'unresolved');
      return first;
    },
  };
}
