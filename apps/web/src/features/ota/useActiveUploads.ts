import { isOtaStatusFinal, OtaProgressMessage, type OtaTask } from '@st/protocol';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { subscribeTopic } from '../../api/topics';
import { useServices } from '../../app/ServicesContext';
import { otaKeys } from './otaKeys';
import { applyProgress } from './otaModel';
import { useOtaApi } from './useOtaApi';

const POLL_BUSY_MS = 1000;
const POLL_IDLE_MS = 5000;

/**
 * Uploads running on the gateway: polled (every second while any runs), and moved along live by each task's
 * `/ota/{taskId}` topic. A task that leaves the list has ended: the history is reloaded.
 */
export function useActiveUploads() {
  const { live, log, config } = useServices();
  const { api, gatewayKey } = useOtaApi();
  const queryClient = useQueryClient();
  const key = otaKeys.active(gatewayKey);
  const active = useQuery({
    queryKey: key,
    queryFn: api.active,
    refetchInterval: (q) => ((q.state.data?.length ?? 0) > 0 ? POLL_BUSY_MS : POLL_IDLE_MS),
  });
  const ids = (active.data ?? []).map((task) => task.taskId).join(',');
  const seen = useRef(new Set<string>());

  useEffect(() => {
    const now = new Set(ids === '' ? [] : ids.split(','));
    const ended = [...seen.current].some((id) => !now.has(id));
    seen.current = now;
    if (ended) void queryClient.invalidateQueries({ queryKey: otaKeys.history(gatewayKey) });
    const onMessage = (taskId: string) => (message: OtaProgressMessage) => {
      queryClient.setQueryData<OtaTask[]>(otaKeys.active(gatewayKey), (list) =>
        list?.map((task) => (task.taskId === taskId ? applyProgress(task, message) : task)),
      );
      if (isOtaStatusFinal(message.status)) {
        void queryClient.invalidateQueries({ queryKey: otaKeys.active(gatewayKey) });
        void queryClient.invalidateQueries({ queryKey: otaKeys.history(gatewayKey) });
      }
    };
    const stops = [...now].map((taskId) =>
      config.mode === 'cloud'
        ? subscribeTopic({
            live,
            log,
            topic: 'cloud.ota',
            params: { gatewayId: gatewayKey, taskId },
            payload: OtaProgressMessage,
            onMessage: onMessage(taskId),
          })
        : subscribeTopic({
            live,
            log,
            topic: 'gateway.ota',
            params: { taskId },
            payload: OtaProgressMessage,
            onMessage: onMessage(taskId),
          }),
    );
    return () => {
      for (const stop of stops) stop();
    };
  }, [ids, gatewayKey, config.mode, live, log, queryClient]);

  return active;
}
