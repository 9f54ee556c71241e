import { useTranslation } from 'react-i18next';
import { describeFailure } from '../../ui/describeFailure';
import { useFormat } from '../../ui/format';
import { Loader } from '../../ui/kit/feedback';
import { Center, Paper } from '../../ui/kit/layout';
import { Alert } from '../../ui/kit/status';
import { Text } from '../../ui/kit/text';
import { useHistory } from './historyApi';
import type { ChartRange } from './RangePicker';

/** The most changes listed; older ones are counted. */
const SHOWN = 50;

/** A text sensor's history: its changes over the range, newest first (a chart of text says nothing). */
export function TextChanges({ ip, sensor, range }: { ip: string; sensor: string; range: ChartRange }) {
  const { t } = useTranslation();
  const format = useFormat();
  const history = useHistory(ip, sensor, range.from, range.to, range.live);
  const changes = [...(history.data?.changes ?? [])].reverse();
  const title = t('history.changes.title', { sensor });
  return (
    <Paper withBorder p="sm" data-changes={sensor}>
      <Text fw={600} size="sm" mb={4} id={`changes-${sensor}`}>
        {title}
      </Text>
      {history.error ? (
        <Alert color="red" role="alert" title={t('history.chart.load.error')}>
          {describeFailure(history.error, t)}
        </Alert>
      ) : history.data === undefined ? (
        <Center h={60}>
          <Loader role="status" size="sm" aria-label={t('common.loading')} />
        </Center>
      ) : changes.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('history.changes.empty')}
        </Text>
      ) : (
        <>
          <ol
            aria-labelledby={`changes-${sensor}`}
            style={{ margin: 0, padding: 0, listStyle: 'none', maxHeight: 240, overflowY: 'auto' }}
            className="st-scroll"
          >
            {changes.slice(0, SHOWN).map((c) => (
              <li
                key={`${c.t}:${c.v}`}
                data-testid="text-change"
                style={{ display: 'flex', gap: 12, padding: '2px 0' }}
              >
                <Text span size="xs" c="dimmed" style={{ flexShrink: 0, fontVariantNumeric: 'tabular-nums' }}>
                  {format.dateTime(c.t)}
                </Text>
                <Text span size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {c.v}
                </Text>
              </li>
            ))}
          </ol>
          {changes.length > SHOWN ? (
            <Text size="xs" c="dimmed" mt={4}>
              {t('history.changes.more', { count: changes.length - SHOWN })}
            </Text>
          ) : null}
        </>
      )}
    </Paper>
  );
}
