import type { DeviceAction } from '@st/protocol';
import { IconClockHour4 } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../../../app/ServicesContext';
import { Tooltip } from '../../../../ui/floating/Tooltip';
import { ActionIcon, Button } from '../../../../ui/kit/buttons';
import { Loader } from '../../../../ui/kit/feedback';
import { Center, Group, Stack } from '../../../../ui/kit/layout';
import { Text } from '../../../../ui/kit/text';
import { useCanWrite } from '../../../accounts/useCanWrite';
import { useDeviceErrorToast } from '../../api/deviceErrors';
import { useDeviceCaller } from '../../api/useDevices';
import { featureOn } from '../../model/tabs';
import { useDevicePanel } from '../DeviceContext';
import { useDeviceQuery } from '../useDeviceQuery';
import { ScheduleDialog } from './ScheduleDialog';

/** The device's actions: call one; schedule it every N ms when the device has the scheduler. */
export function ActionsTab() {
  const { t } = useTranslation();
  const { toaster } = useServices();
  const { device, features } = useDevicePanel();
  const call = useDeviceCaller();
  const toastError = useDeviceErrorToast();
  const actions = useDeviceQuery('getActions', t('devices.actions.fetch.error'));
  const [scheduling, setScheduling] = useState<DeviceAction | undefined>();
  const scheduler = featureOn(features, 'actionsScheduler');
  const canWrite = useCanWrite();
  const run = useMutation({
    mutationFn: (action: DeviceAction) => call(device.ip, 'callAction', { name: action.name }),
    onSuccess: (_, action) =>
      toaster.success({ caption: t('devices.actions.call.success', { action: action.caption }) }),
    onError: (error, action) =>
      toastError(t('devices.actions.call.error', { action: action.caption }), error),
  });
  if (actions.data === undefined) {
    return (
      <Center mih={80}>
        {actions.isFetching ? <Loader role="status" aria-label={t('common.loading')} /> : null}
      </Center>
    );
  }
  if (actions.data.length === 0) return <Text c="dimmed">{t('devices.actions.empty')}</Text>;
  return (
    <Stack gap="xs">
      {canWrite ? null : (
        <Text size="sm" c="dimmed" data-testid="viewer-readonly">
          {t('accounts.viewer.readonly')}
        </Text>
      )}
      {actions.data.map((action) => (
        <Group key={action.name} gap="xs" wrap="nowrap" data-action={action.name}>
          <Tooltip label={t('devices.actions.title', { name: action.name })}>
            <Button
              variant="light"
              fullWidth
              onClick={() => run.mutate(action)}
              disabled={!canWrite}
              loading={run.isPending && run.variables?.name === action.name}
            >
              {action.caption}
            </Button>
          </Tooltip>
          {scheduler ? (
            <>
              <Text
                size="xs"
                c="dimmed"
                w="clamp(110px, 26vw, 200px)"
                style={{ flexShrink: 0 }}
                data-testid="action-schedule"
              >
                {action.callDelay
                  ? t('devices.actions.delay.every', { count: action.callDelay })
                  : t('devices.actions.delay.off')}
                {action.lastCall ? ` · ${t('devices.actions.last.call', { count: action.lastCall })}` : ''}
              </Text>
              <Tooltip label={t('devices.actions.delay.title', { action: action.caption })}>
                <ActionIcon
                  variant="subtle"
                  onClick={() => setScheduling(action)}
                  disabled={!canWrite}
                  aria-label={t('devices.actions.delay.title', { action: action.caption })}
                >
                  <IconClockHour4 size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
            </>
          ) : null}
        </Group>
      ))}
      {scheduling === undefined ? null : (
        <ScheduleDialog
          action={scheduling}
          onClose={() => setScheduling(undefined)}
          onSaved={() => void actions.refetch()}
        />
      )}
    </Stack>
  );
}
