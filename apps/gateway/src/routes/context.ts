import type { HttpApp } from '@st/server-kit';
import type { GatewayConfig } from '../config';
import type { GatewayBus } from '../events/gatewayEvents';
import type { CommandRunner } from '../services/devices/commandRunner';
import type { DeviceResolver } from '../services/devices/resolver';
import type { Discovery } from '../services/discovery/discovery';
import type { SettingsDumps } from '../services/dumps/dumps';
import type { LoggerReconnect } from '../services/logs/loggerReconnect';
import type { DeviceLogs } from '../services/logs/logs';
import type { Notifications } from '../services/notifications/notifications';
import type { SavedDevices } from '../services/saved/savedDevices';
import type { DeviceTags } from '../services/tags/deviceTags';

/** What route modules get: the services, never the database or sockets directly. */
export interface RouteContext {
  readonly config: GatewayConfig;
  readonly version: string;
  readonly buildTime: string;
  readonly bus: GatewayBus;
  readonly discovery: Discovery;
  readonly saved: SavedDevices;
  readonly resolver: DeviceResolver;
  readonly commands: CommandRunner;
  readonly logs: DeviceLogs;
  readonly loggers: LoggerReconnect;
  readonly dumps: SettingsDumps;
  readonly notifications: Notifications;
  /** device tags: the device lists carry them and filter by `?tag=` */
  readonly tags: DeviceTags;
}

export type RouteModule = (app: HttpApp, ctx: RouteContext) => void;
