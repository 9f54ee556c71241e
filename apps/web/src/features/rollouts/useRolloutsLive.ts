import { type Rollout, RolloutProgressMessage, type RolloutSummary } from '@st/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { subscribeTopic } from '../../api/topics';
import { useServices } from '../../app/ServicesContext';
import { applyToList, applyToRollout } from './rolloutModel';
import { rolloutKeys } from './rolloutsApi';

/** Moves the rollout list and every open rollout along with the gateway's `/rollouts` topic. */
export function useRolloutsLive(gatewayKey: string) {
  const { live, log, config } = useServices();
  const queryClient = useQueryClient();
  useEffect(() => {
    const onMessage = (message: RolloutProgressMessage) => {
      const listKey = rolloutKeys.list(gatewayKey);
      queryClient.setQueryData<RolloutSummary[]>(listKey, (list) => applyToList(list, message));
      queryClient.setQueryData<Rollout>(rolloutKeys.one(gatewayKey, message.rollout.id), (one) =>
        applyToRollout(one, message),
      );
    };
    return config.mode === 'cloud'
      ? subscribeTopic({
          live,
          log,
          topic: 'cloud.rollouts',
          params: { gatewayId: gatewayKey },
          payload: RolloutProgressMessage,
          onMessage,
        })
      : subscribeTopic({
          live,
          log,
          topic: 'gateway.rollouts',
          params: {},
          payload: RolloutProgressMessage,
          onMessage,
        });
  }, [gatewayKey, config.mode, live, log, queryClient]);
}
