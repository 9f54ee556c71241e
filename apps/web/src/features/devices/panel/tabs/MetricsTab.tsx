import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../../ui/format';
import { Loader } from '../../../../ui/kit/feedback';
import { Center, Stack } from '../../../../ui/kit/layout';
import { Text } from '../../../../ui/kit/text';
import { List } from '../../../../ui/kit/textBlocks';
import { metricsAfter } from '../../model/liveSample';
import { uptimeParts } from '../../model/uptime';
import { LastUpdated } from '../LastUpdated';
import { useDeviceQuery } from '../useDeviceQuery';
import { useLiveDeviceQuery } from '../useLiveDeviceQuery';

// Uptime and heap charts (uPlot) download only when a metrics tab opens.
const MetricCharts = lazy(() => import('../../../history/MetricCharts'));

/** How often the open metrics tab reads the device again. */
const METRICS_REFRESH_MS = 5000;

/** A metric's value; numbers are written for the chosen language (12 345 in Russian, 12,345 in English). */
function Tree({ value, number }: { value: unknown; number: (n: number) => string }): ReactNode {
  if (typeof value === 'number') return <Text span>{number(value)}</Text>;
  if (typeof value !== 'object' || value === null) return <Text span>{String(value)}</Text>;
  return (
    <List size="sm" withPadding>
      {Object.entries(value).map(([key, inner]) => (
        <List.Item key={key}>
          <Text span fw={600}>
            {key}:{' '}
          </Text>
          <Tree value={inner} number={number} />
        </List.Item>
      ))}
    </List>
  );
}

/**
 * Every metric the device reports, uptime as days/hours/minutes/seconds; read again every few seconds, and
 * uptime, free heap and reset reason updated from the gateway's live samples in between.
 */
export function MetricsTab() {
  const { t } = useTranslation();
  const format = useFormat();
  const metrics = useDeviceQuery('getMetrics', t('devices.metrics.load.error'), {
    refetchInterval: METRICS_REFRESH_MS,
  });
  const fresh = useLiveDeviceQuery('getMetrics', metrics, metricsAfter);
  if (metrics.data === undefined) {
    return (
      <Center mih={80}>
        {metrics.isFetching ? <Loader role="status" aria-label={t('common.loading')} /> : null}
      </Center>
    );
  }
  const { uptime, ...rest } = metrics.data;
  const uptimeText = uptimeParts(uptime)
    .map(([unit, n]) => t(`devices.metrics.uptime.${unit}`, { count: n }))
    .join(' ');
  return (
    <Stack gap="xs">
      <LastUpdated {...fresh} />
      <Text data-testid="device-uptime">
        <Text span fw={600}>
          {t('devices.metrics.uptime')}:{' '}
        </Text>
        {uptimeText}
      </Text>
      <Tree value={rest} number={(n) => format.number(n)} />
      <Suspense fallback={null}>
        <MetricCharts />
      </Suspense>
    </Stack>
  );
}
