import { useTranslation } from 'react-i18next';
import { addTexts } from '../../i18n';
import { Stack } from '../../ui/kit/layout';
import { Title } from '../../ui/kit/text';
import { useDevicePanel } from '../devices/panel/DeviceContext';
import { HistoryChart } from './HistoryChart';
import { historyEn, historyRu } from './messages';
import { RangePicker, useChartRange } from './RangePicker';

addTexts(historyEn, historyRu);

const toHours = (ms: number) => ms / 3600_000;
const toKiB = (bytes: number) => bytes / 1024;

/** Metrics tab: uptime (in hours: a drop is a reboot) and free heap (KiB) over the chosen range. */
export default function MetricCharts() {
  const { t } = useTranslation();
  const { device } = useDevicePanel();
  const [key, range, setKey, setCustom] = useChartRange();
  return (
    <Stack gap="sm" mt="md" data-testid="metric-charts">
      <Title order={3} size="h5">
        {t('history.charts.title')}
      </Title>
      <RangePicker value={key} onChange={setKey} custom={range} onCustom={setCustom} />
      <HistoryChart
        ip={device.ip}
        sensor="uptime"
        title={t('history.chart.uptime')}
        range={range}
        scale={toHours}
        unit={t('history.unit.hours')}
      />
      <HistoryChart
        ip={device.ip}
        sensor="heap"
        title={t('history.chart.heap')}
        range={range}
        scale={toKiB}
        unit={t('history.unit.kib')}
      />
    </Stack>
  );
}
