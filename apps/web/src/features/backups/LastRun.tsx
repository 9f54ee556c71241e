import type { BackupOverview } from '@st/protocol';
import { useTranslation } from 'react-i18next';
import { Text } from '../../ui/kit/text';
import { List } from '../../ui/kit/textBlocks';
import { useDateTime } from './format';
import { summary } from './summary';

/** "Last backup" with its outcome (and each failure), then when the next one is due. */
export function LastRun({ overview }: { overview: BackupOverview }) {
  const { t } = useTranslation();
  const date = useDateTime();
  const { lastRun, nextRunAt } = overview;
  return (
    <div data-testid="backups-last">
      <Text size="sm">
        {lastRun === null
          ? t('backups.last.none')
          : t('backups.last', {
              date: date(lastRun.at),
              summary: summary(t, [
                ['new', lastRun.backedUp],
                ['unchanged', lastRun.unchanged],
                ['failed', lastRun.failed.length],
              ]),
            })}
      </Text>
      {lastRun !== null && lastRun.failed.length > 0 ? (
        <List size="xs" c="red">
          {lastRun.failed.map((f) => (
            <List.Item key={f.ip}>{t('backups.last.failed', { ip: f.ip, error: f.error })}</List.Item>
          ))}
        </List>
      ) : null}
      <Text size="xs" c="dimmed">
        {nextRunAt === null
          ? t('backups.schedule.off')
          : t('backups.schedule.next', { date: date(nextRunAt) })}
      </Text>
    </div>
  );
}
