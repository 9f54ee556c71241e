import type { DeviceInfo } from '@st/protocol';

/** The last octet of an IPv4 address (`ip` or `ip:port`); addresses that are not IPv4 sort last. */
export function lastOctet(address: string): number {
  const host = address.split(':')[0] ?? '';
  const parts = host.split('.');
  const last = parts.length === 4 ? Number(parts[3]) : Number.NaN;
  return Number.isInteger(last) ? last : Number.MAX_SAFE_INTEGER;
}

/** Devices sorted by the last octet of their ip (spec section 2), then by the whole address and name. */
export function sortByIp<T extends Pick<DeviceInfo, 'ip' | 'name'>>(devices: readonly T[]): T[] {
  return [...devices].sort(
    (a, b) => lastOctet(a.ip) - lastOctet(b.ip) || a.ip.localeCompare(b.ip) || a.name.localeCompare(b.name),
  );
}

/** A found device appearing: added unless one with the same ip and name is listed. */
export function withFound<T extends Pick<DeviceInfo, 'ip' | 'name'>>(list: readonly T[], device: T): T[] {
  if (list.some((d) => d.ip === device.ip && d.name === device.name)) return [...list];
  return sortByIp([...list.filter((d) => d.ip !== device.ip), device]);
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
