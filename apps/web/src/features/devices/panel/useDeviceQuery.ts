import type { DeviceCommandName } from '@st/protocol';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import type { DeviceAnswer } from '../api/deviceCommand';
import { deviceKeys, useDeviceCaller, useGatewayKey } from '../api/useDevices';
import { useQueryErrorToast } from '../api/useQueryErrorToast';
import { useDevicePanel } from './DeviceContext';

type ReadCommand = 'getInfo' | 'getActions' | 'getSensors' | 'getWiFi' | 'getConfigValues' | 'getMetrics';

/** The query key of a read command of the panel's device (tabs invalidate it to refresh). */
export function useDeviceKey(command: DeviceCommandName, ...args: string[]) {
  const { device } = useDevicePanel();
  return deviceKeys.command(useGatewayKey(), device.ip, command, ...args);
}

/** A read command of the panel's device as a cached query; a failure is toasted with `errorCaption`. */
export function useDeviceQuery<C extends ReadCommand>(
  command: C,
  errorCaption: string,
  options: { refetchInterval?: number; enabled?: boolean } = {},
): UseQueryResult<DeviceAnswer<C>> {
  const { device } = useDevicePanel();
  const call = useDeviceCaller();
  const queryKey = useDeviceKey(command);
  const every = options.refetchInterval;
  const query = useQuery({
    queryKey,
    queryFn: () => call(device.ip, command),
    // Polling stops at the first failure (one toast, not one every few seconds); a re-click of the tab retries.
    refetchInterval: (q) => (every === undefined || q.state.error !== null ? false : every),
    enabled: options.enabled ?? true,
  });
  useQueryErrorToast(query.error, errorCaption);
  return query;
}
