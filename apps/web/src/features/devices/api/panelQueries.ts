import { sortByIp } from '../model/address';
import type { DevicesApi } from './devicesApi';
import { deviceKeys } from './useDevices';

/**
 * The queries the device panel's lists start with (search on, found devices sorted by ip, saved devices),
 * one definition for the hooks and for the prefetch that fills them before the panel first renders.
 */
export function panelQueries(api: DevicesApi, gatewayKey: string) {
  return {
    searchEnabled: { queryKey: deviceKeys.searchEnabled(gatewayKey), queryFn: api.searchEnabled },
    found: {
      queryKey: deviceKeys.found(gatewayKey),
      queryFn: async () => sortByIp(await api.found()),
    },
    saved: {
      queryKey: deviceKeys.saved(gatewayKey),
      queryFn: async () => sortByIp(await api.saved()),
    },
  };
}
