import { IconDownload, IconEraser, IconFilter, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { memo, type ReactNode, startTransition, useCallback, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentGateway } from '../../app/CurrentGateway';
import { addTexts } from '../../i18n';
import { downloadText } from '../../ui/downloadText';
import { Button } from '../../ui/kit/buttons';
import { Loader } from '../../ui/kit/feedback';
import { Group, Stack } from '../../ui/kit/layout';
import { Badge } from '../../ui/kit/status';
import { Text, Title } from '../../ui/kit/text';
import { fleetEn, fleetRu } from '../fleet/messages';
import { exportFileName, logsAsText } from './exportText';
import { LogFilters } from './LogFilters';
import { LoggerStates } from './LoggerStates';
import { LogList } from './LogList';
import { activeFilterCount, type LogFilter } from './logFilter';
import { logRows, newestTime, visibleHistory } from './logView';
import { MatchIndexCache } from './matchIndex';
import { logsEn, logsRu } from './messages';
import { useFilterUrl } from './useFilterUrl';
import { useLiveLogs } from './useLiveLogs';
import { useLogHistory } from './useLogHistory';

addTexts(logsEn, logsRu);
addTexts(fleetEn, fleetRu);

/** Route `logs`: the gateway's device logs, live and past, filtered as the user types. */
export default function LogsPage() {
  const gateway = useCurrentGateway();
  // A different gateway is a different stream: start over.
  return <LogsScreen key={gateway?.id ?? 'gateway'} />;
}

function LogsScreen() {
  const [filter, writeFilter] = useFilterUrl();
  // The filter the list shows: the typed one, or a step behind while a long pass catches up.
  const [shown, setShown] = useState(filter);
  const live = useLiveLogs();
  const { history, loading } = useLogHistory(shown, live.streaming);
  const [clearedAt, setClearedAt] = useState<string | undefined>(undefined);
  const [indexes] = useState(() => new MatchIndexCache(3));
  // Grows each time following starts again: the list scrolls back to the newest line.
  const [followed, setFollowed] = useState(0);
  const { held, version, heldBackHead } = live;

  // A keystroke shows its filtered list in its own render when the pass is predicted short (lines carry
  // their characters' bits, a longer text scans only the previous matches): one render and one frame. A
  // longer pass goes to a low-priority render (a transition) so typing stays responsive (issue 21).
  const setFilter = useCallback(
    (next: LogFilter) => {
      writeFilter(next);
      if (indexes.atOnce(next, held)) setShown(next);
      else startTransition(() => setShown(next));
    },
    [writeFilter, indexes, held],
  );

  const rows = useMemo(() => {
    const { index, matcher } = indexes.show(shown, held);
    const past = visibleHistory(history, held, { clearedAt, heldBack: heldBackHead, matches: matcher });
    return { ...logRows(index, past), version, past };
  }, [indexes, held, shown, history, clearedAt, heldBackHead, version]);

  // The toolbar's actions read the latest rows through a ref: they stay the same functions, so a keystroke
  // or a batch of lines does not re-render the toolbar.
  const latest = useRef({ rows, clearedAt });
  latest.current = { rows, clearedAt };
  const { resume, pause, clear: clearHeld } = live;
  const follow = useCallback(() => {
    setFollowed((n) => n + 1);
    resume();
  }, [resume]);
  const clear = useCallback(() => {
    const { rows, clearedAt } = latest.current;
    setClearedAt(newestTime(held, rows.past) ?? clearedAt);
    clearHeld();
  }, [held, clearHeld]);
  const exportRows = useCallback(
    () => downloadText(logsAsText(latest.current.rows), exportFileName(new Date())),
    [],
  );

  return (
    <Stack gap="sm">
      <LogsToolbar
        paused={live.paused}
        empty={rows.size === 0}
        onFollow={follow}
        onPause={pause}
        onClear={clear}
        onExport={exportRows}
      />
      <FoldedFilters active={activeFilterCount(filter)}>
        <LogFilters filter={filter} onChange={setFilter} />
        {filter !== shown || loading ? <FilteringIndicator /> : null}
      </FoldedFilters>
      <LoggerStates />
      <LogsStatus
        shown={rows.size}
        held={held.size}
        paused={live.paused}
        pending={live.pending}
        onFollow={follow}
      />
      <LogList
        rows={rows}
        filterKey={shown}
        followKey={followed}
        onScrollAway={live.paused ? undefined : pause}
      />
    </Stack>
  );
}

/** Title, pause/resume, clear and export: memoized, a keystroke leaves it alone. */
const LogsToolbar = memo(function LogsToolbar(props: {
  paused: boolean;
  empty: boolean;
  onFollow: () => void;
  onPause: () => void;
  onClear: () => void;
  onExport: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap">
      <Title order={2} size="h3">
        {t('device.logs.title')}
      </Title>
      <Group gap="xs">
        {props.paused ? (
          <Button size="xs" leftSection={<IconPlayerPlay size={14} aria-hidden />} onClick={props.onFollow}>
            {t('device.logs.resume')}
          </Button>
        ) : (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPlayerPause size={14} aria-hidden />}
            onClick={props.onPause}
          >
            {t('device.logs.pause')}
          </Button>
        )}
        <Button
          size="xs"
          variant="default"
          leftSection={<IconEraser size={14} aria-hidden />}
          onClick={props.onClear}
        >
          {t('device.logs.clear')}
        </Button>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconDownload size={14} aria-hidden />}
          onClick={props.onExport}
          disabled={props.empty}
        >
          {t('device.logs.export')}
        </Button>
      </Group>
    </Group>
  );
});

/**
 * The filters' row. On a phone it is folded behind a "Filters" button (which counts the filters in use), so the
 * lines start near the top of the screen; on a desk the row is always shown and the button hidden (logs.css).
 */
function FoldedFilters({ active, children }: { active: number; children: ReactNode }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <>
      <Button
        hiddenFrom="sm"
        size="xs"
        variant={active > 0 ? 'light' : 'default'}
        leftSection={<IconFilter size={14} aria-hidden />}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
        style={{ alignSelf: 'flex-start' }}
      >
        {active > 0 ? t('logs.filters.active', { count: active }) : t('logs.filters')}
      </Button>
      <Group
        id={id}
        gap="sm"
        align="flex-end"
        wrap="wrap"
        data-testid="logs-filters"
        className="st-log-filters"
        data-open={open ? '' : undefined}
      >
        {children}
      </Group>
    </>
  );
}

function FilteringIndicator() {
  const { t } = useTranslation();
  return <Loader role="status" size="xs" aria-label={t('device.logs.filtering')} />;
}

/** How many lines are shown of those held, and whether the list follows new lines. */
const LogsStatus = memo(function LogsStatus(props: {
  shown: number;
  held: number;
  paused: boolean;
  pending: number;
  onFollow: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="md">
      <Text size="xs" c="dimmed" data-testid="logs-count">
        {t('device.logs.shown', { count: props.shown })}, {t('device.logs.held', { count: props.held })}
      </Text>
      {props.paused ? (
        <Group gap="xs" data-testid="logs-follow" data-state="paused">
          <Badge size="sm" color="orange" variant="dot" role="status">
            {t('device.logs.paused', { count: props.pending })}
          </Badge>
          <Button size="compact-xs" variant="light" onClick={props.onFollow}>
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
  );
});
