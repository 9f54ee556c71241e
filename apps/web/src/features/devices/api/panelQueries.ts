import { sortByIp } from '../model/address';
import type { DevicesApi } from './devicesApi';
import { deviceKeys } from './useDevices';

/** How long a list answer counts as fresh: the lists' hooks mounting after the prefetch do not ask again. */
const LIST_FRESH_MS = 10_000;

/**
 * The queries the device panel's lists start with (search on, found devices sorted by ip, saved devices),
 * one definition for the hooks and for the prefetch that fills them before the panel first renders.
 * An answer is fresh for LIST_FRESH_MS, so the hooks that mount after the prefetch's answer take it instead
 * of asking the gateway again (and parsing and sorting 300 devices again). The found list is kept live by
 * useLiveDevices; the refresh buttons and the saved list's changes refetch at once.
 */
export function panelQueries(api: DevicesApi, gatewayKey: string) {
  return {
    searchEnabled: {
      queryKey: deviceKeys.searchEnabled(gatewayKey),
      queryFn: api.searchEnabled,
      staleTime: LIST_FRESH_MS,
    },
    found: {
      queryKey: deviceKeys.found(gatewayKey),
      queryFn: async () => sortByIp(await api.found()),
      staleTime: LIST_FRESH_MS,
    },
    saved: {
      queryKey: deviceKeys.saved(gatewayKey),
      queryFn: async () => sortByIp(await api.saved()),
      staleTime: LIST_FRESH_MS,
    },
  };
}
