import type { DeviceInfo } from '@st/protocol';

/** lastOctet of an address that is not IPv4: it sorts last */
const NOT_IPV4 = Number.MAX_SAFE_INTEGER;

/** The last octet of an IPv4 address (`ip` or `ip:port`); addresses that are not IPv4 sort last. */
export function lastOctet(address: string): number {
  const host = address.split(':')[0] ?? '';
  const parts = host.split('.');
  const last = parts.length === 4 ? Number(parts[3]) : Number.NaN;
  return Number.isInteger(last) ? last : NOT_IPV4;
}

/** Devices sorted by the last octet of their ip (spec section 2), then by the whole address and name. */
export function sortByIp<T extends Pick<DeviceInfo, 'ip' | 'name'>>(devices: readonly T[]): T[] {
  const keyed = devices.map((device) => ({ device, octet: lastOctet(device.ip) }));
  keyed.sort(
    (a, b) =>
      a.octet - b.octet ||
      compareAddresses(a.device.ip, b.device.ip, a.octet) ||
      a.device.name.localeCompare(b.device.name),
  );
  return keyed.map((k) => k.device);
}

/**
 * Two addresses with the same last octet in the order `localeCompare` gives them. Two IPv4 addresses (with
 * or without a port) with the same last octet first differ at a digit or a dot, which code points order as
 * the collation does; comparing them so spares the first list the collator's start-up (~45 ms at 4x CPU,
 * issue 21). Anything else keeps `localeCompare`.
 */
function compareAddresses(a: string, b: string, octet: number): number {
  if (octet === NOT_IPV4) return a.localeCompare(b);
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * A found device appearing: added in order; one listed with the same ip is replaced (the gateway announces a
 * known device again when its name, type or versions changed: after a firmware update its new version must
 * show at once, and its "update available" badge go).
 */
export function withFound<T extends Pick<DeviceInfo, 'ip' | 'name'>>(list: readonly T[], device: T): T[] {
  const listed = list.find((d) => d.ip === device.ip);
  if (listed !== undefined && sameFields(listed, device)) return [...list];
  if (listed !== undefined && listed.name === device.name)
    return list.map((d) => (d.ip === device.ip ? device : d));
  return sortByIp([...list.filter((d) => d.ip !== device.ip), device]);
}

function sameFields(a: object, b: object): boolean {
  const ak = Object.keys(a);
  if (ak.length !== Object.keys(b).length) return false;
  return ak.every((k) => Object.is((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/** A lost device: every entry with its ip leaves the list. */
export function withoutLost<T extends Pick<DeviceInfo, 'ip'>>(
  list: readonly T[],
  device: Pick<DeviceInfo, 'ip'>,
): T[] {
  return list.filter((d) => d.ip !== device.ip);
}

/** Spec section 2: the search panel expands when (width - 800) / 2 exceeds 350 px. */
export function searchPanelExpanded(windowWidth: number): boolean {
  return (windowWidth - 800) / 2 > 350;
}
