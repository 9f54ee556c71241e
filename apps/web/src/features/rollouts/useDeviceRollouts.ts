import { ROLLOUT_ROUTES, type RolloutDeviceStates, type RolloutProgressMessage } from '@st/protocol';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { gatewayCall } from '../../api/routes';
import { useCurrentGateway } from '../../app/CurrentGateway';
import { useServices } from '../../app/ServicesContext';
import { applyToDeviceStates } from './deviceRolloutModel';
import { rolloutKeys } from './rolloutsApi';
import { useRolloutMessages } from './useRolloutsLive';

const NONE: RolloutDeviceStates = {};

/** Each device in a running or paused rollout with its state there, kept live by the `/rollouts` topic. */
export function useDeviceRollouts(): RolloutDeviceStates {
  const { gatewayFetch } = useServices();
  const gateway = useCurrentGateway();
  const gatewayKey = gateway?.id ?? '';
  const client = useQueryClient();
  const states = useQuery<RolloutDeviceStates>({
    queryKey: [...rolloutKeys.all(gatewayKey), 'devices'],
    queryFn: () => gatewayFetch(gateway, gatewayCall(ROLLOUT_ROUTES, 'gateway.rollouts.devices')),
  });
  useRolloutMessages(
    gatewayKey,
    useCallback(
      (message: RolloutProgressMessage) => {
        const queryKey = [...rolloutKeys.all(gatewayKey), 'devices'];
        const now = client.getQueryData<RolloutDeviceStates>(queryKey);
        const next = now === undefined ? undefined : applyToDeviceStates(now, message);
        if (next === undefined) void client.invalidateQueries({ queryKey });
        else client.setQueryData(queryKey, next);
      },
      [gatewayKey, client],
    ),
  );
  return states.data ?? NONE;
}
