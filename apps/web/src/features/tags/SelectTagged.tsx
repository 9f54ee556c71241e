import type { DeviceInfo } from '@st/protocol';
import { IconListCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { addTexts } from '../../i18n';
import { Button } from '../../ui/kit/buttons';
import type { Selection } from '../fleet/useSelection';
import { tagsEn, tagsRu } from './messages';

addTexts(tagsEn, tagsRu);

/** Chooses every device carrying `tag` for a bulk action (firmware, restart, tags) or a rollout. */
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
  return (
    <Button
      size="xs"
      variant="light"
      disabled={devices.length === 0 || all}
      leftSection={<IconListCheck size={14} aria-hidden />}
      onClick={() => selection.set(devices, true)}
    >
      {t('tags.select', { count: devices.length, name: tag })}
    </Button>
  );
}
