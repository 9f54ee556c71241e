import { ApiError, type DeviceInfo } from '@st/protocol';
import type { Discovery } from '../discovery/discovery';
import type { SavedDevices } from '../saved/savedDevices';
import { formatDeviceAddress, parseDeviceAddress } from './address';

/**
 * Finds the device a request names: by address (`ip` or `ip:port`) or by name, among found devices first,
 * then saved ones. Unknown devices are refused (the gateway only talks to devices it knows).
 */
export class DeviceResolver {
  constructor(
    private readonly discovery: Discovery,
    private readonly saved: SavedDevices,
  ) {}

  find(ref: string): DeviceInfo | undefined {
    const text = ref.trim();
    const address = parseDeviceAddress(text);
    if (address) {
      const key = formatDeviceAddress(address);
      const hit = this.discovery.get(key) ?? this.saved.byIp(key);
      if (hit) return hit;
    }
    return this.discovery.findByName(text) ?? this.saved.byName(text);
  }

  resolve(ref: string): DeviceInfo {
    const device = this.find(ref);
    if (!device) throw new ApiError('UNKNOWN_DEVICE', `Unknown device: ${ref}`);
    return device;
  }
}
