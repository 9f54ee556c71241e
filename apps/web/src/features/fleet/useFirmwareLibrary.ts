import { type DeviceInfo, type Firmware, newerFirmware } from '@st/protocol';
import { useCallback } from 'react';
import { useQuery } from '../../api/query';
import { otaKeys } from '../ota/otaApi';
import { useOtaApi } from '../ota/useOtaApi';

/** How long the firmware library is trusted before a badge asks again (one request for every badge). */
const LIBRARY_STALE_MS = 30_000;

/**
 * The gateway's firmware library (the OTA screen's own query, so adding a firmware there refreshes every
 * badge), and `newerFor(device)`: the newest image of the device's type and board when it is newer.
 */
export function useFirmwareLibrary() {
  const { api, gatewayKey } = useOtaApi();
  const library = useQuery({
    queryKey: otaKeys.firmwares(gatewayKey),
    queryFn: api.firmwares,
    staleTime: LIBRARY_STALE_MS,
    retry: false,
  });
  const data = library.data;
  const newerFor = useCallback(
    (device: Pick<DeviceInfo, 'type' | 'board' | 'version'>): Firmware | undefined =>
      data === undefined ? undefined : newerFirmware(device, data),
    [data],
  );
  return { library, newerFor };
}
