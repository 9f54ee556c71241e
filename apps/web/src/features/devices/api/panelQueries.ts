import { EARLY_FRESH_MS } from '../../../api/earlyGets';
import { sortByIp } from '../model/address';
import type { DevicesApi } from './devicesApi';
import { deviceKeys } from './useDevices';

/**
 * The queries the device panel's lists start with (search on, found devices sorted by ip, saved devices),
 * one definition for the hooks and for the prefetch that fills them before the panel first renders.
 * An answer is fresh for EARLY_FRESH_MS (as start-up's early answers are): the lists' hooks mounting after
 * the prefetch's answer do not ask the gateway again (issue 21: three more GETs, and a second parse and
 * sort of 300 devices, started before the first list showed). The found list is kept live by
 * useLiveDevices; the refresh buttons and the saved list's changes refetch at once.
 */
export function panelQueries(api: DevicesApi, gatewayKey: string) {
  return {
    searchEnabled: {
      queryKey: deviceKeys.searchEnabled(gatewayKey),
      queryFn: api.searchEnabled,
      staleTime: EARLY_FRESH_MS,
    },
    found: {
      queryKey: deviceKeys.found(gatewayKey),
      queryFn: async () => sortByIp(await api.found()),
      staleTime: EARLY_FRESH_MS,
    },
    saved: {
      queryKey: deviceKeys.saved(gatewayKey),
      queryFn: async () => sortByIp(await api.saved()),
      staleTime: EARLY_FRESH_MS,
    },
  };
}
