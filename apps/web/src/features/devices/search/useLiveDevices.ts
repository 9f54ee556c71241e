import { type DeviceInfo, DeviceInfoSchema, type DeviceRestartState, type FoundDevice } from '@st/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { subscribeTopic } from '../../../api/topics';
import { useCurrentGateway } from '../../../app/CurrentGateway';
import { useServices } from '../../../app/ServicesContext';
import { deviceKeys } from '../api/useDevices';
import { withFound, withoutLost } from '../model/address';
import { useRestartingTopic, withRestartState } from '../restarting/useRestartingTopic';

/**
 * Keeps the found list live (found/lost topics of the current gateway) and tells the user, with a toast that
 * stays, when the selected device goes away (warning) or comes back (info).
 */
export function useLiveDevices(selectedIp: string | undefined): void {
  const { live, log, config, toaster } = useServices();
  const queryClient = useQueryClient();
  const gateway = useCurrentGateway();
  const { t } = useTranslation();
  const selected = useRef(selectedIp);
  selected.current = selectedIp;
  const gatewayId = gateway?.id ?? '';
  // a device held as restarting is marked so in the found list until it is back (or lost)
  useRestartingTopic(
    useCallback(
      (state: DeviceRestartState) =>
        queryClient.setQueryData<FoundDevice[]>(deviceKeys.found(gatewayId), (list) =>
          list?.map((d) => withRestartState(d, state)),
        ),
      [queryClient, gatewayId],
    ),
  );

  useEffect(() => {
    if (config.mode === 'cloud' && gatewayId === '') return;
    const key = deviceKeys.found(gatewayId);
    const params = { gatewayId };
    const update = (change: (list: DeviceInfo[]) => DeviceInfo[]) =>
      queryClient.setQueryData<DeviceInfo[]>(key, (list) => (list === undefined ? list : change(list)));
    const label = (d: DeviceInfo) => `${d.name} (${d.ip})`;
    const onFound = (device: DeviceInfo) => {
      // A device already listed is announced again when renamed: that is no comeback.
      const before = queryClient.getQueryData<DeviceInfo[]>(key)?.find((d) => d.ip === device.ip);
      const listed = before !== undefined;
      update((list) => withFound(list, device));
      // a saved device keeps the info it was saved with: read the saved list again when its versions changed
      if (
        before !== undefined &&
        (before.version !== device.version || before.stVersion !== device.stVersion)
      )
        void queryClient.invalidateQueries({ queryKey: deviceKeys.saved(gatewayId) });
      if (device.ip === selected.current && !listed)
        toaster.info({
          caption: t('devices.search.found', { device: label(device) }),
          autoClose: false,
          key: `device:${device.ip}`,
        });
    };
    const onLost = (device: DeviceInfo) => {
      update((list) => withoutLost(list, device));
      if (device.ip === selected.current)
        toaster.warn({
          caption: t('devices.search.lost', { device: label(device) }),
          autoClose: false,
          key: `device:${device.ip}`,
        });
    };
    const stops =
      config.mode === 'cloud'
        ? [
            subscribeTopic({
              live,
              log,
              topic: 'cloud.devices.found',
              params,
              payload: DeviceInfoSchema,
              onMessage: onFound,
            }),
            subscribeTopic({
              live,
              log,
              topic: 'cloud.devices.lost',
              params,
              payload: DeviceInfoSchema,
              onMessage: onLost,
            }),
          ]
        : [
            subscribeTopic({
              live,
              log,
              topic: 'gateway.devices.found',
              payload: DeviceInfoSchema,
              onMessage: onFound,
            }),
            subscribeTopic({
              live,
              log,
              topic: 'gateway.devices.lost',
              payload: DeviceInfoSchema,
              onMessage: onLost,
            }),
          ];
    return () => {
      for (const stop of stops) stop();
    };
  }, [live, log, config.mode, gatewayId, queryClient, toaster, t]);
}
