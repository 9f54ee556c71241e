import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../../app/ServicesContext';
import { addTexts } from '../../../i18n';
import { AppModal } from '../../../ui/AppModal';
import { Button } from '../../../ui/kit/buttons';
import { TextInput } from '../../../ui/kit/inputs';
import { Stack } from '../../../ui/kit/layout';
import { useDeviceErrorToast } from '../api/deviceErrors';
import { useDevicesApi } from '../api/useDevices';
import { devicesEn, devicesRu } from '../messages';

addTexts(devicesEn, devicesRu);

export interface AddDeviceDialogProps {
  opened: boolean;
  onClose: () => void;
  onAdded: () => void;
}

/** Saves a device by its address; the gateway asks the device, and the toast names what answered. */
export function AddDeviceDialog({ opened, onClose, onAdded }: AddDeviceDialogProps) {
  const { t } = useTranslation();
  const { toaster } = useServices();
  const api = useDevicesApi();
  const toastError = useDeviceErrorToast();
  const [ip, setIp] = useState('');
  const [invalid, setInvalid] = useState(false);
  const add = useMutation({
    mutationFn: (address: string) => api.add(address),
    onSuccess: (device) => {
      toaster.info({
        caption: t('devices.saved.add.success'),
        description: t('devices.saved.add.success.desc', { name: device.name, type: device.type }),
      });
      setIp('');
      onAdded();
      onClose();
    },
    onError: (error) => toastError(t('devices.saved.add.error'), error),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = ip.trim();
    if (address === '') {
      setInvalid(true);
      toaster.error({ caption: t('devices.saved.add.ip.required') });
      return;
    }
    add.mutate(address);
  };
  return (
    <AppModal opened={opened} onClose={onClose} title={t('devices.saved.add.title')} size="small">
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label={t('devices.saved.add.input.ip')}
            placeholder="192.168.1.20"
            value={ip}
            onChange={(e) => {
              setIp(e.currentTarget.value);
              setInvalid(false);
            }}
            error={invalid ? t('devices.saved.add.ip.required') : undefined}
            data-autofocus
          />
          <Button type="submit" loading={add.isPending}>
            {t('devices.saved.add.button')}
          </Button>
        </Stack>
      </form>
    </AppModal>
  );
}
