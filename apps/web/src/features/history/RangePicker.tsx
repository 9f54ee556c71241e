import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextInput } from '../../ui/kit/inputs';
import { Group } from '../../ui/kit/layout';
import { SegmentedControl } from '../../ui/kit/toggles';

export type RangeKey = '1h' | '24h' | '7d' | '30d' | 'custom';
export interface ChartRange {
  from: number;
  to: number;
  /** ends now and moves with the clock */
  live: boolean;
}

const SPAN: Record<Exclude<RangeKey, 'custom'>, number> = {
  '1h': 3600_000,
  '24h': 24 * 3600_000,
  '7d': 7 * 24 * 3600_000,
  '30d': 30 * 24 * 3600_000,
};

/** `datetime-local` value of a time, in the browser's time zone */
const local = (t: number) => {
  const d = new Date(t - new Date(t).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
};

export function useChartRange(): [RangeKey, ChartRange, (k: RangeKey) => void, (r: ChartRange) => void] {
  const [key, setKey] = useState<RangeKey>('1h');
  const [custom, setCustom] = useState<ChartRange>(() => {
    const to = Date.now();
    return { from: to - SPAN['24h'], to, live: false };
  });
  const range: ChartRange =
    key === 'custom' ? custom : { from: Date.now() - SPAN[key], to: Date.now(), live: true };
  // a live range is keyed by its span, so re-renders do not refetch
  const stable = key === 'custom' ? range : { from: 0, to: SPAN[key], live: true };
  return [key, stable, setKey, setCustom];
}

export function RangePicker({
  value,
  onChange,
  custom,
  onCustom,
}: {
  value: RangeKey;
  onChange: (k: RangeKey) => void;
  custom: ChartRange;
  onCustom: (r: ChartRange) => void;
}) {
  const { t } = useTranslation();
  const keys: RangeKey[] = ['1h', '24h', '7d', '30d', 'custom'];
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <SegmentedControl
        size="xs"
        aria-label={t('history.chart.range')}
        value={value}
        onChange={(v) => onChange(v as RangeKey)}
        data={keys.map((k) => ({ value: k, label: t(`history.range.${k}`) }))}
      />
      {value === 'custom' ? (
        <>
          <TextInput
            size="xs"
            type="datetime-local"
            label={t('history.range.from')}
            value={local(custom.from)}
            onChange={(e) => {
              const from = new Date(e.currentTarget.value).getTime();
              if (Number.isFinite(from) && from < custom.to) onCustom({ ...custom, from });
            }}
          />
          <TextInput
            size="xs"
            type="datetime-local"
            label={t('history.range.to')}
            value={local(custom.to)}
            onChange={(e) => {
              const to = new Date(e.currentTarget.value).getTime();
              if (Number.isFinite(to) && to > custom.from) onCustom({ ...custom, to });
            }}
          />
        </>
      ) : null}
    </Group>
  );
}
