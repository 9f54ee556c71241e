import { DeviceRestartState } from '@st/protocol';
import { useEffect, useRef } from 'react';
import { subscribeTopic } from '../../../api/topics';
import { useCurrentGateway } from '../../../app/CurrentGateway';
import { useServices } from '../../../app/ServicesContext';

/** Calls `onState` for each restart start and end the current gateway announces (/devices/restarting). */
export function useRestartingTopic(onState: (state: DeviceRestartState) => void): void {
  const { live, log, config } = useServices();
  const gatewayId = useCurrentGateway()?.id;
  const handler = useRef(onState);
  handler.current = onState;
  useEffect(() => {
    const onMessage = (s: DeviceRestartState) => handler.current(s);
    if (config.mode === 'gateway') {
      return subscribeTopic({
        live,
        log,
        topic: 'gateway.devices.restarting',
        payload: DeviceRestartState,
        onMessage,
      });
    }
    if (gatewayId === undefined) return undefined;
    return subscribeTopic({
      live,
      log,
      topic: 'cloud.devices.restarting',
      params: { gatewayId },
      payload: DeviceRestartState,
      onMessage,
    });
  }, [live, log, config.mode, gatewayId]);
}

/** An item of a device list with a restart start or end applied (its other fields as they were). */
export function withRestartState<T extends { readonly ip: string; readonly restarting?: true }>(
  item: T,
  state: DeviceRestartState,
): T {
  if (item.ip !== state.ip) return item;
  const { restarting: _, ...rest } = item;
  return (state.restarting ? { ...rest, restarting: true } : rest) as T;
}

/** An overview row with the latest restart start or end of its device (back: online again). */
export function rowWithRestart<
  T extends { readonly ip: string; readonly restarting?: true; online: boolean },
>(row: T, state: DeviceRestartState | undefined): T {
  if (state === undefined) return row;
  const next = withRestartState(row, state);
  return state.back === true ? { ...next, online: true } : next;
}
