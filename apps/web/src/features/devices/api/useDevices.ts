import { useMemo } from 'react';
import { useCurrentGateway } from '../../../app/CurrentGateway';
import { useServices } from '../../../app/ServicesContext';
import { createDeviceCaller, type DeviceCaller } from './deviceCommand';
import { type DevicesApi, devicesApi } from './devicesApi';

/** Device commands for the current gateway (straight to the gateway, or through the cloud relay). */
export function useDeviceCaller(): DeviceCaller {
  const { config, http, toaster, i18n } = useServices();
  const gateway = useCurrentGateway();
  return useMemo(
    () =>
      createDeviceCaller({
        mode: config.mode,
        http,
        gateway,
        onGatewayOffline: (g) =>
          toaster.error({
            caption: i18n.t('gateway.offline'),
            description: i18n.t('gateway.offline.desc', { name: g.name }),
          }),
      }),
    [config.mode, http, gateway, toaster, i18n],
  );
}

/** The gateway's device lists (found, saved) for the current gateway. */
export function useDevicesApi(): DevicesApi {
  const { gatewayFetch } = useServices();
  const gateway = useCurrentGateway();
  return useMemo(() => devicesApi(gatewayFetch, gateway), [gatewayFetch, gateway]);
}

/** Query keys of everything the panel caches, per gateway ('' in gateway mode) and device address. */
export const deviceKeys = {
  all: (gatewayId: string) => ['devices', gatewayId] as const,
  searchEnabled: (gatewayId: string) => ['devices', gatewayId, 'search-enabled'] as const,
  found: (gatewayId: string) => ['devices', gatewayId, 'found'] as const,
  saved: (gatewayId: string) => ['devices', gatewayId, 'saved'] as const,
  device: (gatewayId: string, ip: string) => ['device', gatewayId, ip] as const,
  command: (gatewayId: string, ip: string, command: string, ...args: string[]) =>
    ['device', gatewayId, ip, command, ...args] as const,
};

export function useGatewayKey(): string {
  return useCurrentGateway()?.id ?? '';
}
