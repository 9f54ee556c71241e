import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../../../app/ServicesContext';
import { AppModal } from '../../../../ui/AppModal';
import { Button } from '../../../../ui/kit/buttons';
import { TextInput } from '../../../../ui/kit/inputs';
import { Stack } from '../../../../ui/kit/layout';
import { useDeviceErrorToast } from '../../api/deviceErrors';
import { useDeviceCaller } from '../../api/useDevices';
import { useDevicePanel } from '../DeviceContext';

export interface HookTestDialogProps {
  sensor: string;
  id: string | number;
  onClose: () => void;
}

/** Runs a hook now, with a value of the user's choice or (left empty) the sensor's current value. */
export function HookTestDialog({ sensor, id, onClose }: HookTestDialogProps) {
  const { t } = useTranslation();
  const { toaster } = useServices();
  const { device } = useDevicePanel();
  const call = useDeviceCaller();
  const toastError = useDeviceErrorToast();
  const [value, setValue] = useState('');
  const test = useMutation({
    mutationFn: () =>
      call(device.ip, 'testHook', {
        sensor,
        id: String(id),
        ...(value.trim() === '' ? {} : { value: value.trim() }),
      }),
    onSuccess: () => {
      toaster.success({ caption: t('devices.hook.test.success') });
      onClose();
    },
    onError: (error) => toastError(t('devices.hook.test.error'), error),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    test.mutate();
  };
  return (
    <AppModal opened onClose={onClose} title={t('devices.hook.test.it')}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label={t('devices.hook.test.label')}
            value={value}
            onChange={(e) => setValue(e.currentTarget.value)}
            data-autofocus
          />
          <Button type="submit" loading={test.isPending}>
            {t('devices.hook.test.button')}
          </Button>
        </Stack>
      </form>
    </AppModal>
  );
}
