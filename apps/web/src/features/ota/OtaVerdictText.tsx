import type { OtaTask } from '@st/protocol';
import { useTranslation } from 'react-i18next';
import { Text } from '../../ui/kit/text';
import { verdictMessage } from './otaModel';

/** What the device reports after an update (or that it did not come back); nothing before it confirmed one. */
export function OtaVerdictText({ task }: { task: OtaTask }) {
  const { t } = useTranslation();
  if (task.verdict === undefined) return null;
  const { key, values } = verdictMessage(task.verdict);
  return (
    <Text
      size="xs"
      c={task.status === 'FINISHED' ? 'dimmed' : 'red'}
      data-testid="ota-verdict"
      data-outcome={task.verdict.outcome}
    >
      {t(key, values)}
    </Text>
  );
}
