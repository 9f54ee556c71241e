import type { DeviceInfo } from '@st/protocol';

/** Whether a device matches the list's search text: any word in its name, ip, type or firmware versions. */
export function matchesSearch(
  device: Pick<DeviceInfo, 'name' | 'ip' | 'type' | 'version' | 'stVersion'>,
  query: string,
): boolean {
  const words = query
    .trim()
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w !== '');
  if (words.length === 0) return true;
  const text = [device.name, device.ip, device.type, device.version ?? '', device.stVersion]
    .join(' ')
    .toLowerCase();
  return words.every((w) => text.includes(w));
}
