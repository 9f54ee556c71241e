import type { DeviceInfo } from '@st/protocol';
import { useQuery } from '@tanstack/react-query';
import { deviceKeys, useDevicesApi, useGatewayKey } from './api/useDevices';
import { sortByIp } from './model/address';

/** The found (else saved) device with this ip, from the lists' own queries; undefined while unknown. */
export function useDeviceByIp(ip: string): DeviceInfo | undefined {
  const api = useDevicesApi();
  const gatewayKey = useGatewayKey();
  const wanted = ip !== '';
  const enabled = useQuery({
    queryKey: deviceKeys.searchEnabled(gatewayKey),
    queryFn: api.searchEnabled,
    enabled: wanted,
  });
  const found = useQuery({
    queryKey: deviceKeys.found(gatewayKey),
    queryFn: async () => sortByIp(await api.found()),
    enabled: wanted && enabled.data === true,
  });
  const saved = useQuery({
    queryKey: deviceKeys.saved(gatewayKey),
    queryFn: async () => sortByIp(await api.saved()),
    enabled: wanted,
  });
  if (!wanted) return undefined;
  return found.data?.find((d) => d.ip === ip) ?? saved.data?.find((d) => d.ip === ip);
}
