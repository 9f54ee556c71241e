import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Group, Stack } from '../../ui/kit/layout';
import { Progress } from '../../ui/kit/progress';
import { Badge } from '../../ui/kit/status';
import { Text } from '../../ui/kit/text';

/** `skipped`: not sent at all (another board or type): no failure, and said so with its reason. */
export type OutcomeState = 'running' | 'done' | 'failed' | 'skipped';

export interface OutcomeRow {
  ip: string;
  name: string;
  state: OutcomeState;
  /** What happened, for a person (a status or an error). */
  detail?: string | undefined;
  /** Percent done, while it runs. */
  progress?: number | undefined;
}

const tone: Record<OutcomeState, string> = {
  running: 'blue.9',
  done: 'teal.9',
  failed: 'red.9',
  skipped: 'gray.8',
};

/** One line per device of a bulk action: its name, running/done/failed, and what happened. */
export function OutcomeList({
  rows,
  title,
  preview = false,
}: {
  rows: readonly OutcomeRow[];
  title?: ReactNode;
  /** Before anything is sent: running means "will be sent". */
  preview?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {title ?? (preview ? t('fleet.preview.title') : t('fleet.outcome.title'))}
      </Text>
      <ul
        aria-label={preview ? t('fleet.preview.title') : t('fleet.outcome.title')}
        style={{ margin: 0, padding: 0, listStyle: 'none' }}
      >
        {rows.map((row) => (
          <li key={row.ip} data-testid="fleet-outcome" data-ip={row.ip} data-state={row.state}>
            <Stack gap={2} py={4}>
              <Group gap="xs" wrap="nowrap" justify="space-between">
                <Text size="sm" truncate>{`${row.name} (${row.ip})`}</Text>
                <Badge color={tone[row.state]} variant="filled" style={{ flexShrink: 0 }}>
                  {preview
                    ? t(row.state === 'skipped' ? 'fleet.preview.skip' : 'fleet.preview.send')
                    : t(`fleet.outcome.${row.state}`)}
                </Badge>
              </Group>
              {row.detail ? (
                <Text size="xs" c={row.state === 'failed' ? 'red' : 'dimmed'}>
                  {row.detail}
                </Text>
              ) : null}
              {row.state === 'running' && row.progress !== undefined && row.progress > 0 ? (
                <Progress value={row.progress} size="sm" aria-label={`${row.name}: ${row.progress}%`} />
              ) : null}
            </Stack>
          </li>
        ))}
      </ul>
    </Stack>
  );
}
