import { compareFirmwareVersions, type DeviceInfo, type Firmware } from '@st/protocol';

/**
 * Compares firmware versions part by part, numbers as numbers ("1.10" is newer than "1.9"): semver-like ones
 * by the protocol's rule, others by their text with numbers as numbers.
 */
export function compareVersions(a: string, b: string): number {
  return compareFirmwareVersions(a, b) ?? a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' });
}

export type VersionStep = 'upgrade' | 'same' | 'downgrade' | 'unknown';

/** What flashing `firmware` does to the version of `device`. */
export function versionStep(
  device: Pick<DeviceInfo, 'version'>,
  firmware: Pick<Firmware, 'version'>,
): VersionStep {
  if (device.version === undefined || device.version === '') return 'unknown';
  const order = compareVersions(firmware.version, device.version);
  if (order === 0) return 'same';
  return order > 0 ? 'upgrade' : 'downgrade';
}

/** The firmware is built for the device's type (the gateway refuses others without the override). */
export function sameType(device: Pick<DeviceInfo, 'type'>, firmware: Pick<Firmware, 'type'>): boolean {
  return device.type === firmware.type;
}
