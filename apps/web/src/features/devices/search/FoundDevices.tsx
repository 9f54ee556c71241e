import type { DeviceInfo } from '@st/protocol';
import { useTranslation } from 'react-i18next';
import { SelectAllBox } from '../../fleet/SelectAllBox';
import type { Selection } from '../../fleet/useSelection';
import { useFoundDevices } from '../api/useFoundDevices';
import { useQueryErrorToast } from '../api/useQueryErrorToast';
import { matchesSearch } from '../model/search';
import { DeviceRow } from './DeviceRow';
import { ListSection } from './ListSection';
import { VirtualDeviceList } from './VirtualDeviceList';

export interface DeviceListProps {
  selectedIp: string | undefined;
  onSelect: (device: DeviceInfo) => void;
  /** search text: only matching devices are listed */
  query?: string;
  /** devices chosen for a bulk action; absent when the user may not run one (a viewer) */
  selection?: Selection | undefined;
}

/** Devices the gateway hears on the network, kept live by useLiveDevices. */
export function FoundDevices({ selectedIp, onSelect, query = '', selection }: DeviceListProps) {
  const { t } = useTranslation();
  const { enabled, found, list: all } = useFoundDevices();
  useQueryErrorToast(
    enabled.error ?? (enabled.data === true ? found.error : null),
    t('devices.search.load.error'),
  );
  const list = (all ?? []).filter((d) => matchesSearch(d, query));
  const placeholder =
    enabled.data === false
      ? t('devices.search.disabled')
      : list.length > 0
        ? undefined
        : found.isFetching || enabled.isFetching
          ? t('devices.search.in.progress')
          : t('devices.search.empty');
  return (
    <ListSection
      title={t('devices.search')}
      refreshing={found.isFetching || enabled.isFetching}
      onRefresh={() => {
        void enabled.refetch();
        if (enabled.data === true) void found.refetch();
      }}
      placeholder={placeholder}
      actions={
        selection === undefined ? undefined : (
          <SelectAllBox list={t('devices.search')} devices={list} selection={selection} />
        )
      }
    >
      <VirtualDeviceList
        items={list}
        keyOf={(d) => `${d.ip}|${d.name}`}
        label={t('devices.search')}
        maxHeight={360}
        renderRow={(d) => (
          <DeviceRow
            device={d}
            selected={d.ip === selectedIp}
            onSelect={onSelect}
            choice={choiceOf(selection, d)}
            restarting={d.restarting}
          />
        )}
      />
    </ListSection>
  );
}

/** The row checkbox of a device in a list with bulk actions. */
export function choiceOf(selection: Selection | undefined, device: DeviceInfo) {
  return selection === undefined
    ? undefined
    : { checked: selection.has(device.ip), onChange: (on: boolean) => selection.set([device], on) };
}
