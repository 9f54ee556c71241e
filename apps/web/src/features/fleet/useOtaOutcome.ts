import type { DeviceInfo, OtaTask } from '@st/protocol';
import { isOtaStatusFinal } from '@st/protocol';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { otaKeys } from '../ota/otaKeys';
import { verdictMessage } from '../ota/otaModel';
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
    // Once the device confirmed the image, what it reports when back (or that it did not come back).
    const verdict = task.verdict ? verdictMessage(task.verdict) : undefined;
    const said = verdict ? t(verdict.key, verdict.values) : task.error;
    return [
      {
        ip: d.ip,
        name: d.name,
        state,
        detail: verdict && state === 'done' ? said : said ? `${status}: ${said}` : status,
        progress: task.progress,
      },
    ];
  });
}
