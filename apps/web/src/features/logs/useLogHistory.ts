import type { LogMessage } from '@st/protocol';
import { GATEWAY_ROUTES } from '@st/protocol';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../../api/errors';
import { gatewayCall } from '../../api/routes';
import { useCurrentGateway } from '../../app/CurrentGateway';
import { useServices } from '../../app/ServicesContext';
import { describeFailure } from '../../ui/describeFailure';
import { useDebouncedValue } from '../../ui/kit/hooks';
import { historyQuery, type LogFilter } from './logFilter';

/** How many past lines one filter asks the gateway for (its cap is LOGS.queryMaxLimit). */
export const HISTORY_LIMIT = 1000;
/** Typing pauses this long before the gateway is asked again. */
const SETTLE_MS = 300;

/**
 * Past lines from the gateway for the filter, filtered there, so a search reaches lines the screen never
 * received. The previous answer stays on screen while the next one loads. History is read again once the live
 * stream delivers (`streaming`): a line the gateway received after the first answer but before the screen's
 * subscription reached it comes neither live nor in that answer; older than every live line, it is in the
 * second answer and shows below them (logView.ts visibleHistory).
 */
export function useLogHistory(
  filter: LogFilter,
  streaming: boolean,
): { history: readonly LogMessage[]; loading: boolean } {
  const { gatewayFetch, toaster, log } = useServices();
  const gateway = useCurrentGateway();
  const { t } = useTranslation();
  const [settled] = useDebouncedValue(filter, SETTLE_MS);
  const query = historyQuery(settled, HISTORY_LIMIT);
  const result = useQuery({
    queryKey: ['device-logs', gateway?.id ?? '', query, streaming],
    queryFn: () => gatewayFetch(gateway, gatewayCall(GATEWAY_ROUTES, 'gateway.devices.logs', { query })),
    placeholderData: keepPreviousData,
  });

  useEffect(() => {
    if (result.error === null) return;
    log.warn('Failed to load device logs', result.error);
    toaster.error({
      caption: t('device.logs.load.error'),
      description: serverMessage(result.error) ?? describeFailure(result.error, t),
    });
  }, [result.error, log, toaster, t]);

  return { history: result.data ?? [], loading: result.isFetching };
}
