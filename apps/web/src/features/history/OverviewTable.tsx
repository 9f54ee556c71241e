import type { DeviceInfo, Firmware, OverviewRow, RolloutDeviceStates } from '@st/protocol';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Tooltip } from '../../ui/floating/Tooltip';
import { Box } from '../../ui/kit/Box';
import { UnstyledButton } from '../../ui/kit/buttons';
import { Checkbox } from '../../ui/kit/choices';
import { Group } from '../../ui/kit/layout';
import { Badge } from '../../ui/kit/status';
import { Text, VisuallyHidden } from '../../ui/kit/text';
import { useVirtualRows } from '../../ui/useVirtualRows';
import { RestartingBadge } from '../devices/restarting/RestartingBadge';
import { UpdateMark } from '../fleet/UpdateBadge';
import type { Selection } from '../fleet/useSelection';
import { formatAgo, formatDateTime, formatDuration, formatNumber } from './format';
import { deviceOf, type Sort, type SortKey } from './overviewModel';
import { RolloutBadge } from './RolloutBadge';
import { SensorValues } from './SensorValues';

const ROW_HEIGHT = 48;
const COLUMNS: readonly { key: SortKey | 'sensors'; width: string }[] = [
  { key: 'status', width: '72px' },
  { key: 'name', width: 'minmax(140px, 1.2fr)' },
  { key: 'type', width: '100px' },
  { key: 'board', width: '100px' },
  // the version and, beside it, the "update available" badge; under them a rollout's state
  { key: 'version', width: '190px' },
  { key: 'uptime', width: '120px' },
  { key: 'lastSeen', width: '170px' },
  { key: 'sensors', width: 'minmax(260px, 2fr)' },
];
const CHOICE_WIDTH = '36px';
const GRID = COLUMNS.map((c) => c.width).join(' ');
const MIN_WIDTH = 1170;

export interface OverviewTableProps {
  rows: readonly OverviewRow[];
  sort: Sort;
  onSort: (key: SortKey) => void;
  onOpen: (row: OverviewRow) => void;
  /** forget a device seen before (offline, not saved); absent: no forget buttons */
  onForget?: ((row: OverviewRow) => void) | undefined;
  now: number;
  height: number;
  /** the devices chosen for a bulk action; absent (a viewer): no checkboxes */
  selection?: Selection | undefined;
  /** the newer firmware in the library for a device, if any (the "update available" badge) */
  newerFor: (device: Pick<DeviceInfo, 'type' | 'board' | 'version'>) => Firmware | undefined;
  /** devices in a running or paused rollout: their state there (a badge beside the version) */
  rollouts?: RolloutDeviceStates | undefined;
}

/** The fleet as a virtualised grid: only the rows in view are in the page, so 1,000 devices stay smooth. */
export function OverviewTable({
  rows,
  sort,
  onSort,
  onOpen,
  onForget,
  now,
  height,
  selection,
  newerFor,
  rollouts,
}: OverviewTableProps) {
  const { t, i18n } = useTranslation();
  const grid = selection ? `${CHOICE_WIDTH} ${GRID}` : GRID;
  const lang = i18n.language;
  const viewport = useRef<HTMLDivElement>(null);
  const virtual = useVirtualRows({
    scrollRef: viewport,
    count: rows.length,
    rowHeight: ROW_HEIGHT,
    overscan: 8,
    keyOf: useCallback((i: number) => rows[i]?.ip ?? i, [rows]),
  });
  return (
    <Box
      ref={viewport}
      style={{
        height,
        overflow: 'auto',
        border: '1px solid var(--st-border)',
        borderRadius: 4,
      }}
    >
      <table
        aria-label={t('history.overview.title')}
        aria-rowcount={rows.length + 1}
        style={{ display: 'grid', minWidth: MIN_WIDTH, borderCollapse: 'collapse' }}
      >
        <thead
          style={{
            display: 'grid',
            position: 'sticky',
            top: 0,
            zIndex: 1,
            background: 'var(--st-body)',
          }}
        >
          <tr
            aria-rowindex={1}
            style={{
              display: 'grid',
              gridTemplateColumns: grid,
              borderBottom: '1px solid var(--st-border)',
            }}
          >
            {selection ? (
              <th scope="col" style={{ padding: '6px 8px' }}>
                <VisuallyHidden>{t('history.overview.col.select')}</VisuallyHidden>
              </th>
            ) : null}
            {COLUMNS.map(({ key }) => {
              const label = t(`history.overview.col.${key}`);
              const active = sort.key === key;
              return (
                <th
                  key={key}
                  scope="col"
                  aria-sort={active ? (sort.desc ? 'descending' : 'ascending') : undefined}
                  style={{ padding: '6px 8px', textAlign: 'start' }}
                >
                  {key === 'sensors' ? (
                    <Text size="sm" fw={600}>
                      {label}
                    </Text>
                  ) : (
                    <UnstyledButton
                      onClick={() => onSort(key)}
                      aria-label={t('history.overview.sort', { column: label })}
                      data-sort={key}
                    >
                      <Group gap={4} wrap="nowrap">
                        {/* a header longer than its column (Russian) wraps to a second line */}
                        <Text size="sm" fw={600} style={{ minWidth: 0, whiteSpace: 'normal' }}>
                          {label}
                        </Text>
                        {active && sort.desc ? <IconArrowDown size={14} aria-hidden /> : null}
                        {active && !sort.desc ? <IconArrowUp size={14} aria-hidden /> : null}
                      </Group>
                    </UnstyledButton>
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody style={{ display: 'grid', height: virtual.totalSize, position: 'relative' }}>
          {virtual.items.map((v) => {
            const row = rows[v.index];
            if (!row) return null;
            const status = row.restarting
              ? t('devices.restarting')
              : row.online
                ? t('history.overview.online')
                : t('history.overview.offline');
            return (
              <tr
                key={v.key}
                aria-rowindex={v.index + 2}
                data-ip={row.ip}
                onClick={() => onOpen(row)}
                style={{
                  display: 'grid',
                  gridTemplateColumns: grid,
                  alignItems: 'center',
                  position: 'absolute',
                  top: 0,
                  left: 0,
                  right: 0,
                  height: ROW_HEIGHT,
                  transform: `translateY(${v.start}px)`,
                  borderBottom: '1px solid var(--st-border)',
                  cursor: 'pointer',
                }}
              >
                {selection ? (
                  <Cell>
                    <Checkbox
                      size="xs"
                      checked={selection.has(row.ip)}
                      onClick={(e) => e.stopPropagation()}
                      onChange={(e) => selection.set([deviceOf(row)], e.currentTarget.checked)}
                      aria-label={t('fleet.select.device', { name: row.name, ip: row.ip })}
                    />
                  </Cell>
                ) : null}
                <Cell>
                  <Tooltip label={status}>
                    <Box
                      component="span"
                      aria-hidden
                      title={status}
                      data-online={row.online}
                      style={{
                        display: 'inline-block',
                        width: 10,
                        height: 10,
                        borderRadius: 5,
                        background: row.online ? 'var(--st-green-7)' : 'var(--st-gray-6)',
                      }}
                    />
                  </Tooltip>
                  <VisuallyHidden>{status}</VisuallyHidden>
                  {row.reboots24h > 0 ? (
                    <Badge
                      size="xs"
                      color="orange"
                      ml={4}
                      title={t('history.overview.reboots', { count: row.reboots24h })}
                    >
                      {formatNumber(lang, row.reboots24h)}
                    </Badge>
                  ) : null}
                </Cell>
                <Cell>
                  <UnstyledButton
                    onClick={(e) => {
                      e.stopPropagation();
                      onOpen(row);
                    }}
                    aria-label={t('history.overview.open', { name: row.name })}
                    maw="100%"
                  >
                    <Text size="sm" fw={500} truncate data-cell="name">
                      {row.name}
                    </Text>
                  </UnstyledButton>
                  <Group gap={6} wrap="nowrap">
                    <RestartingBadge restarting={row.restarting} />
                    <Text size="xs" c="dimmed" truncate>
                      {row.ip}
                      {row.excluded ? ` · ${t('history.overview.excluded')}` : ''}
                    </Text>
                    {(row.tags ?? []).map((tag) => (
                      <Badge key={tag} size="xs" variant="outline" color="gray" tt="none" data-tag={tag}>
                        {tag}
                      </Badge>
                    ))}
                    {onForget && !row.online && !row.saved && row.remembered ? (
                      <UnstyledButton
                        onClick={(e) => {
                          e.stopPropagation();
                          onForget(row);
                        }}
                        aria-label={t('history.overview.forget.label', { name: row.name })}
                        data-testid="overview-forget"
                      >
                        <Text size="xs" c="blue" style={{ textDecoration: 'underline' }}>
                          {t('history.overview.forget')}
                        </Text>
                      </UnstyledButton>
                    ) : null}
                  </Group>
                </Cell>
                <Cell>{row.type}</Cell>
                <Cell>{row.board}</Cell>
                <Cell>
                  <Group gap={4} wrap="nowrap">
                    <span>{row.version ?? '—'}</span>
                    <UpdateMark device={deviceOf(row)} newer={newerFor(deviceOf(row))} />
                  </Group>
                  <RolloutBadge entry={rollouts?.[row.ip]} />
                </Cell>
                <Cell>{row.uptime === null ? '—' : formatDuration(lang, row.uptime)}</Cell>
                <Cell>
                  {row.lastSeen === null ? (
                    t('history.overview.never')
                  ) : (
                    <span title={formatDateTime(lang, row.lastSeen)} data-cell="last-seen">
                      <Text size="sm" truncate>
                        {formatAgo(lang, row.lastSeen, now)}
                      </Text>
                      <Text size="xs" c="dimmed" truncate data-cell="last-seen-at">
                        {formatDateTime(lang, row.lastSeen)}
                      </Text>
                    </span>
                  )}
                </Cell>
                <Cell>
                  {/* values wrap to a second line rather than being cut at the column's edge (three values with
                      their sparklines are wider than the column at 1280 px); the title lists them all */}
                  <Group
                    gap="sm"
                    wrap="wrap"
                    data-cell="sensors"
                    title={sensorsTitle(row, lang)}
                    style={{ overflow: 'hidden', rowGap: 0, maxHeight: ROW_HEIGHT - 4, lineHeight: 1.3 }}
                  >
                    <SensorValues row={row} lang={lang} />
                  </Group>
                </Cell>
              </tr>
            );
          })}
        </tbody>
      </table>
    </Box>
  );
}

/** Every latest value of a row on one line, for the sensors cell's title. */
function sensorsTitle(row: OverviewRow, lang: string): string {
  return Object.entries(row.sensors)
    .map(([name, value]) => `${name}: ${typeof value === 'number' ? formatNumber(lang, value) : value}`)
    .join(' · ');
}

function Cell({ children }: { children: React.ReactNode }) {
  return (
    <td style={{ padding: '0 8px', overflow: 'hidden', whiteSpace: 'nowrap', fontSize: 14 }}>{children}</td>
  );
}
