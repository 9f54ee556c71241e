import type { CloudRollout, CloudRolloutGateway, RolloutAction } from '@st/protocol';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../../api/errors';
import { Button } from '../../ui/kit/buttons';
import { Group, Paper, Stack } from '../../ui/kit/layout';
import { Badge } from '../../ui/kit/status';
import { Table } from '../../ui/kit/Table';
import { Text, Title } from '../../ui/kit/text';
import { useConfirm } from '../../ui/useConfirm';
import { useRolloutMessages } from '../rollouts/useRolloutsLive';
import { type CloudRolloutsApi, cloudRolloutKeys } from './cloudRolloutsApi';

const STATE_COLOR: Record<string, string> = {
  RUNNING: 'blue',
  PAUSED: 'orange',
  FINISHED: 'teal',
  CANCELLED: 'gray',
};

/** Which actions a rollout in this state offers. */
function actionsOf(r: CloudRollout): Array<RolloutAction['action']> {
  const failed = r.gateways.some((g) =>
    g.devices.some((d) => ['UPLOAD_FAILED', 'ROLLED_BACK', 'NOT_BACK', 'CRASH_LOOP'].includes(d.state)),
  );
  const list: Array<RolloutAction['action']> = [];
  if (r.state === 'RUNNING') list.push('pause');
  if (r.state === 'PAUSED') list.push('resume');
  if (failed && r.state !== 'CANCELLED') list.push('retryFailed');
  if (r.state === 'RUNNING' || r.state === 'PAUSED') list.push('cancel');
  return list;
}

const counts = (c: Partial<Record<string, number>>) =>
  Object.entries(c)
    .map(([state, n]) => `${state} ${n}`)
    .join(', ');

/** One rollout across gateways, live: its waves over every gateway, each gateway's part and device verdicts. */
export function CloudRolloutView({
  api,
  id,
  onDeleted,
}: {
  api: CloudRolloutsApi;
  id: string;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const [error, setError] = useState<string | undefined>();
  const rollout = useQuery({
    queryKey: cloudRolloutKeys.one(id),
    queryFn: () => api.get(id),
    refetchInterval: (q) =>
      q.state.data?.state === 'RUNNING' || q.state.data?.state === 'PAUSED' ? 1500 : 10_000,
  });
  const r = rollout.data;
  if (!r) return null;
  const act = async (action: RolloutAction['action']) => {
    setError(undefined);
    try {
      queryClient.setQueryData(cloudRolloutKeys.one(id), await api.act(id, action));
      void queryClient.invalidateQueries({ queryKey: cloudRolloutKeys.list });
    } catch (e) {
      setError(t('cloudRollouts.failed', { reason: serverMessage(e) ?? String(e) }));
    }
  };
  // a finished or cancelled rollout leaves the list after a confirm (the cloud says who may)
  const remove = async () => {
    const message = t('cloudRollouts.action.delete.confirm', { name: r.name });
    if (!(await confirm({ message, confirmLabel: t('cloudRollouts.action.delete'), danger: true }))) return;
    setError(undefined);
    try {
      await api.remove(id);
      queryClient.removeQueries({ queryKey: cloudRolloutKeys.one(id) });
      await queryClient.invalidateQueries({ queryKey: cloudRolloutKeys.list });
      onDeleted();
    } catch (e) {
      setError(t('cloudRollouts.failed', { reason: serverMessage(e) ?? String(e) }));
    }
  };
  return (
    <Paper withBorder p="md" component="section" aria-label={r.name} data-testid="cloud-rollout">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {r.name}
          </Title>
          <Badge
            color={STATE_COLOR[r.state] ?? 'gray'}
            data-testid="cloud-rollout-state"
            data-state={r.state}
          >
            {t('cloudRollouts.state', { status: r.state })}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {`${r.firmware.type} ${r.firmware.version} (${r.firmware.board}) · `}
          {t('cloudRollouts.wave', { current: `${r.currentWave + 1} / ${r.waves.length}` })}
          {` · ${t('cloudRollouts.by', { login: r.createdBy })}`}
        </Text>
        {r.reason ? <Text data-testid="cloud-rollout-reason">{r.reason}</Text> : null}
        <Group gap="xs">
          {actionsOf(r).map((a) => (
            <Button
              key={a}
              size="xs"
              variant={a === 'cancel' ? 'light' : 'filled'}
              onClick={() => void act(a)}
            >
              {t(`cloudRollouts.action.${a}`)}
            </Button>
          ))}
          {r.state === 'FINISHED' || r.state === 'CANCELLED' ? (
            <Button size="xs" variant="light" color="red" onClick={() => void remove()}>
              {t('cloudRollouts.action.delete')}
            </Button>
          ) : null}
        </Group>
        {error ? (
          <Text c="red" role="alert">
            {error}
          </Text>
        ) : null}
        <Table aria-label={t('cloudRollouts.waves')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('cloudRollouts.wave.col')}</Table.Th>
              <Table.Th>{t('cloudRollouts.size.col')}</Table.Th>
              <Table.Th>{t('cloudRollouts.counts.col')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {r.waves.map((w) => (
              <Table.Tr
                key={w.index}
                data-testid="cloud-rollout-wave"
                aria-current={w.index === r.currentWave}
              >
                <Table.Td>{w.index + 1}</Table.Td>
                <Table.Td>{w.size}</Table.Td>
                <Table.Td>{counts(w.counts)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {r.gateways.map((g) => (
          <GatewayPart key={g.gatewayId} part={g} rolloutId={r.id} />
        ))}
      </Stack>
    </Paper>
  );
}

/**
 * One gateway's part. Its own rollouts' live topic (forwarded by the cloud) tells when one of this rollout's
 * parts moved: the rollout is read again then, besides the polling.
 */
function GatewayPart({ part: g, rolloutId }: { part: CloudRolloutGateway; rolloutId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  useRolloutMessages(
    g.gatewayId,
    useCallback(
      (m: { rollout: { name: string } }) => {
        if (m.rollout.name.startsWith(`cloud ${rolloutId} `))
          void queryClient.invalidateQueries({ queryKey: cloudRolloutKeys.one(rolloutId) });
      },
      [queryClient, rolloutId],
    ),
  );
  return (
    <Stack gap={4} component="section" aria-label={g.name} data-testid="cloud-rollout-gateway">
      <Group gap="xs">
        <Text fw={700}>{g.name}</Text>
        <Badge variant="dot" color={g.online ? 'teal.9' : 'gray'}>
          {g.online ? t('cloudRollouts.gateway.online') : t('cloudRollouts.gateway.offline')}
        </Badge>
        {g.behind ? <Badge color="orange">{t('cloudRollouts.gateway.behind')}</Badge> : null}
        <Text size="xs" c="dimmed">
          {t('cloudRollouts.gateway.sends', { count: g.firmwareSends })}
        </Text>
      </Group>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('cloudRollouts.device.col')}</Table.Th>
            <Table.Th>{t('cloudRollouts.wave.col')}</Table.Th>
            <Table.Th>{t('cloudRollouts.verdict.col')}</Table.Th>
            <Table.Th>{t('cloudRollouts.detail.col')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {g.devices.map((d) => (
            <Table.Tr key={d.ip} data-testid="cloud-rollout-device" data-state={d.state}>
              <Table.Td>{`${d.name} (${d.ip})`}</Table.Td>
              <Table.Td>{d.wave + 1}</Table.Td>
              <Table.Td>{d.state}</Table.Td>
              <Table.Td>{d.detail ?? ''}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
