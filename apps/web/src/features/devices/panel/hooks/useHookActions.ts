import type { HookDraft } from '@st/protocol';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../../../app/ServicesContext';
import { useDeviceErrorToast } from '../../api/deviceErrors';
import { useDeviceCaller } from '../../api/useDevices';
import { useDevicePanel } from '../DeviceContext';

/** Save (create without an id, update with one) and delete of one sensor's hook, each with its toasts. */
/** `key`: the hook's toast subject (a successful save closes the failure before it). */
export function useHookActions(sensor: string, key: string, onDone: () => void) {
  const { t } = useTranslation();
  const { toaster } = useServices();
  const { device } = useDevicePanel();
  const call = useDeviceCaller();
  const toastError = useDeviceErrorToast();
  const save = useMutation({
    mutationFn: (h: HookDraft) =>
      h.id === undefined
        ? call(device.ip, 'createHook', { sensor, hook: h })
        : call(device.ip, 'updateHook', { sensor, hook: { ...h, id: h.id } }),
    onSuccess: (_, h) => {
      toaster.success({
        caption: h.id === undefined ? t('devices.hook.created') : t('devices.hook.updated'),
        key,
      });
      onDone();
    },
    onError: (error) => toastError(t('devices.hook.save.error'), error, key),
  });
  const remove = useMutation({
    mutationFn: (id: string) => call(device.ip, 'deleteHook', { sensor, id }),
    onSuccess: () => {
      toaster.success({ caption: t('devices.hook.delete.success') });
      onDone();
    },
    onError: (error) => toastError(t('devices.hook.delete.error'), error),
  });
  return { save, remove };
}
