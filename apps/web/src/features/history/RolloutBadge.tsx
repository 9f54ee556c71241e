import type { RolloutDeviceStates } from '@st/protocol';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../ui/kit/status';
import { VisuallyHidden } from '../../ui/kit/text';
import { deviceTone } from '../rollouts/rolloutModel';

/** A device's state in the running or paused rollout it is part of (table row or card); the title names it. */
export function RolloutBadge({ entry }: { entry: RolloutDeviceStates[string] | undefined }) {
  const { t } = useTranslation();
  if (!entry) return null;
  const state = t(`history.overview.rollout.${entry.state}`);
  const status = entry.detail ? `${state} (${entry.detail})` : state;
  const title = t(
    entry.rolloutState === 'PAUSED' ? 'history.overview.rollout.paused' : 'history.overview.rollout.title',
    { name: entry.rollout, status },
  );
  return (
    <Badge
      size="xs"
      variant="light"
      tt="none"
      color={deviceTone(entry.state)}
      title={title}
      data-rollout-state={entry.state}
      style={{ flexShrink: 0 }}
    >
      <VisuallyHidden>{t('history.overview.rollout.label')} </VisuallyHidden>
      {state}
    </Badge>
  );
}
