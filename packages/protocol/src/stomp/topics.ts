import type { z } from 'zod';
import { DeviceInfoSchema } from '../device/index';
import { GatewayEvent } from '../entities/cloud';
import { ConnectionStatusMessage } from '../entities/connection';
import { GatewayNotification, Notification } from '../entities/notifications';
import { DeviceRestartState } from '../entities/restarting';
import { RolloutProgressMessage } from '../entities/rollouts';
import { DeviceSampleSchema, LogMessage, OtaProgressMessage } from '../entities/streamed';
import { TOPIC_PATTERNS as P, type TopicName } from './topicPatterns';

// Each live-channel topic (./topicPatterns.ts) with the schema of its payload: what the servers publish is
// checked against it, and the console parses what it receives with the schema of the topic it subscribed to.

export const TOPICS = {
  'gateway.devices.found': { pattern: P['gateway.devices.found'], payload: DeviceInfoSchema },
  'gateway.devices.lost': { pattern: P['gateway.devices.lost'], payload: DeviceInfoSchema },
  'gateway.devices.logs': { pattern: P['gateway.devices.logs'], payload: LogMessage },
  'gateway.notifications': { pattern: P['gateway.notifications'], payload: Notification },
  'gateway.connection.status': { pattern: P['gateway.connection.status'], payload: ConnectionStatusMessage },
  'gateway.ota': { pattern: P['gateway.ota'], payload: OtaProgressMessage },
  'cloud.events': { pattern: P['cloud.events'], payload: GatewayEvent },
  'cloud.notifications': { pattern: P['cloud.notifications'], payload: GatewayNotification },
  'cloud.devices.found': { pattern: P['cloud.devices.found'], payload: DeviceInfoSchema },
  'cloud.devices.lost': { pattern: P['cloud.devices.lost'], payload: DeviceInfoSchema },
  'cloud.devices.logs': { pattern: P['cloud.devices.logs'], payload: LogMessage },
  'cloud.ota': { pattern: P['cloud.ota'], payload: OtaProgressMessage },
  'gateway.devices.samples': { pattern: P['gateway.devices.samples'], payload: DeviceSampleSchema },
  'cloud.devices.samples': { pattern: P['cloud.devices.samples'], payload: DeviceSampleSchema },
  'gateway.rollouts': { pattern: P['gateway.rollouts'], payload: RolloutProgressMessage },
  'cloud.rollouts': { pattern: P['cloud.rollouts'], payload: RolloutProgressMessage },
  'gateway.devices.restarting': { pattern: P['gateway.devices.restarting'], payload: DeviceRestartState },
  'cloud.devices.restarting': { pattern: P['cloud.devices.restarting'], payload: DeviceRestartState },
} as const satisfies Record<TopicName, { pattern: string; payload: z.ZodType }>;

export type Topics = typeof TOPICS;
export type TopicPayload<N extends TopicName> = z.output<Topics[N]['payload']>;
