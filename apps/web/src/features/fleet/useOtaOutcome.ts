import type { DeviceInfo, OtaTask } from '@st/protocol';
import { isOtaStatusFinal } from '@st/protocol';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { otaKeys } from '../ota/otaKeys';
import type { UploadOutcome } from '../ota/useOtaActions';
import { useOtaApi } from '../ota/useOtaApi';
import type { OutcomeRow } from './OutcomeList';

const POLL_MS = 1000;

/**
 * Per-device rows of firmware uploads started together: each follows its task through the gateway's running
 * uploads and then its history, until it is finished or failed.
 */
export function useOtaOutcome(
  devices: readonly DeviceInfo[],
  outcome: UploadOutcome | undefined,
): OutcomeRow[] {
  const { t } = useTranslation();
  const { api, gatewayKey } = useOtaApi();
  const watching = outcome !== undefined;
  const active = useQuery({
    queryKey: otaKeys.active(gatewayKey),
    queryFn: api.active,
    enabled: watching,
    refetchInterval: watching ? POLL_MS : false,
  });
  const history = useQuery({
    queryKey: otaKeys.history(gatewayKey),
    queryFn: api.history,
    enabled: watching,
    refetchInterval: watching ? POLL_MS : false,
  });
  if (outcome === undefined) return [];
  const tasks = new Map<string, OtaTask>();
  for (const task of [...(history.data ?? []), ...(active.data ?? [])]) tasks.set(task.taskId, task);
  return devices.flatMap((d): OutcomeRow[] => {
    const result = outcome.get(d.ip);
    if (result === undefined) return [];
    if ('error' in result) return [{ ip: d.ip, name: d.name, state: 'failed', detail: result.error }];
    const task = tasks.get(result.taskId);
    if (task === undefined) return [{ ip: d.ip, name: d.name, state: 'running' }];
    const status = t(`ota.status.${task.status}`);
    const final = isOtaStatusFinal(task.status);
    const state = !final ? 'running' : task.status === 'FINISHED' ? 'done' : 'failed';
    return [
      {
        ip: d.ip,
        name: d.name,
        state,
        detail: task.error ? `${status}: ${task.error}` : status,
        progress: task.progress,
      },
    ];
  });
}
