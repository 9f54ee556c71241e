import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/ServicesContext';
import { describeFailure } from '../../ui/describeFailure';
import { Button } from '../../ui/kit/buttons';
import { Loader } from '../../ui/kit/feedback';
import { Center, Group, Paper } from '../../ui/kit/layout';
import { Alert } from '../../ui/kit/status';
import { Text } from '../../ui/kit/text';
import { useCsvDownload, useHistory } from './historyApi';
import type { ChartRange } from './RangePicker';
import { UPlotChart } from './UPlotChart';

export interface HistoryChartProps {
  ip: string;
  sensor: string;
  title: string;
  range: ChartRange;
  scale?: (v: number) => number;
  /** the unit of the (scaled) values */
  unit?: string | undefined;
}

/** One sensor's (or metric's) history over the chosen range, with its CSV download. */
export function HistoryChart({ ip, sensor, title, range, scale, unit }: HistoryChartProps) {
  const { t, i18n } = useTranslation();
  const { toaster } = useServices();
  const history = useHistory(ip, sensor, range.from, range.to, range.live);
  const download = useCsvDownload();
  const [downloading, setDownloading] = useState(false);
  const data = history.data;
  const onCsv = async () => {
    setDownloading(true);
    try {
      await download(ip, sensor, data?.from ?? range.from, data?.to ?? range.to);
    } catch (err) {
      toaster.error({ caption: t('history.chart.csv.error'), description: describeFailure(err, t) });
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Paper withBorder p="sm" data-chart={sensor}>
      {/* On a phone the title, the count and the CSV button share one narrow line: the title and the count give
          way (they wrap), the button keeps its word. */}
      <Group justify="space-between" mb={4} wrap="wrap" gap="xs">
        <Text fw={600} size="sm" style={{ minWidth: 0 }}>
          {title}
        </Text>
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0, marginLeft: 'auto' }}>
          {data ? (
            <Text size="xs" c="dimmed" style={{ minWidth: 0 }}>
              {t('history.chart.points', {
                count: data.points.filter((p) => p.v !== null).length,
                resolution: t(`history.chart.resolution.${data.resolution}`),
              })}
            </Text>
          ) : null}
          <Button
            size="compact-xs"
            variant="light"
            leftSection={<IconDownload size={14} aria-hidden />}
            loading={downloading}
            onClick={() => void onCsv()}
            aria-label={t('history.chart.csv.title', { sensor: title })}
            data-testid="chart-csv"
            style={{ flexShrink: 0, whiteSpace: 'nowrap' }}
          >
            {t('history.chart.csv')}
          </Button>
        </Group>
      </Group>
      {history.error ? (
        <Alert color="red" role="alert" title={t('history.chart.load.error')}>
          {describeFailure(history.error, t)}
        </Alert>
      ) : !data ? (
        <Center h={180}>
          <Loader role="status" size="sm" aria-label={t('common.loading')} />
        </Center>
      ) : data.points.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('history.chart.empty')}
        </Text>
      ) : (
        <UPlotChart
          points={data.points}
          from={data.from}
          to={data.to}
          band={data.resolution !== 'raw'}
          lang={i18n.language}
          label={title}
          timeLabel={t('history.chart.time')}
          minLabel={t('history.chart.min')}
          maxLabel={t('history.chart.max')}
          unit={unit}
          {...(scale ? { scale } : {})}
        />
      )}
    </Paper>
  );
}
