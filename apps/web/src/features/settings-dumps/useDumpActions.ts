import type { DeviceInfo, SettingsDumpRecord } from '@st/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError, serverMessage, statusOf } from '../../api/errors';
import { useServices } from '../../app/ServicesContext';
import { describeFailure } from '../../ui/describeFailure';
import { useConfirm } from '../../ui/useConfirm';
import { isEmptyDump } from './dumpContent';
import { dumpKeys } from './dumpsApi';
import { useDumpsApi } from './useDumpsApi';

/** The device did not answer in time: after an import that is the reboot it was asked for (spec section 8). */
function isRebootTimeout(error: unknown): boolean {
  return (error instanceof HttpError && error.failure.kind === 'timeout') || statusOf(error) === 504;
}

/** Export, import and delete of saved settings, with the spec's confirmations and toasts. */
export function useDumpActions() {
  const { toaster, log } = useServices();
  const { api, gatewayKey } = useDumpsApi();
  const { t } = useTranslation();
  const confirm = useConfirm();
  const queryClient = useQueryClient();

  return useMemo(() => {
    const reason = (error: unknown) => serverMessage(error) ?? describeFailure(error, t);
    return {
      reload: () => queryClient.invalidateQueries({ queryKey: dumpKeys.list(gatewayKey) }),
      /** Resolves true when the dump was saved. */
      exportFrom: async (device: DeviceInfo): Promise<boolean> => {
        try {
          const dump = await api.exportFrom(device.ip);
          if (isEmptyDump(dump)) {
            toaster.error({ caption: t('device.settings.export.error.empty') });
            return false;
          }
          await api.save(device, dump.trim());
        } catch (error) {
          log.warn('Settings export failed', error);
          toaster.error({ caption: t('device.settings.export.error'), description: reason(error) });
          return false;
        }
        toaster.success({ caption: t('device.settings.export.success') });
        return true;
      },
      /** Resolves true when the import was sent (answered, or the device went to reboot). */
      importTo: async (record: SettingsDumpRecord, device: DeviceInfo): Promise<boolean> => {
        try {
          await api.importTo(device.ip, record.dump);
        } catch (error) {
          if (isRebootTimeout(error)) {
            toaster.warn({
              caption: t('device.settings.import.timeout'),
              description: t('device.settings.import.timeout.desc'),
            });
            return true;
          }
          log.warn('Settings import failed', error);
          toaster.error({ caption: t('device.settings.import.error'), description: reason(error) });
          return false;
        }
        toaster.success({
          caption: t('device.settings.import.success', { name: device.name }),
          description: t('device.settings.import.success.desc'),
        });
        return true;
      },
      /** Asks first; resolves true when the dump was deleted. */
      remove: async (record: SettingsDumpRecord): Promise<boolean> => {
        if (!(await confirm({ message: t('device.settings.delete.confirm') }))) return false;
        try {
          await api.remove(record.id);
        } catch (error) {
          log.warn('Settings delete failed', error);
          toaster.error({ caption: t('device.settings.delete.error'), description: reason(error) });
          return false;
        }
        toaster.success({ caption: t('device.settings.delete.success') });
        await queryClient.invalidateQueries({ queryKey: dumpKeys.list(gatewayKey) });
        return true;
      },
    };
  }, [api, gatewayKey, toaster, log, t, confirm, queryClient]);
}
