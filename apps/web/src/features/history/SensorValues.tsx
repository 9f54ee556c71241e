import type { OverviewRow } from '@st/protocol';
import { Group } from '../../ui/kit/layout';
import { Text } from '../../ui/kit/text';
import { formatNumber } from './format';
import { Sparkline } from './Sparkline';

/** Each latest sensor value of an overview row with its name and sparkline (the table's cell, a card's list). */
export function SensorValues({ row, lang }: { row: OverviewRow; lang: string }) {
  return Object.entries(row.sensors).map(([name, value]) => (
    <Group key={name} gap={4} wrap="nowrap" data-sensor={name}>
      <Text size="xs" c="dimmed">
        {name}
      </Text>
      <Text size="sm" data-value>
        {typeof value === 'number' ? formatNumber(lang, value) : value}
      </Text>
      {row.spark[name] ? <Sparkline values={row.spark[name]} label={name} /> : null}
    </Group>
  ));
}
