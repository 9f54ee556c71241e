import type { DeviceInfo, Firmware, FirmwareInfoInput, FirmwareUpdate, OtaTask } from '@st/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../../api/errors';
import type { UploadProgress } from '../../api/progressFetch';
import { useServices } from '../../app/ServicesContext';
import { describeFailure } from '../../ui/describeFailure';
import { useConfirm } from '../../ui/useConfirm';
import { downloadThroughCloud } from './downloadFirmware';
import { otaKeys } from './otaKeys';
import { useOtaApi } from './useOtaApi';
import { sameType, versionStep } from './versions';

const names = (devices: readonly DeviceInfo[]) => devices.map((d) => d.name).join(', ');

/** What became of each device of an upload: its task id, or why it did not start. */
export type UploadOutcome = Map<string, { taskId: string } | { error: string }>;

/** Everything the OTA screen changes, with the confirmations and toasts of reference 8.9. */
export function useOtaActions() {
  const { toaster, log, baseUrl } = useServices();
  const { api, gatewayKey } = useOtaApi();
  const { t } = useTranslation();
  const confirm = useConfirm();
  const queryClient = useQueryClient();

  return useMemo(() => {
    const reason = (error: unknown) => serverMessage(error) ?? describeFailure(error, t);
    const reload = (key: readonly unknown[]) => queryClient.invalidateQueries({ queryKey: key });
    const fail = (caption: string, what: string, error: unknown) => {
      log.warn(what, error);
      toaster.error({ caption, description: reason(error) });
    };
    return {
      /** Resolves true when the firmware was saved. */
      add: async (
        info: Partial<FirmwareInfoInput> & { type: string },
        file: File,
        onUploadProgress?: UploadProgress,
      ): Promise<boolean> => {
        try {
          await api.add(info, file, onUploadProgress);
        } catch (error) {
          fail(t('ota.add.error'), 'Firmware add failed', error);
          return false;
        }
        toaster.success({ caption: t('ota.add.success') });
        await reload(otaKeys.firmwares(gatewayKey));
        return true;
      },
      update: async (change: FirmwareUpdate): Promise<boolean> => {
        try {
          await api.update(change);
        } catch (error) {
          fail(t('ota.edit.error'), 'Firmware update failed', error);
          return false;
        }
        toaster.success({ caption: t('ota.edit.success') });
        await reload(otaKeys.firmwares(gatewayKey));
        return true;
      },
      remove: async (f: Firmware): Promise<void> => {
        const message = t('ota.delete.confirm', { type: f.type, version: f.version, board: f.board });
        if (!(await confirm({ message }))) return;
        try {
          await api.remove(f.id);
        } catch (error) {
          fail(t('ota.delete.error'), 'Firmware delete failed', error);
          return;
        }
        toaster.success({ caption: t('ota.delete.success') });
        await reload(otaKeys.firmwares(gatewayKey));
      },
      /**
       * Asks first; resolves with each device's outcome when the request was sent (some devices may still have
       * been refused), undefined when the user said no.
       */
      upload: async (f: Firmware, devices: DeviceInfo[]): Promise<UploadOutcome | undefined> => {
        if (devices.length === 0) return undefined;
        const otherType = devices.filter((d) => !sameType(d, f));
        const downgrade = devices.filter((d) => versionStep(d, f) === 'downgrade');
        const message = [
          otherType.length > 0
            ? t('ota.upload.confirm.mismatch', { firmwareType: f.type, devices: names(otherType) })
            : '',
          downgrade.length > 0 ? t('ota.upload.confirm.downgrade', { devices: names(downgrade) }) : '',
          t('ota.upload.confirm', {
            firmwareType: f.type,
            firmwareVersion: f.version,
            deviceName: names(devices),
          }),
        ]
          .filter((line) => line !== '')
          .join(' ');
        const risky = otherType.length > 0;
        const asked = risky
          ? { message, danger: true, confirmLabel: t('ota.upload.confirm.override') }
          : { message, danger: downgrade.length > 0 };
        if (!(await confirm(asked))) return undefined;
        let started: Record<string, string>;
        try {
          started = await api.uploadTo(
            f.id,
            devices.map((d) => ({
              ip: d.ip,
              name: d.name,
              ...(sameType(d, f) ? {} : { allowTypeMismatch: true }),
            })),
          );
        } catch (error) {
          fail(t('ota.upload.error', { deviceName: names(devices) }), 'Firmware upload failed', error);
          return new Map(devices.map((d) => [d.ip, { error: reason(error) }]));
        }
        const ok = devices.filter((d) => started[d.ip]);
        const refused = devices.filter((d) => !started[d.ip]);
        if (ok.length > 0) toaster.success({ caption: t('ota.upload.success', { deviceName: names(ok) }) });
        if (refused.length > 0)
          toaster.error({ caption: t('ota.upload.error', { deviceName: names(refused) }) });
        await reload(otaKeys.active(gatewayKey));
        return new Map(
          devices.map((d) => {
            const taskId = started[d.ip];
            return [d.ip, taskId === undefined ? { error: t('fleet.outcome.refused') } : { taskId }];
          }),
        );
      },
      abort: async (task: OtaTask): Promise<void> => {
        const message = t('ota.upload.abort.confirm', { device: task.device.name });
        if (!(await confirm({ message }))) return;
        try {
          await api.abort(task.taskId);
        } catch (error) {
          fail(t('ota.upload.abort.error'), 'Upload abort failed', error);
          return;
        }
        toaster.success({ caption: t('ota.upload.abort.success') });
        await reload(otaKeys.active(gatewayKey));
        await reload(otaKeys.history(gatewayKey));
      },
      download: async (f: Firmware): Promise<void> => {
        try {
          await downloadThroughCloud(baseUrl, gatewayKey, f, api.boards);
        } catch (error) {
          fail(t('ota.download.error'), 'Firmware download failed', error);
        }
      },
    };
  }, [api, gatewayKey, toaster, log, t, confirm, queryClient, baseUrl]);
}
