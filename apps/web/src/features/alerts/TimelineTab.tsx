import type { TimelineEntry, TimelineKind } from '@st/protocol';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/kit/buttons';
import { Loader } from '../../ui/kit/feedback';
import { Center, Group, Stack } from '../../ui/kit/layout';
import { Badge } from '../../ui/kit/status';
import { Text } from '../../ui/kit/text';
import { useDevicePanel } from '../devices/panel/DeviceContext';
import { alertKeys } from './alertKeys';
import { KindsFilter } from './KindsFilter';
import { timelineText } from './timelineText';
import { useAlertsApi } from './useAlertsApi';

/** How often the open tab asks for new entries (the timeline follows the device live). */
const TIMELINE_REFRESH_MS = 3000;
const PAGE = 50;

// Dark shades with white text: readable (WCAG AA) in both themes.
const COLORS: Partial<Record<TimelineKind, string>> = {
  found: 'teal.9',
  lost: 'gray.8',
  reboot: 'grape.9',
  'crash-loop': 'red.9',
  'crash-loop-ended': 'teal.9',
  restart: 'grape.9',
  alert: 'violet.9',
  notification: 'blue.9',
  ota: 'cyan.9',
};

function Entry({ entry, format }: { entry: TimelineEntry; format: Intl.DateTimeFormat }) {
  const { t, i18n } = useTranslation();
  return (
    <Group component="li" gap="sm" wrap="nowrap" align="flex-start" data-kind={entry.kind}>
      <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        <time dateTime={new Date(entry.t).toISOString()}>{format.format(entry.t)}</time>
      </Text>
      <Badge variant="filled" color={COLORS[entry.kind] ?? 'dark.5'} style={{ flexShrink: 0 }}>
        {t(`timeline.kind.${entry.kind}`)}
      </Badge>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {timelineText(entry, t, i18n.language)}
        {entry.via === 'cloud'
          ? ` (${entry.by ? t('timeline.via.cloudBy', { login: entry.by }) : t('timeline.via.cloud')})`
          : entry.via === 'home-assistant'
            ? ` (${t('timeline.via.homeAssistant')})`
            : ''}
      </Text>
    </Group>
  );
}

/** The device's timeline, newest first, filtered by kind, refreshed while open. */
export function TimelineTab() {
  const { t, i18n } = useTranslation();
  const { device } = useDevicePanel();
  const { api, gatewayKey } = useAlertsApi();
  const [kinds, setKinds] = useState<TimelineKind[]>([]);
  const [limit, setLimit] = useState(PAGE);
  const query = useQuery({
    queryKey: [...alertKeys.timeline(gatewayKey, device.ip), kinds.join(','), limit],
    queryFn: () =>
      api.timeline({ ip: device.ip, limit, ...(kinds.length > 0 ? { kinds: kinds.join(',') } : {}) }),
    refetchInterval: TIMELINE_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
  const format = useMemo(
    () => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' }),
    [i18n.language],
  );
  return (
    <Stack gap="sm">
      <KindsFilter value={kinds} onChange={setKinds} />
      {query.data === undefined ? (
        <Center mih={80}>
          {query.isError ? (
            <Text c="red">{t('timeline.load.error')}</Text>
          ) : (
            <Loader role="status" aria-label={t('common.loading')} />
          )}
        </Center>
      ) : query.data.length === 0 ? (
        <Text c="dimmed">{t('timeline.empty')}</Text>
      ) : (
        <Stack
          component="ol"
          gap={6}
          aria-label={t('timeline.list')}
          data-testid="device-timeline"
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
        >
          {query.data.map((e) => (
            <Entry key={e.id} entry={e} format={format} />
          ))}
        </Stack>
      )}
      {query.data !== undefined && query.data.length >= limit ? (
        <Group justify="center">
          <Button variant="default" size="xs" onClick={() => setLimit((n) => n + PAGE)}>
            {t('timeline.more')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
