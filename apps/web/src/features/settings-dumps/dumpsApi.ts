import type { DeviceInfo, Gateway, SettingsDumpRecord } from '@st/protocol';
import { GATEWAY_ROUTES } from '@st/protocol';
import type { GatewayFetch } from '../../api/gatewayFetch';
import type { HttpClient } from '../../api/http';
import { gatewayCall } from '../../api/routes';
import type { ConsoleMode } from '../../app/runtime';
import { createDeviceCaller } from '../devices/api/deviceCommand';
import { sortByIp } from '../devices/model/address';

export interface DumpsApiContext {
  mode: ConsoleMode;
  http: HttpClient;
  gatewayFetch: GatewayFetch;
  gateway: Gateway | undefined;
}

/** Saved settings dumps on the gateway, and the device commands that make and use them. */
export function dumpsApi(ctx: DumpsApiContext) {
  const { gatewayFetch, gateway } = ctx;
  // The offline case surfaces as the thrown GatewayOfflineError, which the settings screen reports itself.
  const callDevice = createDeviceCaller({ ...ctx, onGatewayOffline: () => undefined });
  return {
    list: (): Promise<SettingsDumpRecord[]> =>
      gatewayFetch(gateway, gatewayCall(GATEWAY_ROUTES, 'gateway.devices.settings.list')),
    save: (device: DeviceInfo, dump: string) =>
      gatewayFetch(
        gateway,
        gatewayCall(GATEWAY_ROUTES, 'gateway.devices.settings.create', { body: { device, dump } }),
      ),
    remove: (id: string) =>
      gatewayFetch(
        gateway,
        gatewayCall(GATEWAY_ROUTES, 'gateway.devices.settings.delete', { params: { id } }),
      ),
    /** Found and saved devices, one entry per address, sorted by name. */
    devices: async (): Promise<DeviceInfo[]> => {
      const [found, saved] = await Promise.all([
        gatewayFetch(gateway, gatewayCall(GATEWAY_ROUTES, 'gateway.devices.found')),
        gatewayFetch(gateway, gatewayCall(GATEWAY_ROUTES, 'gateway.devices.saved.list')),
      ]);
      const byIp = new Map<string, DeviceInfo>();
      for (const device of [...saved, ...found]) byIp.set(device.ip, device);
      return sortByIp([...byIp.values()]);
    },
    exportFrom: (ip: string) => callDevice(ip, 'exportSettings'),
    importTo: (ip: string, dump: string) => callDevice(ip, 'importSettings', { settings: dump }),
  };
}

export type DumpsApi = ReturnType<typeof dumpsApi>;

export const dumpKeys = {
  list: (gatewayId: string) => ['settings-dumps', gatewayId] as const,
  devices: (gatewayId: string) => ['settings-dumps', gatewayId, 'devices'] as const,
};
