import type {
  DeviceInfo,
  DeviceSample,
  LogMessage,
  Notification,
  OtaProgressMessage,
  TimelineEntry,
} from '@st/protocol';
import type { RestartEpisode } from '../services/devices/restarts';
import { EventBus } from './bus';

/** Everything that happens inside the gateway that others (live channel, cloud link) may follow. */
export interface GatewayEvents {
  'device.found': DeviceInfo;
  'device.lost': DeviceInfo;
  /** a batch of log lines, just persisted, in arrival order */
  'device.logs': readonly LogMessage[];
  notification: Notification;
  /** a device command ran (console or cloud relay): the device timeline records those that change things */
  'device.command': DeviceCommandEvent;
  /** an OTA task changed state */
  'ota.progress': { taskId: string; message: OtaProgressMessage };
  /** an entry was added to a device's timeline */
  'timeline.entry': TimelineEntry;
  /** one device's reading of a sampling round (`ok: false` = the device did not answer: a gap) */
  'device.sampled': DeviceSample;
  /** a device was told to restart (or confirmed an OTA image): it is silent for a while, not lost */
  'device.restarting': RestartEpisode;
  /** a restarting device answers again, having booted since */
  'device.restarted': RestartEpisode & { readonly backAfterMs: number };
  /** a restarting device did not come back in time: from now on it is lost like any silent device */
  'device.restart-overdue': RestartEpisode;
  /** a saved device deleted by the user */
  'device.deleted': { readonly ip: string };
  /** a device's tags changed (set one by one, in bulk, or from a backup) */
  'device.tagged': { readonly ip: string; readonly tags: readonly string[] };
}

export interface DeviceCommandEvent {
  readonly ip: string;
  readonly command: string;
  readonly params: Record<string, unknown>;
  /** the device's answer status (or the gateway's error status) */
  readonly status: number;
  readonly via: 'console' | 'cloud' | 'home-assistant';
  /** the cloud user the relay sent it for */
  readonly by?: string;
}

export type GatewayBus = EventBus<GatewayEvents>;

export function createGatewayBus(): GatewayBus {
  return new EventBus<GatewayEvents>();
}
