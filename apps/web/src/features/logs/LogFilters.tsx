import { Group, Loader, Select, TextInput } from '@mantine/core';
import { LOG_LEVEL_NAMES, LogLevelName } from '@st/protocol';
import { useTranslation } from 'react-i18next';
import type { LogFilter } from './logFilter';
import { TimeRangeFilter } from './TimeRangeFilter';

export interface LogFiltersProps {
  filter: LogFilter;
  onChange: (filter: LogFilter) => void;
  /** The list is still catching up with the latest keystroke. */
  busy: boolean;
}

/** Minimum level and case-insensitive text filters on device (name and ip), tag and message. */
export function LogFilters({ filter, onChange, busy }: LogFiltersProps) {
  const { t } = useTranslation();
  const text = (field: 'device' | 'tag' | 'message', label: string) => (
    <TextInput
      label={label}
      value={filter[field]}
      onChange={(e) => onChange({ ...filter, [field]: e.currentTarget.value })}
      size="xs"
      w={180}
    />
  );
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" data-testid="logs-filters">
      {text('device', t('device.logs.column.device'))}
      {text('tag', t('device.logs.column.tag'))}
      <Select
        label={t('device.logs.filter.level')}
        placeholder={t('device.logs.filter.level.any')}
        data={[...LOG_LEVEL_NAMES]}
        value={filter.level ?? null}
        onChange={(value) => {
          const level = LogLevelName.safeParse(value);
          onChange({ ...filter, level: level.success ? level.data : undefined });
        }}
        clearable
        allowDeselect
        size="xs"
        w={140}
      />
      {text('message', t('device.logs.column.msg'))}
      <TimeRangeFilter filter={filter} onChange={onChange} />
      {busy ? <Loader role="status" size="xs" aria-label={t('device.logs.filtering')} /> : null}
    </Group>
  );
}
