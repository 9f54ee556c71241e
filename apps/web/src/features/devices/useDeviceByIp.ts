import type { DeviceInfo } from '@st/protocol';
import { useQuery } from '@tanstack/react-query';
import { panelQueries } from './api/panelQueries';
import { useDevicesApi, useGatewayKey } from './api/useDevices';
import { useFoundDevices } from './api/useFoundDevices';

/** The found (else saved) device with this ip, from the lists' own queries; undefined while unknown. */
export function useDeviceByIp(ip: string): DeviceInfo | undefined {
  const api = useDevicesApi();
  const gatewayKey = useGatewayKey();
  const wanted = ip !== '';
  const found = useFoundDevices(wanted).list;
  const saved = useQuery({ ...panelQueries(api, gatewayKey).saved, enabled: wanted });
  if (!wanted) return undefined;
  return found?.find((d) => d.ip === ip) ?? saved.data?.find((d) => d.ip === ip);
}
