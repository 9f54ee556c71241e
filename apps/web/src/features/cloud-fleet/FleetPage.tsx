import type { FleetGateway } from '@st/protocol';
import { IconArchive, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useServices } from '../../app/ServicesContext';
import { addTexts } from '../../i18n';
import { Button } from '../../ui/kit/buttons';
import { Loader } from '../../ui/kit/feedback';
import { TextInput } from '../../ui/kit/inputs';
import { Group, Paper, Stack } from '../../ui/kit/layout';
import { Badge } from '../../ui/kit/status';
import { Anchor, Text, Title } from '../../ui/kit/text';
import { BackToGateways } from '../accounts/BackToGateways';
import { accountsEn, accountsRu } from '../accounts/messages';
import { cloudFleetApi, cloudFleetKeys } from './cloudFleetApi';
import { cloudFleetEn, cloudFleetRu } from './messages';

addTexts(cloudFleetEn, cloudFleetRu);
addTexts(accountsEn, accountsRu);

/**
 * Route /fleet (cloud mode): every gateway the user may see, with its status and the counts it last reported
 * (devices online, outdated firmware, crash loops), searched by gateway name, site or device name.
 */
export default function FleetPage() {
  const { http } = useServices();
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const q = useDeferredValue(typed.trim());
  const overview = useQuery({
    queryKey: cloudFleetKeys.overview(q),
    queryFn: () => cloudFleetApi(http).overview(q),
    refetchInterval: 30_000,
    placeholderData: (previous) => previous,
  });
  const list = overview.data ?? [];
  return (
    <Stack gap="sm" w="100%" maw={960} mx="auto">
      <Group justify="space-between">
        <Title order={1} size="h3">
          {t('fleet.title')}
        </Title>
        <BackToGateways />
      </Group>
      <TextInput
        label={t('fleet.search')}
        description={t('fleet.search.hint')}
        type="search"
        value={typed}
        maxLength={64}
        onChange={(e) => setTyped(e.currentTarget.value)}
        leftSection={<IconSearch size={16} aria-hidden />}
      />
      {overview.isPending ? <Loader role="status" size="sm" aria-label={t('common.loading')} /> : null}
      {overview.isError ? (
        <Text c="red" role="alert">
          {t('fleet.load.error')}
        </Text>
      ) : null}
      {overview.isSuccess && list.length === 0 ? (
        <Text c="dimmed">{q === '' ? t('fleet.empty') : t('fleet.none', { search: q })}</Text>
      ) : null}
      <Stack
        gap="sm"
        component="ul"
        aria-label={t('fleet.title')}
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {list.map((g) => (
          <GatewayCard key={g.id} gateway={g} />
        ))}
      </Stack>
    </Stack>
  );
}

function GatewayCard({ gateway: g }: { gateway: FleetGateway }) {
  const { t, i18n } = useTranslation();
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' });
  const s = g.summary;
  return (
    <Paper component="li" withBorder p="sm" data-testid="fleet-gateway" data-id={g.id} aria-label={g.name}>
      <Group justify="space-between" align="flex-start" gap="xs">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Anchor component={Link} to={`/${encodeURIComponent(g.id)}/overview`} fw={700}>
              {g.name}
            </Anchor>
            <Badge size="sm" variant="dot" color={g.online ? 'teal.9' : 'gray'} data-online={g.online}>
              {g.online ? t('fleet.online') : t('fleet.offline')}
            </Badge>
          </Group>
          {g.site === '' ? null : (
            <Text size="sm" c="dimmed">
              {t('fleet.site', { site: g.site })}
            </Text>
          )}
        </Stack>
        <Button
          component={Link}
          to={`/fleet/${encodeURIComponent(g.id)}/backups`}
          size="xs"
          variant="light"
          leftSection={<IconArchive size={14} aria-hidden />}
          aria-label={t('fleet.backups.of', { name: g.name })}
        >
          {t('fleet.backups')}
        </Button>
      </Group>
      {s === null ? (
        <Text size="sm" c="dimmed" mt={4}>
          {t('fleet.noSummary')}
        </Text>
      ) : (
        <Group gap="xs" mt={6} data-testid="fleet-counts">
          <Badge variant="light" color="blue" data-count="devices">
            {t('fleet.devices', { count: s.devices, online: s.online })}
          </Badge>
          <Badge variant="light" color={s.outdated > 0 ? 'orange' : 'gray'} data-count="outdated">
            {t('fleet.outdated', { count: s.outdated })}
          </Badge>
          <Badge variant="light" color={s.crashLooping > 0 ? 'red' : 'gray'} data-count="crashLooping">
            {t('fleet.crashLooping', { count: s.crashLooping })}
          </Badge>
          <Text size="xs" c="dimmed">
            {t('fleet.reported', { when: when.format(new Date(s.reportedAt)) })}
          </Text>
        </Group>
      )}
      {g.matches.length > 0 ? (
        <Stack gap={2} mt={6}>
          <Text size="xs" fw={600}>
            {t('fleet.matches')}
          </Text>
          <Group
            gap="xs"
            component="ul"
            aria-label={t('fleet.matches')}
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {g.matches.map((d) => (
              <Text component="li" key={d.ip} size="sm" data-testid="fleet-match">
                {d.name} ({d.ip}) · {d.online ? t('fleet.online') : t('fleet.offline')}
              </Text>
            ))}
          </Group>
        </Stack>
      ) : null}
    </Paper>
  );
}
