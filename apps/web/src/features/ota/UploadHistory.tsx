import type { OtaTask } from '@st/protocol';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../ui/format';
import { Group, Paper, Stack } from '../../ui/kit/layout';
import { Badge } from '../../ui/kit/status';
import { Text } from '../../ui/kit/text';
import { OtaVerdictText } from './OtaVerdictText';
import { statusTone } from './otaModel';

/** Finished uploads, newest first: what went where, how it ended and why. */
export function UploadHistory({ tasks }: { tasks: readonly OtaTask[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (tasks.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('ota.history.empty')}
      </Text>
    );
  }
  return (
    <Stack gap="xs" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {tasks.map((task) => (
        <Paper key={task.taskId} component="li" withBorder radius="sm" p="xs" data-testid="ota-history">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text size="sm" truncate>
                {t('ota.history.item', {
                  firmware: `${task.firmware.type} ${task.firmware.version} (${task.firmware.board})`,
                  device: `${task.device.name} (${task.device.ip})`,
                })}
              </Text>
              <Text size="xs" c="dimmed">
                {t('ota.history.when', {
                  date: format.dateTime(task.finishedAt ?? task.startedAt),
                })}
              </Text>
              <OtaVerdictText task={task} />
              {task.error && task.verdict === undefined ? (
                <Text size="xs" c="red">
                  {task.error}
                </Text>
              ) : null}
            </Stack>
            <Badge
              color={statusTone(task.status)}
              variant="light"
              data-status={task.status}
              style={{ flexShrink: 0 }}
            >
              {t(`ota.status.${task.status}`)}
            </Badge>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
