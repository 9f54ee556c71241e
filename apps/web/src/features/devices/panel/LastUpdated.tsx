import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../ui/format';
import { Text } from '../../../ui/kit/text';
import type { Freshness } from '../model/liveSample';

/** "Last updated: 18:30:05", or that the device missed a later sampling round (values kept). */
export function LastUpdated({ updatedAt, missedAt }: Freshness) {
  const { t } = useTranslation();
  const format = useFormat();
  if (updatedAt === undefined && missedAt === undefined) return null;
  return (
    <Text size="sm" data-testid="last-updated" data-missed={missedAt !== undefined}>
      {updatedAt !== undefined ? (
        <Text span c="dimmed" inherit>
          {t('devices.live.updated', { time: format.time(updatedAt) })}
        </Text>
      ) : null}
      {missedAt !== undefined ? (
        <Text span fw={600} inherit>
          {updatedAt !== undefined ? ' · ' : ''}
          {t('devices.live.missed', { time: format.time(missedAt) })}
        </Text>
      ) : null}
    </Text>
  );
}
