import type { HttpApp, Logger } from '@st/server-kit';
import type { StompServer } from '@st/stomp';
import type { CloudLinkOptions } from './cloud/index';
import type { GatewayConfig } from './config';
import type { Db } from './db/database';
import type { GatewayBus } from './events/gatewayEvents';
import type { Discovery } from './services/discovery/discovery';
import type { DeviceLogs } from './services/logs/logs';
import type { BridgeOptions } from './services/mqtt/index';
import type { Clock } from './services/rollouts/index';
import type { SampleHistory } from './services/samples/history';
import type { Sampler } from './services/samples/sampler';

// What build() (app.ts) returns and takes.

/** Something with a lifetime inside the gateway (listeners, links); started in order, stopped in reverse. */
export interface GatewayPart {
  readonly name: string;
  start(): Promise<void> | void;
  stop(): Promise<void> | void;
}

export interface Gateway {
  readonly app: HttpApp;
  readonly config: GatewayConfig;
  readonly logger: Logger;
  readonly bus: GatewayBus;
  readonly db: Db;
  /** the console's live channel (gateway-mode topics) */
  readonly stomp: StompServer<null>;
  readonly discovery: Discovery;
  readonly logs: DeviceLogs;
  /** reads every device's sensors and metrics each interval; emits `device.sampled` */
  readonly sampler: Sampler;
  /** stored samples: history, rollups, overview */
  readonly history: SampleHistory;
  /** extra parts (e.g. the cloud link) join here before start() */
  addPart(part: GatewayPart): void;
  /** listens; resolves with the HTTP port and the device log TCP port actually bound */
  start(): Promise<{ port: number; logPort: number }>;
  /** stops listening, finishes accepted requests, writes queued log lines, closes the database */
  stop(): Promise<void>;
}

export interface BuildOptions {
  readonly logger?: Logger;
  /** cloud link timing knobs (tests shorten the reconnect delay) */
  readonly cloud?: CloudLinkOptions;
  /** MQTT bridge reconnect knobs (tests shorten them) */
  readonly mqtt?: BridgeOptions;
  /** where rollouts read the time (tests move it ahead) */
  readonly clock?: Clock;
}
