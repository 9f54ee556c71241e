import type { Sensors } from '@st/protocol';
import { useTranslation } from 'react-i18next';
import { addTexts } from '../../i18n';
import { Stack } from '../../ui/kit/layout';
import { Title } from '../../ui/kit/text';
import { useDevicePanel } from '../devices/panel/DeviceContext';
import { unitOfSensor } from './chartFormat';
import { HistoryChart } from './HistoryChart';
import { historyEn, historyRu } from './messages';
import { RangePicker, useChartRange } from './RangePicker';
import { TextChanges } from './TextChanges';

addTexts(historyEn, historyRu);

/**
 * Sensors tab: one history chart per numeric sensor (with the unit its name carries), a list of changes per
 * text sensor, sharing one range. Loaded lazily (uPlot).
 */
export default function SensorCharts({ sensors }: { sensors: Sensors }) {
  const { t } = useTranslation();
  const { device } = useDevicePanel();
  const [key, range, setKey, setCustom] = useChartRange();
  const named = (kind: 'number' | 'string') =>
    Object.entries(sensors)
      .filter(([, v]) => typeof v === kind)
      .map(([name]) => name);
  const numeric = named('number');
  const text = named('string');
  if (numeric.length === 0 && text.length === 0) return null;
  return (
    <Stack gap="sm" mt="md" data-testid="sensor-charts">
      <Title order={3} size="h5">
        {t('history.charts.title')}
      </Title>
      <RangePicker value={key} onChange={setKey} custom={range} onCustom={setCustom} />
      {numeric.map((name) => (
        <HistoryChart
          key={name}
          ip={device.ip}
          sensor={name}
          title={t('history.chart.title', { sensor: name })}
          range={range}
          unit={unitOfSensor(name)}
        />
      ))}
      {text.map((name) => (
        <TextChanges key={name} ip={device.ip} sensor={name} range={range} />
      ))}
    </Stack>
  );
}
