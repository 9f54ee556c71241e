import type { DeviceInfo, DeviceSample, LogMessage, Notification } from '@st/protocol';
import { EventBus } from './bus';

/** Everything that happens inside the gateway that others (live channel, cloud link) may follow. */
export interface GatewayEvents {
  'device.found': DeviceInfo;
  'device.lost': DeviceInfo;
  /** a batch of log lines, just persisted, in arrival order */
  'device.logs': readonly LogMessage[];
  notification: Notification;
  /** one device's reading of a sampling round (`ok: false` = the device did not answer: a gap) */
  'device.sampled': DeviceSample;
  /** a saved device deleted by the user */
  'device.deleted': { readonly ip: string };
}

export type GatewayBus = EventBus<GatewayEvents>;

export function createGatewayBus(): GatewayBus {
  return new EventBus<GatewayEvents>();
}
