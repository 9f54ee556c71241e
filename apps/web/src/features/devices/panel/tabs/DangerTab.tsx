import { IconAlertTriangle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../../../app/ServicesContext';
import { Button } from '../../../../ui/kit/buttons';
import { Group, Stack } from '../../../../ui/kit/layout';
import { Alert } from '../../../../ui/kit/status';
import { useConfirm } from '../../../../ui/useConfirm';
import { useCanWrite } from '../../../accounts/useCanWrite';
import { ViewerNote } from '../../../accounts/ViewerNote';
import { isRebootTimeout, useDeviceErrorToast } from '../../api/deviceErrors';
import { useDeviceCaller } from '../../api/useDevices';
import { useDevicePanel } from '../DeviceContext';

type DangerCommand = 'restart' | 'wipe';

/** Restart (one confirmation) and wipe (three). A timeout means the device is rebooting: a warning. */
export function DangerTab() {
  const { t } = useTranslation();
  const { toaster } = useServices();
  const { device } = useDevicePanel();
  const call = useDeviceCaller();
  const confirm = useConfirm();
  const toastError = useDeviceErrorToast();
  const canWrite = useCanWrite();
  const run = useMutation({
    mutationFn: (command: DangerCommand) => call(device.ip, command),
    onSuccess: (_, command) =>
      toaster.info({
        caption: t(`devices.danger.${command}.success`),
        description: t(`devices.danger.${command}.success.desc`),
      }),
    onError: (error, command) => {
      if (isRebootTimeout(error)) {
        toaster.warn({
          caption: t(`devices.danger.${command}.timeout`),
          description: t(`devices.danger.${command}.timeout.desc`),
        });
      } else toastError(t(`devices.danger.${command}.error`), error);
    },
  });
  const restart = async () => {
    if (await confirm({ message: t('devices.danger.restart.confirm', { name: device.name }) }))
      run.mutate('restart');
  };
  const wipe = async () => {
    for (const step of ['1', '2', '3'] as const) {
      const ok = await confirm({
        message: t(`devices.danger.wipe.confirm.${step}`, { name: device.name }),
        confirmLabel: t('devices.danger.wipe.confirm.button', { step }),
      });
      if (!ok) return;
    }
    run.mutate('wipe');
  };
  return (
    <Stack>
      <ViewerNote />
      <Alert color="red" icon={<IconAlertTriangle aria-hidden />} title={t('devices.danger.title')}>
        {t('devices.danger.description')}
      </Alert>
      <Group>
        <Button
          color="red"
          variant="light"
          onClick={() => void restart()}
          disabled={!canWrite}
          loading={run.isPending && run.variables === 'restart'}
        >
          {t('devices.danger.button.restart')}
        </Button>
        <Button
          color="red"
          onClick={() => void wipe()}
          loading={run.isPending && run.variables === 'wipe'}
          disabled={!canWrite}
        >
          {t('devices.danger.button.wipe')}
        </Button>
      </Group>
    </Stack>
  );
}
