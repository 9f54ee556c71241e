import type { RolloutSummary } from '@st/protocol';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/ServicesContext';
import { useUrlParams } from '../../app/urlParams';
import { addTexts } from '../../i18n';
import { Button } from '../../ui/kit/buttons';
import { Loader } from '../../ui/kit/feedback';
import { Group, Paper, Stack } from '../../ui/kit/layout';
import { Badge } from '../../ui/kit/status';
import { Text, Title } from '../../ui/kit/text';
import { useCanWrite } from '../accounts/useCanWrite';
import { CreateRollout } from './CreateRollout';
import { rolloutsEn, rolloutsRu } from './messages';
import { RolloutView } from './RolloutView';
import { failedCount, isActiveRollout } from './rolloutModel';
import { rolloutKeys, useRolloutsApi } from './rolloutsApi';
import { TargetText } from './TargetText';
import { useRolloutsLive } from './useRolloutsLive';

addTexts(rolloutsEn, rolloutsRu);

function RolloutRow({ rollout, onOpen }: { rollout: RolloutSummary; onOpen: () => void }) {
  const { t } = useTranslation();
  const failed = failedCount(rollout.counts);
  return (
    <Paper withBorder p="sm" data-testid={`rollout-${rollout.id}`}>
      <Group justify="space-between" wrap="nowrap">
        <Stack gap={2}>
          <Text fw={600}>{rollout.name}</Text>
          <Text size="sm" c="dimmed">
            {t('rollouts.summary.firmware', {
              type: rollout.firmware.type,
              version: rollout.firmware.version,
              board: rollout.firmware.board,
            })}{' '}
            · <TargetText target={rollout.target} />
          </Text>
          <Text size="sm">
            {t('rollouts.summary.updated', { count: rollout.counts.UPDATED ?? 0 })}
            {failed > 0 ? ` · ${t('rollouts.summary.failed', { count: failed })}` : ''}
          </Text>
        </Stack>
        <Group gap="xs" wrap="nowrap">
          <Badge
            color={rollout.state === 'PAUSED' ? 'yellow' : rollout.state === 'RUNNING' ? 'blue' : 'gray'}
          >
            {t(`rollouts.state.${rollout.state}`)}
          </Badge>
          <Button
            size="compact-sm"
            variant="light"
            onClick={onOpen}
            aria-label={`${t('rollouts.open')} ${rollout.name}`}
          >
            {t('rollouts.open')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

/** Route `rollouts`: rollouts running and past, a new rollout, and one rollout's live view. */
export default function RolloutsPage() {
  const { t } = useTranslation();
  const { toaster, log } = useServices();
  const canWrite = useCanWrite();
  const { api, gatewayKey } = useRolloutsApi();
  const list = useQuery({ queryKey: rolloutKeys.list(gatewayKey), queryFn: api.list });
  // `?tag=`: opened from the overview's tag filter, with a new rollout to that tag
  const [params] = useUrlParams();
  const initialTag = params.get('tag') ?? '';
  const [creating, setCreating] = useState(initialTag !== '' && canWrite);
  const [open, setOpen] = useState<string | undefined>(undefined);
  useRolloutsLive(gatewayKey);
  useEffect(() => {
    if (list.error === null) return;
    log.warn('rollouts list', list.error);
    toaster.error({ caption: t('rollouts.load.error') });
  }, [list.error, log, toaster, t]);

  if (open !== undefined)
    return <RolloutView id={open} canWrite={canWrite} onClose={() => setOpen(undefined)} />;

  const rollouts = list.data ?? [];
  const active = rollouts.filter(isActiveRollout);
  const past = rollouts.filter((r) => !isActiveRollout(r));
  const rows = (items: RolloutSummary[], empty: string) =>
    items.length === 0 ? (
      <Text c="dimmed">{empty}</Text>
    ) : (
      items.map((r) => <RolloutRow key={r.id} rollout={r} onOpen={() => setOpen(r.id)} />)
    );

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={2} size="h3">
          {t('rollouts.header')}
        </Title>
        {canWrite && !creating ? (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
            {t('rollouts.new')}
          </Button>
        ) : null}
      </Group>
      {creating ? (
        <CreateRollout
          initialTag={initialTag}
          onCancel={() => setCreating(false)}
          onCreated={(id) => {
            setCreating(false);
            setOpen(id);
          }}
        />
      ) : null}
      {list.isPending ? <Loader role="status" size="sm" aria-label={t('common.loading')} /> : null}
      <Stack gap="xs" component="section" aria-label={t('rollouts.running')}>
        <Title order={3} size="h4">
          {t('rollouts.running')}
        </Title>
        {list.data === undefined ? null : rows(active, t('rollouts.running.empty'))}
      </Stack>
      <Stack gap="xs" component="section" aria-label={t('rollouts.past')}>
        <Title order={3} size="h4">
          {t('rollouts.past')}
        </Title>
        {list.data === undefined ? null : rows(past, t('rollouts.past.empty'))}
      </Stack>
    </Stack>
  );
}
