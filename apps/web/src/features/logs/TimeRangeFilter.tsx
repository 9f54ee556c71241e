import { Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LogFilter } from './logFilter';
import { fromLocalInput, isQuickRange, quickFrom, toLocalInput } from './timeRange';

const OPTIONS = ['15m', '1h', '24h', 'custom'] as const;

/** Any time, a quick range ending now, or a custom from/to (local wall time in the inputs, UTC in the filter). */
export function TimeRangeFilter({
  filter,
  onChange,
}: {
  filter: LogFilter;
  onChange: (filter: LogFilter) => void;
}) {
  const { t } = useTranslation();
  const choose = (value: string | null) => {
    const { range: _r, from: _f, to: _t, ...rest } = filter;
    if (isQuickRange(value)) onChange({ ...rest, range: value, from: quickFrom(value, Date.now()) });
    else if (value === 'custom')
      onChange({
        ...rest,
        range: 'custom',
        ...(filter.from ? { from: filter.from } : {}),
        ...(filter.to ? { to: filter.to } : {}),
      });
    else onChange(rest);
  };
  const end = (field: 'from' | 'to', label: string) => (
    <TextInput
      type="datetime-local"
      label={label}
      value={toLocalInput(filter[field])}
      onChange={(e) =>
        onChange({ ...filter, range: 'custom', [field]: fromLocalInput(e.currentTarget.value) })
      }
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
        value={filter.range ?? null}
        onChange={choose}
        clearable
        allowDeselect
        size="xs"
        w={170}
      />
      {filter.range === 'custom' ? (
        <>
          {end('from', t('logs.range.from'))}
          {end('to', t('logs.range.to'))}
        </>
      ) : null}
    </>
  );
}
