import type { CrashLoopState } from '@st/protocol';
import { ALERT_ROUTES } from '@st/protocol';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { gatewayCall } from '../../api/routes';
import { useCurrentGateway } from '../../app/CurrentGateway';
import { useServices } from '../../app/ServicesContext';
import { addTexts } from '../../i18n';
import { Tooltip } from '../../ui/floating/Tooltip';
import { Badge } from '../../ui/kit/status';
import { alertKeys } from './alertKeys';
import { alertsFirstEn, alertsFirstRu } from './messagesFirst';

addTexts(alertsFirstEn, alertsFirstRu);

/** How often the devices in a crash loop are asked for (one request for every list and panel on screen). */
const CRASH_LOOPS_REFRESH_MS = 10_000;

/**
 * The devices the gateway says are crash-looping, and `loopOf(ip)`. One query for a whole list (issue 21:
 * a query observer per row cost the first list's render for nothing).
 */
export function useCrashLoops() {
  const { gatewayFetch } = useServices();
  const gateway = useCurrentGateway();
  const loops = useQuery({
    queryKey: alertKeys.crashLoops(gateway?.id ?? ''),
    // (the call itself, not the alerts screen's api: the device list does not download the alerts' routes)
    queryFn: () => gatewayFetch(gateway, gatewayCall(ALERT_ROUTES, 'gateway.devices.crashLoops')),
    refetchInterval: CRASH_LOOPS_REFRESH_MS,
    staleTime: CRASH_LOOPS_REFRESH_MS / 2,
    retry: false,
  });
  const data = loops.data;
  return useCallback((ip: string): CrashLoopState | undefined => data?.find((l) => l.ip === ip), [data]);
}

/** A red "Crash loop" badge while the gateway says this device is crash-looping; nothing otherwise. */
export function CrashLoopBadge({ ip }: { ip: string }) {
  const loopOf = useCrashLoops();
  return <CrashLoopMark loop={loopOf(ip)} />;
}

/** The badge for a crash loop already looked up (a list asks once for all its rows). */
export function CrashLoopMark({ loop }: { loop: CrashLoopState | undefined }) {
  const { t, i18n } = useTranslation();
  if (loop === undefined) return null;
  const since = new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' }).format(loop.since);
  const title = t('crashLoop.title', { count: loop.reboots, since });
  return (
    <Tooltip label={title}>
      <Badge
        color="red.9"
        variant="filled"
        data-testid="crash-loop-badge"
        aria-label={title}
        style={{ flexShrink: 0 }}
      >
        {t('crashLoop.badge')}
      </Badge>
    </Tooltip>
  );
}
