import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../../../app/ServicesContext';
import { Button } from '../../../../ui/kit/buttons';
import { Loader } from '../../../../ui/kit/feedback';
import { TextInput } from '../../../../ui/kit/inputs';
import { Center, Stack } from '../../../../ui/kit/layout';
import { Select } from '../../../../ui/Select';
import { useCanWrite } from '../../../accounts/useCanWrite';
import { ViewerNote } from '../../../accounts/ViewerNote';
import { RestartNow } from '../../../fleet/RestartNow';
import { SecretsMaskedNote } from '../../../settings-dumps/SecretsMaskedNote';
import { useDeviceErrorToast } from '../../api/deviceErrors';
import { useDeviceCaller } from '../../api/useDevices';
import { useDevicePanel } from '../DeviceContext';
import { useDeviceQuery } from '../useDeviceQuery';

/** SSID, password and mode (from the device's list). SSID and mode are required; the password is not. */
export function WifiTab() {
  const { t } = useTranslation();
  const { toaster } = useServices();
  const { device } = useDevicePanel();
  const call = useDeviceCaller();
  const toastError = useDeviceErrorToast();
  const canWrite = useCanWrite();
  // Reading the Wi-Fi settings is a write for the cloud (the answer holds the password): not for a viewer.
  const wifi = useDeviceQuery('getWiFi', t('devices.wifi.load.error'), { enabled: canWrite });
  const [ssid, setSsid] = useState('');
  const [password, setPassword] = useState('');
  const [mode, setMode] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  // Wi-Fi settings take effect after a restart: the save offers one.
  const [restartOffer, setRestartOffer] = useState(0);
  useEffect(() => {
    if (wifi.data === undefined) return;
    setSsid(wifi.data.settings.ssid);
    setPassword(wifi.data.settings.password);
    setMode(String(wifi.data.settings.mode));
  }, [wifi.data]);
  const save = useMutation({
    mutationFn: (settings: { ssid: string; password: string; mode: string }) =>
      call(device.ip, 'setWiFi', settings),
    onSuccess: () => {
      toaster.success({
        caption: t('devices.wifi.save.success'),
        description: t('devices.wifi.save.success.description'),
      });
      setRestartOffer((n) => n + 1);
      void wifi.refetch();
    },
    onError: (error) => toastError(t('devices.wifi.save.error'), error),
  });
  if (!canWrite) {
    return (
      <Stack maw={560}>
        <ViewerNote />
        <SecretsMaskedNote why="wifi" />
      </Stack>
    );
  }
  if (wifi.data === undefined) {
    return (
      <Center mih={80}>
        {wifi.isFetching ? <Loader role="status" aria-label={t('common.loading')} /> : null}
      </Center>
    );
  }
  const modes = Object.entries(wifi.data.modes).map(([value, label]) => ({ value, label }));
  const ssidMissing = ssid.trim() === '';
  const modeMissing = mode === null || mode === '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (ssidMissing || mode === null || modeMissing) return;
    save.mutate({ ssid: ssid.trim(), password, mode });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack maw={420}>
        <TextInput
          label={t('devices.wifi.ssid')}
          value={ssid}
          onChange={(e) => setSsid(e.currentTarget.value)}
          error={tried && ssidMissing ? t('field.required') : undefined}
          withAsterisk
        />
        <TextInput
          label={t('devices.wifi.password')}
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
        />
        <Select
          label={t('devices.wifi.mode')}
          data={modes}
          value={mode}
          onChange={setMode}
          error={tried && modeMissing ? t('field.required') : undefined}
          withAsterisk
        />
        <Button
          type="submit"
          loading={save.isPending}
          disabled={!canWrite}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('devices.config.button.save')}
        </Button>
        {restartOffer > 0 && canWrite ? (
          <RestartNow key={restartOffer} device={device} onDismiss={() => setRestartOffer(0)} />
        ) : null}
      </Stack>
    </form>
  );
}
