import type { RolloutTarget } from '@st/protocol';
import { useTranslation } from 'react-i18next';

/** What a rollout targets, in words. */
export function TargetText({ target }: { target: RolloutTarget }) {
  const { t } = useTranslation();
  if (target.kind === 'tag') return <>{t('rollouts.target.tag', { name: target.tag })}</>;
  if (target.kind === 'typeBoard')
    return <>{t('rollouts.target.typeBoard', { type: target.type, board: target.board })}</>;
  return <>{t('rollouts.target.devices', { count: target.ips.length })}</>;
}
