import { type DeviceInfo, type Firmware, newerFirmware, OTA_ROUTES } from '@st/protocol';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { gatewayCall } from '../../api/routes';
import { useCurrentGateway } from '../../app/CurrentGateway';
import { useServices } from '../../app/ServicesContext';
import { otaKeys } from '../ota/otaKeys';

/** How long the firmware library is trusted before a badge asks again (one request for every badge). */
const LIBRARY_STALE_MS = 30_000;

/**
 * The gateway's firmware library (the OTA screen's own query, so adding a firmware there refreshes every
 * badge), and `newerFor(device)`: the newest image of the device's type and board when it is newer.
 */
export function useFirmwareLibrary() {
  const { gatewayFetch } = useServices();
  const gateway = useCurrentGateway();
  const library = useQuery({
    queryKey: otaKeys.firmwares(gateway?.id ?? ''),
    // (the call itself, not the OTA screen's api: the device list does not download the OTA routes; issue 21)
    queryFn: () => gatewayFetch(gateway, gatewayCall(OTA_ROUTES, 'gateway.ota.firmware.list')),
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
