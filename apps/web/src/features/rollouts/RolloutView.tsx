import { isRolloutFailure, type Rollout, type RolloutAction } from '@st/protocol';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../../api/errors';
import { useServices } from '../../app/ServicesContext';
import { describeFailure } from '../../ui/describeFailure';
import { Button } from '../../ui/kit/buttons';
import { Loader } from '../../ui/kit/feedback';
import { Group, Paper, Stack } from '../../ui/kit/layout';
import { Badge } from '../../ui/kit/status';
import { Table } from '../../ui/kit/Table';
import { Text, Title } from '../../ui/kit/text';
import { useConfirm } from '../../ui/useConfirm';
import { deviceTone, failedCount } from './rolloutModel';
import { rolloutKeys, useRolloutsApi } from './rolloutsApi';
import { TargetText } from './TargetText';

type Action = RolloutAction['action'] | 'delete';

/** One rollout: its state and reason, its waves, every device with its verdict, and what can be done now. */
export function RolloutView({
  id,
  canWrite,
  onClose,
}: {
  id: string;
  canWrite: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { api, gatewayKey } = useRolloutsApi();
  const { toaster, log } = useServices();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const rollout = useQuery({ queryKey: rolloutKeys.one(gatewayKey, id), queryFn: () => api.get(id) });
  const [busy, setBusy] = useState<Action | undefined>(undefined);

  const run = async (action: Action, r: Rollout) => {
    if (
      action === 'cancel' &&
      !(await confirm({ message: t('rollouts.action.cancel.confirm', { name: r.name }) }))
    )
      return;
    setBusy(action);
    try {
      if (action === 'delete') {
        await api.remove(id);
        onClose();
      } else queryClient.setQueryData(rolloutKeys.one(gatewayKey, id), await api.action(id, action));
      void queryClient.invalidateQueries({ queryKey: rolloutKeys.list(gatewayKey) });
    } catch (error) {
      log.warn(`rollout ${action}`, error);
      toaster.error({
        caption: t('rollouts.action.error'),
        description: serverMessage(error) ?? describeFailure(error, t),
      });
    } finally {
      setBusy(undefined);
    }
  };

  const back = (
    <Button variant="subtle" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={onClose}>
      {t('rollouts.view.close')}
    </Button>
  );
  const r = rollout.data;
  if (r === undefined)
    return (
      <Stack gap="sm">
        {back}
        {rollout.isPending ? <Loader role="status" size="sm" aria-label={t('common.loading')} /> : null}
      </Stack>
    );
  const failed = r.devices.filter((d) => isRolloutFailure(d.state)).length;
  const active = r.state === 'RUNNING' || r.state === 'PAUSED';
  const button = (action: Action, text: string, color?: string) => (
    <Button
      key={action}
      size="compact-sm"
      variant="light"
      {...(color === undefined ? {} : { color })}
      loading={busy === action}
      disabled={busy !== undefined}
      onClick={() => void run(action, r)}
    >
      {text}
    </Button>
  );

  return (
    <Stack gap="md" aria-label={r.name} component="section">
      {back}
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={2} size="h3">
            {r.name}
          </Title>
          <Text size="sm" c="dimmed">
            {t('rollouts.summary.firmware', {
              type: r.firmware.type,
              version: r.firmware.version,
              board: r.firmware.board,
            })}{' '}
            · <TargetText target={r.target} />
          </Text>
        </Stack>
        <Badge
          data-testid="rollout-state"
          color={r.state === 'PAUSED' ? 'yellow' : r.state === 'RUNNING' ? 'blue' : 'gray'}
        >
          {t(`rollouts.state.${r.state}`)}
        </Badge>
      </Group>
      {r.reason !== undefined && r.reason !== '' ? (
        <Text size="sm" data-testid="rollout-reason">
          {t('rollouts.reason', { reason: r.reason })}
        </Text>
      ) : null}
      {canWrite ? (
        <Group gap="xs">
          {r.state === 'RUNNING' ? button('pause', t('rollouts.action.pause')) : null}
          {r.state === 'PAUSED' ? button('resume', t('rollouts.action.resume')) : null}
          {failed > 0 ? button('retryFailed', t('rollouts.action.retryFailed')) : null}
          {active ? button('cancel', t('rollouts.action.cancel'), 'red') : null}
          {active ? null : button('delete', t('rollouts.action.delete'), 'red')}
        </Group>
      ) : null}

      <Title order={3} size="h4">
        {t('rollouts.view.waves')}
      </Title>
      <Stack gap="xs">
        {r.waves.map((wave) => (
          <Paper key={wave.index} withBorder p="xs" data-testid={`rollout-wave-${wave.index + 1}`}>
            <Group gap="xs">
              <Text fw={600} size="sm">
                {t('rollouts.view.wave', { count: wave.index + 1 })}
              </Text>
              <Text size="sm" c="dimmed">
                {t('rollouts.view.wave.size', { count: wave.size })}
              </Text>
              {active && wave.index === r.currentWave ? (
                <Badge size="sm" color="blue">
                  {t('rollouts.view.wave.now')}
                </Badge>
              ) : null}
              {Object.entries(wave.counts).map(([state, n]) =>
                n ? (
                  <Badge key={state} size="sm" variant="light" tt="none" color={deviceTone(state as never)}>
                    {t(`rollouts.device.${state as Rollout['devices'][number]['state']}`)}: {n}
                  </Badge>
                ) : null,
              )}
              {failedCount(wave.counts) > 0 ? (
                <Text size="sm" c="red">
                  {t('rollouts.summary.failed', { count: failedCount(wave.counts) })}
                </Text>
              ) : null}
            </Group>
          </Paper>
        ))}
      </Stack>

      <Title order={3} size="h4">
        {t('rollouts.view.devices')}
      </Title>
      <Table.ScrollContainer minWidth={560}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('rollouts.view.col.device')}</Table.Th>
              <Table.Th>{t('rollouts.view.col.wave')}</Table.Th>
              <Table.Th>{t('rollouts.view.col.verdict')}</Table.Th>
              <Table.Th>{t('rollouts.view.col.detail')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {r.devices.map((d) => (
              <Table.Tr key={d.ip} data-testid={`rollout-device-${d.ip}`}>
                <Table.Td>
                  <Text size="sm">{d.name}</Text>
                  <Text size="xs" c="dimmed">
                    {d.ip}
                    {d.fromVersion === undefined
                      ? ''
                      : ` · ${t('rollouts.view.from', { version: d.fromVersion })}`}
                  </Text>
                </Table.Td>
                <Table.Td>{d.wave + 1}</Table.Td>
                <Table.Td>
                  <Badge size="sm" variant="light" tt="none" color={deviceTone(d.state)} data-state={d.state}>
                    {d.state === 'UPLOAD_FAILED' && d.uploadStatus !== undefined
                      ? t('rollouts.device.uploadFailed', { status: d.uploadStatus })
                      : t(`rollouts.device.${d.state}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Text size="xs">{d.detail ?? ''}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
