import { LOG_LEVEL_NAMES, LogLevelName } from '@st/protocol';
import { memo, useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { TextInput } from '../../ui/kit/inputs';
import { Select } from '../../ui/Select';
import type { LogFilter } from './logFilter';
import { TimeRangeFilter } from './TimeRangeFilter';

export interface LogFiltersProps {
  filter: LogFilter;
  onChange: (filter: LogFilter) => void;
}

type Patch = (patch: Partial<LogFilter>) => void;
type TextField = 'device' | 'tag' | 'message';

const LEVELS = [...LOG_LEVEL_NAMES];

/**
 * Minimum level and case-insensitive text filters on device (name and ip), tag and message. Each input is
 * memoized on its own value: a keystroke re-renders the one input typed into, not the level menu and the
 * other inputs (issue 21: the keystroke's urgent render at 4x CPU), and the renders for live lines or for the
 * list catching up skip them all. The screen puts them in a row with its "filtering" indicator.
 */
export const LogFilters = memo(function LogFilters({ filter, onChange }: LogFiltersProps) {
  const { t } = useTranslation();
  const latest = useRef(filter);
  latest.current = filter;
  const patch = useCallback<Patch>((p) => onChange({ ...latest.current, ...p }), [onChange]);
  const update = useCallback(
    (next: (filter: LogFilter) => LogFilter) => onChange(next(latest.current)),
    [onChange],
  );
  return (
    <>
      <TextFilter
        field="device"
        label={t('device.logs.column.device')}
        value={filter.device}
        onPatch={patch}
      />
      <TextFilter field="tag" label={t('device.logs.column.tag')} value={filter.tag} onPatch={patch} />
      <LevelFilter value={filter.level} onPatch={patch} />
      <TextFilter
        field="message"
        label={t('device.logs.column.msg')}
        value={filter.message}
        onPatch={patch}
      />
      <TimeRangeFilter range={filter.range} from={filter.from} to={filter.to} onUpdate={update} />
    </>
  );
});

const TextFilter = memo(function TextFilter(props: {
  field: TextField;
  label: string;
  value: string;
  onPatch: Patch;
}) {
  const { field, onPatch } = props;
  return (
    <TextInput
      label={props.label}
      value={props.value}
      onChange={(e) => onPatch({ [field]: e.currentTarget.value })}
      size="xs"
      w={180}
    />
  );
});

const LevelFilter = memo(function LevelFilter({
  value,
  onPatch,
}: {
  value: LogLevelName | undefined;
  onPatch: Patch;
}) {
  const { t } = useTranslation();
  return (
    <Select
      label={t('device.logs.filter.level')}
      placeholder={t('device.logs.filter.level.any')}
      data={LEVELS}
      value={value ?? null}
      onChange={(next) => {
        const level = LogLevelName.safeParse(next);
        onPatch({ level: level.success ? level.data : undefined });
      }}
      clearable
      size="xs"
      w={140}
    />
  );
});
