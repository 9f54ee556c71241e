import { type Rollout, RolloutProgressMessage, type RolloutSummary } from '@st/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { subscribeTopic } from '../../api/topics';
import { useServices } from '../../app/ServicesContext';
import { applyToList, applyToRollout } from './rolloutModel';
import { rolloutKeys } from './rolloutsApi';

/** Calls `onMessage` with each message of the gateway's `/rollouts` topic (through the cloud in cloud mode). */
export function useRolloutMessages(gatewayKey: string, onMessage: (message: RolloutProgressMessage) => void) {
  const { live, log, config } = useServices();
  useEffect(
    () =>
      config.mode === 'cloud'
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
          }),
    [gatewayKey, config.mode, live, log, onMessage],
  );
}

/** Moves the rollout list and every open rollout along with the gateway's `/rollouts` topic. */
export function useRolloutsLive(gatewayKey: string) {
  const queryClient = useQueryClient();
  useRolloutMessages(
    gatewayKey,
    useCallback(
      (message: RolloutProgressMessage) => {
        const listKey = rolloutKeys.list(gatewayKey);
        queryClient.setQueryData<RolloutSummary[]>(listKey, (list) => applyToList(list, message));
        queryClient.setQueryData<Rollout>(rolloutKeys.one(gatewayKey, message.rollout.id), (one) =>
          applyToRollout(one, message),
        );
      },
      [gatewayKey, queryClient],
    ),
  );
}
