import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Box } from '../../ui/kit/Box';
import { UnstyledButton } from '../../ui/kit/buttons';
import { Checkbox } from '../../ui/kit/choices';
import { Group } from '../../ui/kit/layout';
import { Badge } from '../../ui/kit/status';
import { Text, VisuallyHidden } from '../../ui/kit/text';
import { useVirtualRows } from '../../ui/useVirtualRows';
import { RestartingBadge } from '../devices/restarting/RestartingBadge';
import { UpdateMark } from '../fleet/UpdateBadge';
import { formatAgo, formatDateTime, formatDuration, formatNumber } from './format';
import type { OverviewTableProps } from './OverviewTable';
import { deviceOf } from './overviewModel';
import { RolloutBadge } from './RolloutBadge';
import { SensorValues } from './SensorValues';

/** A card's height before it is measured (name, address line, one line of values, last seen). */
const CARD_ESTIMATE = 124;
const GAP = 8;

/**
 * The fleet at phone width: one card per device (status, name, badges, then every value wrapped, then uptime
 * and last seen), virtualised like the table; sorting stays with the table's order.
 */
export function OverviewCards({
  rows,
  onOpen,
  onForget,
  now,
  height,
  selection,
  newerFor,
  rollouts,
}: Omit<OverviewTableProps, 'sort' | 'onSort'>) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const viewport = useRef<HTMLDivElement>(null);
  const virtual = useVirtualRows({
    scrollRef: viewport,
    count: rows.length,
    rowHeight: CARD_ESTIMATE + GAP,
    overscan: 4,
    keyOf: useCallback((i: number) => rows[i]?.ip ?? i, [rows]),
  });
  return (
    <Box ref={viewport} style={{ height, overflow: 'auto' }}>
      <ul
        aria-label={t('history.overview.title')}
        data-testid="overview-cards"
        style={{ position: 'relative', height: virtual.totalSize, margin: 0, padding: 0, listStyle: 'none' }}
      >
        {virtual.items.map((v) => {
          const row = rows[v.index];
          if (!row) return null;
          const device = deviceOf(row);
          const status = row.restarting
            ? t('devices.restarting')
            : row.online
              ? t('history.overview.online')
              : t('history.overview.offline');
          return (
            <li
              key={v.key}
              ref={virtual.measure}
              data-index={v.index}
              data-ip={row.ip}
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                right: 0,
                transform: `translateY(${v.start}px)`,
                paddingBottom: GAP,
              }}
            >
              <Box
                style={{
                  border: '1px solid var(--st-border)',
                  borderRadius: 'var(--st-radius)',
                  padding: 8,
                  display: 'grid',
                  gap: 4,
                }}
              >
                <Group gap={6} wrap="nowrap">
                  {selection ? (
                    <Checkbox
                      size="xs"
                      checked={selection.has(row.ip)}
                      onChange={(e) => selection.set([device], e.currentTarget.checked)}
                      aria-label={t('fleet.select.device', { name: row.name, ip: row.ip })}
                    />
                  ) : null}
                  <Box
                    component="span"
                    aria-hidden
                    title={status}
                    data-online={row.online}
                    style={{
                      flexShrink: 0,
                      width: 10,
                      height: 10,
                      borderRadius: 5,
                      background: row.online ? 'var(--st-green-7)' : 'var(--st-gray-6)',
                    }}
                  />
                  <VisuallyHidden>{status}</VisuallyHidden>
                  <UnstyledButton
                    onClick={() => onOpen(row)}
                    aria-label={t('history.overview.open', { name: row.name })}
                    style={{ flex: 1, minWidth: 0 }}
                  >
                    <Text size="sm" fw={600} truncate data-cell="name">
                      {row.name}
                    </Text>
                  </UnstyledButton>
                  {row.reboots24h > 0 ? (
                    <Badge
                      size="xs"
                      color="orange"
                      title={t('history.overview.reboots', { count: row.reboots24h })}
                    >
                      {formatNumber(lang, row.reboots24h)}
                    </Badge>
                  ) : null}
                  <RestartingBadge restarting={row.restarting} />
                  <UpdateMark device={device} newer={newerFor(device)} />
                  <RolloutBadge entry={rollouts?.[row.ip]} />
                </Group>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {[row.ip, row.type, row.board, row.version ?? '—'].join(' · ')}
                  {row.excluded ? ` · ${t('history.overview.excluded')}` : ''}
                  {row.tags?.length ? ` · ${row.tags.join(', ')}` : ''}
                </Text>
                {Object.keys(row.sensors).length > 0 ? (
                  <Group gap="sm" wrap="wrap">
                    <SensorValues row={row} lang={lang} />
                  </Group>
                ) : null}
                <Group gap="sm" wrap="wrap" justify="space-between">
                  <Text size="xs" c="dimmed">
                    {t('history.overview.col.uptime')}:{' '}
                    {row.uptime === null ? '—' : formatDuration(lang, row.uptime)}
                  </Text>
                  <Text size="xs" c="dimmed" data-cell="last-seen">
                    {t('history.overview.col.lastSeen')}:{' '}
                    {row.lastSeen === null ? (
                      t('history.overview.never')
                    ) : (
                      <span title={formatDateTime(lang, row.lastSeen)}>
                        {formatAgo(lang, row.lastSeen, now)}
                      </span>
                    )}
                  </Text>
                  {onForget && !row.online && !row.saved && row.remembered ? (
                    <UnstyledButton
                      onClick={() => onForget(row)}
                      aria-label={t('history.overview.forget.label', { name: row.name })}
                      data-testid="overview-forget"
                    >
                      <Text size="xs" c="blue" style={{ textDecoration: 'underline' }}>
                        {t('history.overview.forget')}
                      </Text>
                    </UnstyledButton>
                  ) : null}
                </Group>
              </Box>
            </li>
          );
        })}
      </ul>
    </Box>
  );
}
