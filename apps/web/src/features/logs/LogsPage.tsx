import { Badge, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconEraser, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentGateway } from '../../app/CurrentGateway';
import { downloadText } from '../../ui/downloadText';
import { exportFileName, logsAsText } from './exportText';
import { LogFilters } from './LogFilters';
import { LogList } from './LogList';
import { isEmptyFilter } from './logFilter';
import { logRows, newestTime, visibleHistory } from './logView';
import { MatchIndexCache } from './matchIndex';
import { useFilterUrl } from './useFilterUrl';
import { useLiveLogs } from './useLiveLogs';
import { useLogHistory } from './useLogHistory';

/** Route `logs`: the gateway's device logs, live and past, filtered as the user types. */
export default function LogsPage() {
  const gateway = useCurrentGateway();
  // A different gateway is a different stream: start over.
  return <LogsScreen key={gateway?.id ?? 'gateway'} />;
}

function LogsScreen() {
  const { t } = useTranslation();
  const [filter, setFilter] = useFilterUrl();
  // Typing stays responsive: the list follows the filter at a lower priority than the input.
  const shown = useDeferredValue(filter);
  const live = useLiveLogs();
  const { history, loading } = useLogHistory(shown);
  const [clearedAt, setClearedAt] = useState<string | undefined>(undefined);
  const [indexes] = useState(() => new MatchIndexCache(3));
  // Grows each time following starts again: the list scrolls back to the newest line.
  const [followed, setFollowed] = useState(0);
  const passAll = isEmptyFilter(shown);
  const { held, version } = live;

  const rows = useMemo(() => {
    const { index, matcher } = indexes.for(shown);
    index.update(held, matcher, passAll);
    const past = visibleHistory(history, held, { clearedAt, matches: matcher });
    return { ...logRows(index, past), version, past };
  }, [indexes, held, shown, passAll, history, clearedAt, version]);

  const follow = () => {
    setFollowed((n) => n + 1);
    live.resume();
  };
  const clear = () => {
    setClearedAt(newestTime(held, rows.past) ?? clearedAt);
    live.clear();
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2} size="h3">
          {t('device.logs.title')}
        </Title>
        <Group gap="xs">
          {live.paused ? (
            <Button size="xs" leftSection={<IconPlayerPlay size={14} aria-hidden />} onClick={follow}>
              {t('device.logs.resume')}
            </Button>
          ) : (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconPlayerPause size={14} aria-hidden />}
              onClick={live.pause}
            >
              {t('device.logs.pause')}
            </Button>
          )}
          <Button
            size="xs"
            variant="default"
            leftSection={<IconEraser size={14} aria-hidden />}
            onClick={clear}
          >
            {t('device.logs.clear')}
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconDownload size={14} aria-hidden />}
            onClick={() => downloadText(logsAsText(rows), exportFileName(new Date()))}
            disabled={rows.size === 0}
          >
            {t('device.logs.export')}
          </Button>
        </Group>
      </Group>
      <Group gap="sm" align="flex-end" wrap="wrap" data-testid="logs-filters">
        <LogFilters filter={filter} onChange={setFilter} />
        {filter !== shown || loading ? (
          <Loader role="status" size="xs" aria-label={t('device.logs.filtering')} />
        ) : null}
      </Group>
      <Group gap="md">
        <Text size="xs" c="dimmed" data-testid="logs-count">
          {t('device.logs.count', { shown: rows.size, held: held.size })}
        </Text>
        {live.paused ? (
          <Group gap="xs" data-testid="logs-follow" data-state="paused">
            <Badge size="sm" color="orange" variant="dot" role="status">
              {t('device.logs.paused', { count: live.pending })}
            </Badge>
            <Button size="compact-xs" variant="light" onClick={follow}>
              {t('logs.follow.resume')}
            </Button>
          </Group>
        ) : (
          <Badge
            size="sm"
            color="teal.9"
            variant="dot"
            role="status"
            data-testid="logs-follow"
            data-state="following"
          >
            {t('logs.follow.on')}
          </Badge>
        )}
      </Group>
      <LogList
        rows={rows}
        filterKey={shown}
        followKey={followed}
        onScrollAway={live.paused ? undefined : live.pause}
      />
    </Stack>
  );
}
