import type { DeviceInfo, LogMessage, Notification } from '@st/protocol';
import { EventBus } from './bus';

/** Everything that happens inside the gateway that others (live channel, cloud link) may follow. */
export interface GatewayEvents {
  'device.found': DeviceInfo;
  'device.lost': DeviceInfo;
  /** a batch of log lines, just persisted, in arrival order */
  'device.logs': readonly LogMessage[];
  notification: Notification;
}

export type GatewayBus = EventBus<GatewayEvents>;

export function createGatewayBus(): GatewayBus {
  return new EventBus<GatewayEvents>();
}
