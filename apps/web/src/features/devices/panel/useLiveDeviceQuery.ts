import type { DeviceSample } from '@st/protocol';
import { type UseQueryResult, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLiveSamples } from '../../history/historyApi';
import type { DeviceAnswer } from '../api/deviceCommand';
import { type Freshness, freshness } from '../model/liveSample';
import { useDevicePanel } from './DeviceContext';
import { useDeviceKey } from './useDeviceQuery';

type LiveCommand = 'getSensors' | 'getMetrics';

/**
 * Keeps a read of the panel's device current from the gateway's live samples while the calling tab is
 * mounted (the panel mounts only the visible tab, so a hidden or closed tab is unsubscribed). `apply` turns
 * the cached answer and a sample into the new answer. Times are the console's clock when a value arrived, so
 * they compare with a manual refresh's.
 */
export function useLiveDeviceQuery<C extends LiveCommand>(
  command: C,
  query: UseQueryResult<DeviceAnswer<C>>,
  apply: (current: DeviceAnswer<C> | undefined, sample: DeviceSample) => DeviceAnswer<C> | undefined,
): Freshness {
  const { device } = useDevicePanel();
  const key = useDeviceKey(command);
  const queryClient = useQueryClient();
  const [missed, setMissed] = useState<number | undefined>();
  useLiveSamples((sample) => {
    if (sample.ip !== device.ip) return;
    if (!sample.ok) {
      setMissed(Date.now());
      return;
    }
    const current = queryClient.getQueryData<DeviceAnswer<C>>(key);
    const next = apply(current, sample);
    if (next !== undefined) queryClient.setQueryData(key, next);
  });
  return freshness(query.dataUpdatedAt, missed);
}
