import {
  ALERT_KINDS,
  type AlertDeliveryStatus,
  type AlertHistoryEntry,
  type AlertKind,
  DeviceAddress,
} from '@st/protocol';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/kit/buttons';
import { Loader } from '../../ui/kit/feedback';
import { useDebouncedValue } from '../../ui/kit/hooks';
import { TextInput } from '../../ui/kit/inputs';
import { Center, Group, Paper, Stack } from '../../ui/kit/layout';
import { Badge } from '../../ui/kit/status';
import { Text, Title } from '../../ui/kit/text';
import { Select } from '../../ui/Select';
import { alertKeys } from './alertKeys';
import { useAlertsApi } from './useAlertsApi';

const PAGE = 50;
/** The history follows new alerts and deliveries while the screen is open. */
const HISTORY_REFRESH_MS = 10_000;

// Dark shades with white text: readable (WCAG AA) in both themes.
const STATUS_COLORS: Record<AlertDeliveryStatus, string> = {
  sent: 'teal.9',
  failed: 'red.9',
  pending: 'cyan.9',
  dropped: 'gray.8',
  none: 'gray.8',
};

const KIND_TEXTS = {
  'device-offline': 'alerts.kind.device-offline',
  'device-online': 'alerts.kind.device-online',
  'crash-loop': 'alerts.kind.crash-loop',
  'crash-loop-ended': 'alerts.kind.crash-loop-ended',
  notification: 'alerts.kind.notification',
  'gateway-offline': 'alerts.kind.gateway-offline',
  'gateway-online': 'alerts.kind.gateway-online',
  test: 'alerts.kind.test',
} as const;
const hasText = (kind: string): kind is keyof typeof KIND_TEXTS => kind in KIND_TEXTS;
/** The kinds a gateway's history can hold (the gateway-offline ones are the cloud's, tests are not kept). */
const KINDS = ALERT_KINDS.filter((k) => k !== 'gateway-offline' && k !== 'gateway-online' && k !== 'test');

function useKindText() {
  const { t } = useTranslation();
  return (kind: AlertKind): string => (hasText(kind) ? t(KIND_TEXTS[kind]) : kind);
}

function Entry({ entry, format }: { entry: AlertHistoryEntry; format: Intl.DateTimeFormat }) {
  const { t } = useTranslation();
  const kindText = useKindText();
  const where = entry.channel
    ? t('alerts.history.to', {
        channel: entry.channel.id,
        type: entry.channel.type ? t(`alerts.channel.type.${entry.channel.type}`) : '?',
      })
    : t('alerts.history.nowhere');
  return (
    <Stack
      component="li"
      gap={2}
      data-kind={entry.kind}
      data-status={entry.status}
      style={{ borderBottom: '1px solid var(--st-border)', paddingBottom: 6 }}
    >
      <Group gap="xs" wrap="wrap">
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          <time dateTime={new Date(entry.at).toISOString()}>{format.format(entry.at)}</time>
        </Text>
        <Badge variant="filled" color="violet.9">
          {kindText(entry.kind)}
        </Badge>
        <Badge variant="filled" color={STATUS_COLORS[entry.status]} data-testid="alert-outcome">
          {t(`alerts.history.status.${entry.status}`)}
        </Badge>
        {entry.device ? (
          <Text size="sm" fw={500}>
            {entry.device.name ? `${entry.device.name} (${entry.device.ip})` : entry.device.ip}
          </Text>
        ) : null}
      </Group>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {entry.text}
      </Text>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {where}
        {entry.attempts > 1 ? ` · ${t('alerts.history.attempts', { count: entry.attempts })}` : ''}
        {entry.doneAt !== undefined && entry.status !== 'none' ? ` · ${format.format(entry.doneAt)}` : ''}
      </Text>
      {entry.error ? (
        <Text size="xs" c="red" data-testid="alert-error" style={{ overflowWrap: 'anywhere' }}>
          {t('alerts.history.error', { error: entry.error })}
        </Text>
      ) : null}
    </Stack>
  );
}

/** What alerts fired, when, to which channel and how delivery went; newest first, filtered, paged. */
export function AlertHistory() {
  const { t, i18n } = useTranslation();
  const { api, gatewayKey } = useAlertsApi();
  const kindText = useKindText();
  const [device, setDevice] = useState('');
  const [kind, setKind] = useState<AlertKind | ''>('');
  const [settled] = useDebouncedValue(device.trim(), 300);
  const ip = DeviceAddress.safeParse(settled).success ? settled : '';
  const query = useInfiniteQuery({
    queryKey: [...alertKeys.history(gatewayKey), ip, kind],
    queryFn: ({ pageParam }) =>
      api.history({
        limit: PAGE,
        ...(ip ? { ip } : {}),
        ...(kind ? { kind } : {}),
        ...(pageParam === undefined ? {} : { before: pageParam }),
      }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next,
    refetchInterval: HISTORY_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
  const format = useMemo(
    () => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' }),
    [i18n.language],
  );
  const entries = query.data?.pages.flatMap((p) => p.entries);
  return (
    <Paper withBorder p="md" radius="sm" component="section" aria-labelledby="alert-history-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="alert-history-title">
          {t('alerts.history.title')}
        </Title>
        <Group gap="sm" wrap="wrap" align="flex-end">
          <TextInput
            label={t('alerts.history.device')}
            placeholder={t('alerts.history.device.placeholder')}
            value={device}
            onChange={(e) => setDevice(e.currentTarget.value)}
            error={settled !== '' && ip === '' ? t('alerts.history.device.invalid') : undefined}
            style={{ flex: '1 1 160px' }}
          />
          <Select
            label={t('alerts.history.kind')}
            data={[
              { value: 'all', label: t('alerts.history.kind.all') },
              ...KINDS.map((k) => ({ value: k, label: kindText(k) })),
            ]}
            value={kind === '' ? 'all' : kind}
            onChange={(v) => setKind(v === null || v === 'all' ? '' : (KINDS.find((k) => k === v) ?? ''))}
            style={{ flex: '0 1 220px' }}
          />
        </Group>
        {entries === undefined ? (
          <Center mih={60}>
            {query.isError ? (
              <Text c="red">{t('alerts.history.load.error')}</Text>
            ) : (
              <Loader role="status" aria-label={t('common.loading')} />
            )}
          </Center>
        ) : entries.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('alerts.history.empty')}
          </Text>
        ) : (
          <Stack
            component="ol"
            gap={6}
            aria-label={t('alerts.history.title')}
            data-testid="alert-history"
            style={{ listStyle: 'none', margin: 0, padding: 0 }}
          >
            {entries.map((e) => (
              <Entry key={e.id} entry={e} format={format} />
            ))}
          </Stack>
        )}
        {query.hasNextPage ? (
          <Group justify="center">
            <Button
              variant="default"
              size="xs"
              loading={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
            >
              {t('alerts.history.more')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
