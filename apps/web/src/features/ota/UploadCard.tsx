import { canAbortOta, type OtaTask } from '@st/protocol';
import { IconPlayerStop } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/kit/buttons';
import { Group, Paper, SimpleGrid, Stack } from '../../ui/kit/layout';
import { Progress } from '../../ui/kit/progress';
import { Badge } from '../../ui/kit/status';
import { Text } from '../../ui/kit/text';
import { useCanWrite } from '../accounts/useCanWrite';
import { OtaVerdictText } from './OtaVerdictText';
import { statusTone } from './otaModel';

export interface UploadCardProps {
  task: OtaTask;
  onAbort?: ((task: OtaTask) => void) | undefined;
}

/** One upload: firmware and device side by side, its status, a progress bar while it sends, and Abort. */
export function UploadCard({ task, onAbort }: UploadCardProps) {
  const { t } = useTranslation();
  const canWrite = useCanWrite();
  const { firmware: f, device: d } = task;
  const sending = task.progress > 0 && task.status !== 'FINISHED';
  return (
    <Paper
      withBorder
      radius="sm"
      p="sm"
      data-testid="ota-upload"
      aria-label={t('ota.upload.progress', { device: d.name })}
    >
      <Stack gap="xs">
        <SimpleGrid cols={2} spacing="sm">
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              {t('ota.upload.block.firmware')}
            </Text>
            <Text size="sm">{`${f.type} ${f.version}`}</Text>
            <Text size="xs" c="dimmed">
              {f.board}
            </Text>
          </Stack>
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              {t('ota.upload.block.device')}
            </Text>
            <Text size="sm">{d.name}</Text>
            <Text size="xs" c="dimmed">
              {`${d.ip}${d.version ? ` · ${d.version}` : ''}`}
            </Text>
          </Stack>
        </SimpleGrid>
        <Group justify="space-between" wrap="nowrap">
          <Badge color={statusTone(task.status)} variant="light" data-status={task.status}>
            {t('ota.upload.status', { status: t(`ota.status.${task.status}`) })}
          </Badge>
          {onAbort !== undefined && canAbortOta(task.status) ? (
            <Button
              size="xs"
              color="red"
              variant="light"
              leftSection={<IconPlayerStop size={14} aria-hidden />}
              onClick={() => onAbort(task)}
              disabled={!canWrite}
            >
              {t('ota.upload.abort')}
            </Button>
          ) : null}
        </Group>
        {sending ? (
          <Progress.Root size="lg" aria-label={t('ota.upload.progress', { device: d.name })}>
            <Progress.Section
              value={task.progress}
              color={statusTone(task.status) === 'red' ? 'red' : 'green'}
            >
              <Progress.Label>{`${task.progress}%`}</Progress.Label>
            </Progress.Section>
          </Progress.Root>
        ) : null}
        <OtaVerdictText task={task} />
        {task.error && task.verdict === undefined ? (
          <Text size="xs" c="red">
            {task.error}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
