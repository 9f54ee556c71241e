import type { FoundDevice } from '@st/protocol';
import { useQuery } from '@tanstack/react-query';
import { panelQueries } from './panelQueries';
import { useDevicesApi, useGatewayKey } from './useDevices';

/**
 * Whether the gateway searches for devices, and the devices it found (sorted by ip). Both are asked at once
 * rather than one after the other (the gateway answers the list either way): one round trip less before the
 * device list shows (issue 21). `list` is the found list while search is on, undefined otherwise or while
 * loading. The found-devices section, the saved devices' presence and links by ip share these queries.
 */
export function useFoundDevices(wanted = true) {
  const api = useDevicesApi();
  const gatewayKey = useGatewayKey();
  const queries = panelQueries(api, gatewayKey);
  const enabled = useQuery({ ...queries.searchEnabled, enabled: wanted });
  const found = useQuery({ ...queries.found, enabled: wanted });
  const list: readonly FoundDevice[] | undefined = enabled.data === true ? found.data : undefined;
  return { enabled, found, list };
}
