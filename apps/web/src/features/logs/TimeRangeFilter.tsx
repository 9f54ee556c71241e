import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { TextInput } from '../../ui/kit/inputs';
import { Select } from '../../ui/Select';
import type { LogFilter } from './logFilter';
import { fromLocalInput, isQuickRange, quickFrom, type TimeRange, toLocalInput } from './timeRange';

const OPTIONS = ['15m', '1h', '24h', 'custom'] as const;

/**
 * Any time, a quick range ending now, or a custom from/to (local wall time in the inputs, UTC in the filter).
 * Memoized on the range alone: typing in a text filter leaves this row (a Select) alone (issue 21).
 */
export const TimeRangeFilter = memo(function TimeRangeFilter({
  range,
  from,
  to,
  onUpdate,
}: {
  range: TimeRange | undefined;
  from: string | undefined;
  to: string | undefined;
  /** Changes the filter, given the latest one. */
  onUpdate: (update: (filter: LogFilter) => LogFilter) => void;
}) {
  const { t } = useTranslation();
  const choose = (value: string | null) =>
    onUpdate((filter) => {
      const { range: _r, from: _f, to: _t, ...rest } = filter;
      if (isQuickRange(value)) return { ...rest, range: value, from: quickFrom(value, Date.now()) };
      if (value === 'custom')
        return {
          ...rest,
          range: 'custom',
          ...(filter.from ? { from: filter.from } : {}),
          ...(filter.to ? { to: filter.to } : {}),
        };
      return rest;
    });
  const end = (field: 'from' | 'to', label: string) => (
    <TextInput
      type="datetime-local"
      label={label}
      value={toLocalInput(field === 'from' ? from : to)}
      onChange={(e) => {
        const value = fromLocalInput(e.currentTarget.value);
        onUpdate((filter) => ({ ...filter, range: 'custom', [field]: value }));
      }}
      size="xs"
      w={190}
    />
  );
  return (
    <>
      <Select
        label={t('logs.range.label')}
        placeholder={t('logs.range.any')}
        data={OPTIONS.map((value) => ({ value, label: t(`logs.range.${value}`) }))}
        value={range ?? null}
        onChange={choose}
        clearable
        size="xs"
        w={170}
      />
      {range === 'custom' ? (
        <>
          {end('from', t('logs.range.from'))}
          {end('to', t('logs.range.to'))}
        </>
      ) : null}
    </>
  );
});
