import type { SavedDevice } from '@st/protocol';
import { IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../../app/ServicesContext';
import { Tooltip } from '../../../ui/floating/Tooltip';
import { ActionIcon } from '../../../ui/kit/buttons';
import { useConfirm } from '../../../ui/useConfirm';
import { useOpenedOnce } from '../../../ui/useOpenedOnce';
import { useCanWrite } from '../../accounts/useCanWrite';
import { SelectAllBox } from '../../fleet/SelectAllBox';
import { useDeviceErrorToast } from '../api/deviceErrors';
import { panelQueries } from '../api/panelQueries';
import { useDevicesApi, useGatewayKey } from '../api/useDevices';
import { useQueryErrorToast } from '../api/useQueryErrorToast';
import { matchesSearch } from '../model/search';
import { DeviceRow } from './DeviceRow';
import { choiceOf, type DeviceListProps } from './FoundDevices';
import { ListSection } from './ListSection';
import { PresenceDot } from './PresenceDot';
import { SavedDeviceMenu } from './SavedDeviceMenu';
import { useSavedPresence } from './useSavedPresence';
import { VirtualDeviceList } from './VirtualDeviceList';

// Downloaded when first opened.
const AddDeviceDialog = lazy(() => import('./AddDeviceDialog').then((m) => ({ default: m.AddDeviceDialog })));

export interface SavedDevicesProps extends DeviceListProps {
  onDeleted: (ip: string) => void;
}

/** Devices saved on the gateway: add by address, update from the device, delete. */
export function SavedDevices({ selectedIp, onSelect, onDeleted, query = '', selection }: SavedDevicesProps) {
  const { t } = useTranslation();
  const canWrite = useCanWrite();
  const { toaster } = useServices();
  const api = useDevicesApi();
  const confirm = useConfirm();
  const toastError = useDeviceErrorToast();
  const gatewayKey = useGatewayKey();
  const [adding, setAdding] = useState(false);
  const dialogLoaded = useOpenedOnce(adding);
  const saved = useQuery(panelQueries(api, gatewayKey).saved);
  useQueryErrorToast(saved.error, t('devices.saved.load.error'));
  const update = useMutation({
    mutationFn: (d: SavedDevice) => api.update(d.ip),
    onSuccess: () => {
      toaster.success({ caption: t('devices.saved.menu.update.success') });
      void saved.refetch();
    },
    onError: (error) => toastError(t('devices.saved.menu.update.error'), error),
  });
  const remove = useMutation({
    mutationFn: (d: SavedDevice) => api.remove(d.ip),
    onSuccess: (_, d) => {
      toaster.success({ caption: t('devices.saved.menu.delete.success') });
      onDeleted(d.ip);
      void saved.refetch();
    },
    onError: (error) => toastError(t('devices.saved.menu.delete.error'), error),
  });
  const askDelete = async (d: SavedDevice) => {
    if (await confirm({ message: t('devices.saved.menu.delete.confirm', { name: d.name, ip: d.ip }) }))
      remove.mutate(d);
  };
  const all = saved.data ?? [];
  const presence = useSavedPresence(all);
  const list = all.filter((d) => matchesSearch({ ...d, name: presence.get(d.ip)?.name ?? d.name }, query));
  const shown = list.map((d) => {
    const name = presence.get(d.ip)?.name;
    return name === undefined ? d : { ...d, name };
  });
  const placeholder =
    list.length > 0 ? undefined : saved.isFetching ? t('common.loading') : t('devices.saved.empty');
  return (
    <>
      <ListSection
        title={t('devices.saved')}
        refreshing={saved.isFetching}
        onRefresh={() => void saved.refetch()}
        placeholder={placeholder}
        actions={
          <>
            {selection === undefined ? null : (
              <SelectAllBox list={t('devices.saved')} devices={shown} selection={selection} />
            )}
            <Tooltip label={t('devices.saved.plus.title')}>
              <ActionIcon
                variant="subtle"
                onClick={() => setAdding(true)}
                aria-label={t('devices.saved.plus.title')}
                disabled={!canWrite}
              >
                <IconPlus size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </>
        }
      >
        <VirtualDeviceList
          items={list}
          keyOf={(d) => d.id}
          label={t('devices.saved')}
          maxHeight={300}
          renderRow={(d) => {
            const p = presence.get(d.ip);
            return (
              <DeviceRow
                device={p === undefined ? d : { ...d, name: p.name }}
                status={p === undefined ? undefined : <PresenceDot presence={p} />}
                selected={d.ip === selectedIp}
                onSelect={onSelect}
                choice={choiceOf(selection, p === undefined ? d : { ...d, name: p.name })}
                restarting={p?.restarting}
                menu={<SavedDeviceMenu device={d} onUpdate={(x) => update.mutate(x)} onDelete={askDelete} />}
              />
            );
          }}
        />
      </ListSection>
      {dialogLoaded ? (
        <Suspense fallback={null}>
          <AddDeviceDialog
            opened={adding}
            onClose={() => setAdding(false)}
            onAdded={() => void saved.refetch()}
          />
        </Suspense>
      ) : null}
    </>
  );
}
