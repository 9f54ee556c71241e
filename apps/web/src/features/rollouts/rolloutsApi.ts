import {
  type DeviceInfo,
  GATEWAY_ROUTES,
  OTA_ROUTES,
  ROLLOUT_ROUTES,
  type RolloutAction,
  type RolloutCreate,
  TAG_ROUTES,
} from '@st/protocol';
import { useMemo } from 'react';
import type { GatewayFetch, GatewayTarget } from '../../api/gatewayFetch';
import { gatewayCall } from '../../api/routes';
import { useCurrentGateway } from '../../app/CurrentGateway';
import { useServices } from '../../app/ServicesContext';

/** The gateway's rollout routes (and what the create form lists), direct or through the cloud relay. */
export function rolloutsApi(call: GatewayFetch, gateway: GatewayTarget | undefined) {
  return {
    list: () => call(gateway, gatewayCall(ROLLOUT_ROUTES, 'gateway.rollouts.list')),
    get: (id: string) =>
      call(gateway, gatewayCall(ROLLOUT_ROUTES, 'gateway.rollouts.get', { params: { id } })),
    create: (body: RolloutCreate) =>
      call(gateway, gatewayCall(ROLLOUT_ROUTES, 'gateway.rollouts.create', { body })),
    preview: (body: Pick<RolloutCreate, 'firmwareId' | 'target'>) =>
      call(gateway, gatewayCall(ROLLOUT_ROUTES, 'gateway.rollouts.preview', { body })),
    action: (id: string, action: RolloutAction['action']) =>
      call(
        gateway,
        gatewayCall(ROLLOUT_ROUTES, 'gateway.rollouts.action', { params: { id }, body: { action } }),
      ),
    remove: (id: string) =>
      call(gateway, gatewayCall(ROLLOUT_ROUTES, 'gateway.rollouts.delete', { params: { id } })),
    firmwares: () => call(gateway, gatewayCall(OTA_ROUTES, 'gateway.ota.firmware.list')),
    tags: () => call(gateway, gatewayCall(TAG_ROUTES, 'gateway.devices.tags.list')),
    /** Found and saved devices, one entry per address. */
    devices: async (): Promise<DeviceInfo[]> => {
      const [found, saved] = await Promise.all([
        call(gateway, gatewayCall(GATEWAY_ROUTES, 'gateway.devices.found')),
        call(gateway, gatewayCall(GATEWAY_ROUTES, 'gateway.devices.saved.list')),
      ]);
      const byIp = new Map<string, DeviceInfo>();
      for (const device of [...saved, ...found]) byIp.set(device.ip, device);
      return [...byIp.values()];
    },
  };
}

export type RolloutsApi = ReturnType<typeof rolloutsApi>;

/** Query keys of the Rollouts screen, per gateway. */
export const rolloutKeys = {
  all: (gatewayId: string) => ['rollouts', gatewayId] as const,
  list: (gatewayId: string) => ['rollouts', gatewayId, 'list'] as const,
  one: (gatewayId: string, id: string) => ['rollouts', gatewayId, 'one', id] as const,
  preview: (gatewayId: string, body: string) => ['rollouts', gatewayId, 'preview', body] as const,
  firmwares: (gatewayId: string) => ['rollouts', gatewayId, 'firmwares'] as const,
  devices: (gatewayId: string) => ['rollouts', gatewayId, 'devices'] as const,
  tags: (gatewayId: string) => ['rollouts', gatewayId, 'tags'] as const,
};

/** The rollouts api for the gateway on screen, and the key part that names that gateway. */
export function useRolloutsApi() {
  const { gatewayFetch } = useServices();
  const gateway = useCurrentGateway();
  const api = useMemo(() => rolloutsApi(gatewayFetch, gateway), [gatewayFetch, gateway]);
  return { api, gatewayKey: gateway?.id ?? '' };
}
