import type { DeviceRestartState, DeviceSample, OverviewRow } from '@st/protocol';
import { IconSearch } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentGateway } from '../../app/CurrentGateway';
import { useServices } from '../../app/ServicesContext';
import { addTexts } from '../../i18n';
import { Loader } from '../../ui/kit/feedback';
import { useDebouncedValue, useViewportSize } from '../../ui/kit/hooks';
import { TextInput } from '../../ui/kit/inputs';
import { Group, Stack } from '../../ui/kit/layout';
import { Drawer } from '../../ui/kit/overlays';
import { Alert } from '../../ui/kit/status';
import { Text, Title } from '../../ui/kit/text';
import { PageLoader } from '../../ui/PageLoader';
import { Select } from '../../ui/Select';
import { useOpenedOnce } from '../../ui/useOpenedOnce';
import { useCanWrite } from '../accounts/useCanWrite';
import { rowWithRestart, useRestartingTopic } from '../devices/restarting/useRestartingTopic';
import { SelectAllBox } from '../fleet/SelectAllBox';
import { useFirmwareLibrary } from '../fleet/useFirmwareLibrary';
import { useSelection } from '../fleet/useSelection';
import { useDeviceRollouts } from '../rollouts/useDeviceRollouts';
import { SelectTagged } from '../tags/SelectTagged';
import { formatNumber } from './format';
import { useForgetDevice, useLiveSamples, useOverview } from './historyApi';
import { historyEn, historyRu } from './messages';
import { OverviewCards } from './OverviewCards';
import { OverviewTable } from './OverviewTable';
import {
  applySample,
  deviceOf,
  filterRows,
  type Sort,
  type SortKey,
  sortRows,
  tagsOf,
} from './overviewModel';

addTexts(historyEn, historyRu);

// Downloaded with the first selection, as in the device list; it stays mounted after, so a bulk action's
// dialog outlives a cleared selection.
const BulkBar = lazy(() => import('../fleet/BulkBar').then((m) => ({ default: m.BulkBar })));
const BulkTags = lazy(() => import('../tags/BulkTags').then((m) => ({ default: m.BulkTags })));

/** Below this width the overview shows one card per device instead of the table (a phone). */
const CARDS_BELOW_PX = 760;

const DevicePanel = lazy(() =>
  import('../devices/panel/DevicePanel').then((m) => ({ default: m.DevicePanel })),
);

/** Route `overview`: every device of the gateway with its status and latest values, live. */
export default function OverviewPage() {
  const { config } = useServices();
  const gateway = useCurrentGateway();
  const { t } = useTranslation();
  if (config.mode === 'cloud' && gateway === undefined) {
    return <Alert color="red" title={t('error.access_denied')} role="alert" />;
  }
  return <Overview />;
}

function Overview() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const overview = useOverview();
  const forget = useForgetDevice();
  const [live, setLive] = useState(() => new Map<string, DeviceSample>());
  const [restarts, setRestarts] = useState(() => new Map<string, DeviceRestartState>());
  const [filter, setFilter] = useState('');
  const [settled] = useDebouncedValue(filter, 150);
  const [tag, setTag] = useState<string | null>(null);
  const [sort, setSort] = useState<Sort>({ key: 'name', desc: false });
  const [open, setOpen] = useState<OverviewRow | undefined>();
  const [now, setNow] = useState(() => Date.now());
  const { height: vh, width: vw } = useViewportSize();
  const chosen = useSelection();
  const selection = useCanWrite() ? chosen : undefined;
  const bulkBar = useOpenedOnce((selection?.devices.length ?? 0) > 0);
  const { newerFor } = useFirmwareLibrary();
  const rollouts = useDeviceRollouts();

  // a fresh overview replaces the live patches it already contains
  useEffect(() => {
    setLive(new Map());
    setRestarts(new Map());
  }, [overview.data]);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);
  useLiveSamples(
    useCallback((s: DeviceSample) => {
      setLive((m) => new Map(m).set(s.ip, s));
    }, []),
  );
  useRestartingTopic(useCallback((s: DeviceRestartState) => setRestarts((m) => new Map(m).set(s.ip, s)), []));

  const collator = useMemo(() => new Intl.Collator(lang, { numeric: true, sensitivity: 'base' }), [lang]);
  const rows = useMemo(() => {
    const merged = (overview.data ?? []).map((r) => {
      const s = live.get(r.ip);
      return rowWithRestart(s ? applySample(r, s) : r, restarts.get(r.ip));
    });
    return sortRows(filterRows(merged, settled, tag), sort, collator);
  }, [overview.data, live, restarts, settled, tag, sort, collator]);
  const tags = useMemo(() => tagsOf(overview.data ?? []), [overview.data]);
  const tagged = useMemo(
    () => (tag ? filterRows(overview.data ?? [], '', tag).map(deviceOf) : []),
    [overview.data, tag],
  );

  const onSort = (key: SortKey) =>
    setSort((s) =>
      s.key === key ? { key, desc: !s.desc } : { key, desc: key === 'uptime' || key === 'lastSeen' },
    );

  const total = overview.data?.length ?? 0;
  const shownDevices = useMemo(() => rows.map(deviceOf), [rows]);
  const listProps = {
    rows,
    onOpen: setOpen,
    onForget: (row: OverviewRow) => forget.mutate(row.ip),
    now,
    height: Math.max(320, vh - 260),
    selection,
    newerFor,
    rollouts,
  };
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h3">
          {t('history.overview.title')}
        </Title>
        <Group gap="sm">
          {selection && rows.length > 0 ? (
            <SelectAllBox list={t('history.overview.title')} devices={shownDevices} selection={selection} />
          ) : null}
          {overview.isFetching ? <Loader role="status" size="xs" aria-label={t('common.loading')} /> : null}
          <Text size="sm" c="dimmed" role="status" data-testid="overview-count">
            {t('history.overview.count', {
              shown: formatNumber(lang, rows.length),
              count: total,
            })}
          </Text>
        </Group>
      </Group>
      <TextInput
        label={t('history.overview.filter')}
        placeholder={t('history.overview.filter.placeholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={filter}
        onChange={(e) => setFilter(e.currentTarget.value)}
        maw={420}
      />
      {tags.length > 0 || tag !== null ? (
        <Group gap="sm" align="flex-end">
          <Select
            label={t('history.overview.tag')}
            placeholder={t('history.overview.tag.all')}
            clearable
            data={tags}
            value={tag}
            onChange={setTag}
            maw={240}
          />
          {selection && tag ? <SelectTagged tag={tag} devices={tagged} selection={selection} /> : null}
        </Group>
      ) : null}
      {selection === undefined || !bulkBar ? null : (
        <Suspense fallback={null}>
          <BulkBar selection={selection} />
          <BulkTags selection={selection} />
        </Suspense>
      )}
      {forget.error ? (
        <Alert color="red" role="alert" title={t('history.overview.forget.error')}>
          {forget.error.message}
        </Alert>
      ) : null}
      {overview.error ? (
        <Alert color="red" role="alert" title={t('history.overview.load.error')} />
      ) : overview.data === undefined ? (
        <PageLoader />
      ) : total === 0 ? (
        <Text c="dimmed">{t('history.overview.empty')}</Text>
      ) : rows.length === 0 ? (
        <Text c="dimmed">{t('history.overview.nomatch')}</Text>
      ) : vw > 0 && vw < CARDS_BELOW_PX ? (
        <OverviewCards {...listProps} />
      ) : (
        <OverviewTable {...listProps} sort={sort} onSort={onSort} />
      )}
      <Drawer
        opened={open !== undefined}
        onClose={() => setOpen(undefined)}
        position="right"
        size="xl"
        title={open ? t('history.overview.panel', { name: open.name }) : ''}
      >
        {open ? (
          <Suspense fallback={<PageLoader />}>
            <DevicePanel
              key={open.ip}
              device={deviceOf(open)}
              onRenamed={(name) => setOpen((d) => (d ? { ...d, name } : d))}
            />
          </Suspense>
        ) : null}
      </Drawer>
    </Stack>
  );
}
