import type { DeviceInfo } from '@st/protocol';
import { useTranslation } from 'react-i18next';
import { Checkbox } from '../../ui/kit/choices';
import type { Selection } from './useSelection';

/** "Select all" of one device list as it is filtered now; half-checked when only some are chosen. */
export function SelectAllBox({
  list,
  devices,
  selection,
}: {
  list: string;
  devices: readonly DeviceInfo[];
  selection: Selection;
}) {
  const { t } = useTranslation();
  const chosen = devices.filter((d) => selection.has(d.ip)).length;
  const all = devices.length > 0 && chosen === devices.length;
  return (
    <Checkbox
      size="xs"
      mx={6}
      aria-label={t('fleet.select.all', { list })}
      checked={all}
      indeterminate={chosen > 0 && !all}
      disabled={devices.length === 0}
      onChange={() => selection.set(devices, !all)}
    />
  );
}
