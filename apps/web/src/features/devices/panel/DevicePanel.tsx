import type { DeviceInfo } from '@st/protocol';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { addTexts } from '../../../i18n';
import { Button } from '../../../ui/kit/buttons';
import { Loader } from '../../../ui/kit/feedback';
import { Center, Group, Paper, Stack } from '../../../ui/kit/layout';
import { Alert } from '../../../ui/kit/status';
import { Title } from '../../../ui/kit/text';
import { useInTitledDrawer } from '../../../ui/kit/titledDrawer';
import { CrashLoopBadge } from '../../alerts/CrashLoopBadge';
import { alertsEn, alertsRu } from '../../alerts/messages';
import { UpdateBadge } from '../../fleet/UpdateBadge';
import { useDeviceErrorToast } from '../api/deviceErrors';
import { deviceKeys, useDeviceCaller, useDevicesApi, useGatewayKey } from '../api/useDevices';
import { DeviceIcon } from '../icons/DeviceIcon';
import { devicesEn, devicesRu } from '../messages';
import { devicesFirstEn, devicesFirstRu } from '../messagesFirst';
import { visibleTabs } from '../model/tabs';
import { DeviceContext } from './DeviceContext';
import { DeviceShortcuts } from './DeviceShortcuts';
import { DeviceTabs } from './DeviceTabs';

addTexts(devicesFirstEn, devicesFirstRu);
addTexts(devicesEn, devicesRu);
addTexts(alertsEn, alertsRu);

/** The control panel of one device: its features and command list decide which tabs it gets. */
export interface DevicePanelProps {
  device: DeviceInfo;
  onRenamed: (name: string) => void;
}

export function DevicePanel({ device, onRenamed }: DevicePanelProps) {
  const { t } = useTranslation();
  const inDrawer = useInTitledDrawer();
  const call = useDeviceCaller();
  const api = useDevicesApi();
  const gatewayKey = useGatewayKey();
  const toastError = useDeviceErrorToast();
  const features = useQuery({
    queryKey: deviceKeys.command(gatewayKey, device.ip, 'getFeatures'),
    queryFn: () => call(device.ip, 'getFeatures'),
  });
  const commands = useQuery({
    queryKey: deviceKeys.command(gatewayKey, device.ip, 'commands'),
    queryFn: () => api.commands(device.name, device.ip),
  });
  const failure = features.error ?? commands.error;
  useEffect(() => {
    if (failure !== null) toastError(t('devices.unreachable'), failure);
    // Only a new failure toasts again.
  }, [failure, toastError]);

  let body: ReactNode;
  if (failure !== null) {
    body = (
      <Alert color="red" title={t('devices.unreachable')} role="alert">
        <Stack gap="xs" align="flex-start">
          {t('devices.unreachable.desc', { ip: device.ip })}
          <Button
            size="xs"
            variant="light"
            loading={features.isFetching || commands.isFetching}
            onClick={() => {
              void features.refetch();
              void commands.refetch();
            }}
          >
            {t('devices.unreachable.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (features.data === undefined || commands.data === undefined) {
    body = (
      <Center mih={120}>
        <Loader role="status" aria-label={t('common.loading')} />
      </Center>
    );
  } else {
    const tabs = visibleTabs(
      features.data,
      commands.data.map((c) => c.name),
    );
    body = (
      <DeviceContext value={{ device, features: features.data, onRenamed }}>
        <DeviceTabs tabs={tabs} />
      </DeviceContext>
    );
  }
  return (
    <Paper
      withBorder
      p="md"
      style={{ flex: 1, minWidth: 0 }}
      maw={1000}
      component="section"
      aria-label={t('devices.panel.title', { device: device.name })}
    >
      <Stack gap="md">
        <Group gap="sm">
          <DeviceIcon name={device.name} type={device.type} size={36} />
          {/* a titled drawer (the overview's) names the device already */}
          {inDrawer ? null : <Title order={2}>{t('devices.panel.title', { device: device.name })}</Title>}
          <CrashLoopBadge ip={device.ip} />
          <UpdateBadge device={device} />
          <DeviceShortcuts ip={device.ip} />
        </Group>
        {body}
      </Stack>
    </Paper>
  );
}
