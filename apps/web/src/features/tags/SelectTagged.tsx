import type { DeviceInfo } from '@st/protocol';
import { IconListCheck, IconRocket } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useCurrentGateway } from '../../app/CurrentGateway';
import { useServices } from '../../app/ServicesContext';
import { addTexts } from '../../i18n';
import { Button } from '../../ui/kit/buttons';
import { Group } from '../../ui/kit/layout';
import { Anchor } from '../../ui/kit/text';
import type { Selection } from '../fleet/useSelection';
import { menuPath } from '../menu/menuItems';
import { tagsEn, tagsRu } from './messages';

addTexts(tagsEn, tagsRu);

/**
 * Beside the overview's tag filter: chooses every device carrying `tag` for a bulk action (firmware, restart,
 * tags), or opens a new rollout to that tag on the Rollouts screen.
 */
export function SelectTagged({
  tag,
  devices,
  selection,
}: {
  tag: string;
  devices: readonly DeviceInfo[];
  selection: Selection;
}) {
  const { t } = useTranslation();
  const all = devices.length > 0 && devices.every((d) => selection.has(d.ip));
  const { config } = useServices();
  const rollouts = menuPath(config.mode, 'rollouts', useCurrentGateway()?.id);
  return (
    <Group gap="sm">
      <Button
        size="xs"
        variant="light"
        disabled={devices.length === 0 || all}
        leftSection={<IconListCheck size={14} aria-hidden />}
        onClick={() => selection.set(devices, true)}
      >
        {t('tags.select', { count: devices.length, name: tag })}
      </Button>
      {rollouts === undefined ? null : (
        <Anchor component={Link} to={`${rollouts}?tag=${encodeURIComponent(tag)}`} size="sm">
          <IconRocket size={14} aria-hidden style={{ verticalAlign: 'middle' }} />{' '}
          {t('tags.rollout', { name: tag })}
        </Anchor>
      )}
    </Group>
  );
}
