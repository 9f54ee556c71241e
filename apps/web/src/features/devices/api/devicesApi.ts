import { GATEWAY_ROUTES } from '@st/protocol';
import type { GatewayFetch, GatewayTarget } from '../../../api/gatewayFetch';
import { gatewayCall } from '../../../api/routes';

/** The gateway's device routes: discovery, saved devices and a device's command list. */
export function devicesApi(gatewayFetch: GatewayFetch, gateway: GatewayTarget | undefined) {
  return {
    searchEnabled: () => gatewayFetch(gateway, gatewayCall(GATEWAY_ROUTES, 'gateway.devices.searchEnabled')),
    found: () => gatewayFetch(gateway, gatewayCall(GATEWAY_ROUTES, 'gateway.devices.found')),
    saved: () => gatewayFetch(gateway, gatewayCall(GATEWAY_ROUTES, 'gateway.devices.saved.list')),
    add: (ip: string) =>
      gatewayFetch(gateway, gatewayCall(GATEWAY_ROUTES, 'gateway.devices.saved.add', { query: { ip } })),
    update: (ip: string) =>
      gatewayFetch(gateway, gatewayCall(GATEWAY_ROUTES, 'gateway.devices.saved.update', { query: { ip } })),
    remove: (ip: string) =>
      gatewayFetch(gateway, gatewayCall(GATEWAY_ROUTES, 'gateway.devices.saved.delete', { query: { ip } })),
    commands: (name: string, ip: string) =>
      gatewayFetch(gateway, gatewayCall(GATEWAY_ROUTES, 'gateway.device.commands', { query: { name, ip } })),
  };
}

export type DevicesApi = ReturnType<typeof devicesApi>;
