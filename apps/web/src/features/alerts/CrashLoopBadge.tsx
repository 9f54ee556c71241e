import { Badge, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { alertKeys } from './alertsApi';
import { useAlertsApi } from './useAlertsApi';

/** How often the devices in a crash loop are asked for (one request for every badge on screen). */
const CRASH_LOOPS_REFRESH_MS = 10_000;

/** A red "Crash loop" badge while the gateway says this device is crash-looping; nothing otherwise. */
export function CrashLoopBadge({ ip }: { ip: string }) {
  const { t, i18n } = useTranslation();
  const { api, gatewayKey } = useAlertsApi();
  const loops = useQuery({
    queryKey: alertKeys.crashLoops(gatewayKey),
    queryFn: api.crashLoops,
    refetchInterval: CRASH_LOOPS_REFRESH_MS,
    staleTime: CRASH_LOOPS_REFRESH_MS / 2,
    retry: false,
  });
  const loop = loops.data?.find((l) => l.ip === ip);
  if (loop === undefined) return null;
  const since = new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' }).format(loop.since);
  const title = t('crashLoop.title', { reboots: loop.reboots, since });
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
