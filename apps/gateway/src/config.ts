import { DEVICE_LOG_PORT, DISCOVERY_GROUP, DISCOVERY_PORT, LOGS, OTA, TIMEOUTS } from '@st/protocol';
import { allowedOriginsField, configFields, trustProxyField } from '@st/server-kit';
import { z } from 'zod';
import type { OutboxTimings } from './services/alerts/outbox';
import type { JobTimeouts } from './services/ota/otaJob';
import type { RolloutTimings } from './services/rollouts/timings';

/** Config key -> environment variable; flags mirror them (`ST_LOG_PORT` <-> `--log-port`). */
export const GATEWAY_CONFIG_KEYS = {
  port: 'ST_PORT',
  host: 'ST_HOST',
  dataDir: 'ST_DATA_DIR',
  multicastIf: 'ST_MULTICAST_IF',
  discoveryPort: 'ST_DISCOVERY_PORT',
  logPort: 'ST_LOG_PORT',
  logRetention: 'ST_LOG_RETENTION',
  trustBeaconAddress: 'ST_TRUST_BEACON_ADDRESS',
  webDist: 'ST_WEB_DIST',
  logLevel: 'ST_LOG_LEVEL',
  buildTime: 'ST_BUILD_TIME',
  otaFirmwareMaxBytes: 'ST_OTA_FIRMWARE_MAX_BYTES',
  otaConcurrency: 'ST_OTA_CONCURRENCY',
  metrics: 'ST_METRICS',
  metricsToken: 'ST_METRICS_TOKEN',
  mqttUrl: 'ST_MQTT_URL',
  mqttUsername: 'ST_MQTT_USERNAME',
  mqttPassword: 'ST_MQTT_PASSWORD',
  sampleInterval: 'ST_SAMPLE_INTERVAL',
  sampleConcurrency: 'ST_SAMPLE_CONCURRENCY',
  backupRestoreConcurrency: 'ST_BACKUP_RESTORE_CONCURRENCY',
  sampleExclude: 'ST_SAMPLE_EXCLUDE',
  allowedOrigins: 'ST_ALLOWED_ORIGINS',
  trustProxy: 'ST_TRUST_PROXY',
  gatewayPassword: 'ST_GATEWAY_PASSWORD',
  historyRawHours: 'ST_HISTORY_RAW_HOURS',
  historyRollupDays: 'ST_HISTORY_ROLLUP_DAYS',
  historyHourlyDays: 'ST_HISTORY_HOURLY_DAYS',
} as const;

export const GatewayConfigSchema = z.object({
  port: configFields.port(8080),
  host: z.string().min(1).default('0.0.0.0'),
  dataDir: z.string().min(1).default('./.data/gateway'),
  /** interface address for multicast (discovery and log datagrams); absent = the OS default interface */
  multicastIf: configFields.ipv4().optional(),
  discoveryPort: configFields.port(DISCOVERY_PORT),
  logPort: configFields.port(DEVICE_LOG_PORT),
  logRetention: configFields.positiveInt(LOGS.retentionDefault),
  /** trust the address inside a beacon even when the datagram came from elsewhere (loopback simulations) */
  trustBeaconAddress: configFields.flag(false),
  webDist: z.string().min(1).default('./apps/web/dist'),
  logLevel: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** reported by GET /api/build; main.ts defaults it to the bundle's modification time */
  buildTime: z.iso.datetime({ offset: true }).optional(),
  /** largest firmware file accepted by the firmware library */
  otaFirmwareMaxBytes: configFields.positiveInt(OTA.firmwareMaxBytes),
  /** OTA uploads running at once; more wait in a queue */
  otaConcurrency: configFields.positiveInt(OTA.maxParallelUploads),
  /** GET /metrics (Prometheus); off answers 404 */
  metrics: configFields.onOff(true),
  /** when set, /metrics wants `Authorization: Bearer <token>` from any address; unset: private addresses only */
  metricsToken: z.string().min(16, 'must be at least 16 characters').optional(),
  /** the MQTT broker of the Home Assistant bridge; overrides the one saved from the console */
  mqttUrl: z
    .string()
    .regex(
      /^mqtts?:\/\/[^/\s@]+\/?$/,
      'expected mqtt://host[:port] or mqtts://host[:port] (login in ST_MQTT_USERNAME)',
    )
    .optional(),
  mqttUsername: z.string().min(1).optional(),
  mqttPassword: z.string().min(1).optional(),
  /** seconds between two readings of a device's sensors and metrics; 0 turns sampling off */
  sampleInterval: z.coerce.number().int().nonnegative().default(30),
  /** devices being sampled at once, at most */
  sampleConcurrency: configFields.positiveInt(16),
  /** devices one "restore all" imports at once */
  backupRestoreConcurrency: configFields.positiveInt(8),
  /** device addresses (ip or ip:port) never sampled, comma separated */
  sampleExclude: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  /** origins allowed to change state and open the websocket besides the gateway's own (docs/security.md) */
  allowedOrigins: allowedOriginsField(),
  /** the reverse proxies in front (docs/security.md): X-Forwarded-For and X-Ingress-Path are read from them only */
  trustProxy: trustProxyField(),
  /** turns on the optional sign-in (a secret: never logged, never returned); unset = login-free gateway mode */
  gatewayPassword: z.string().min(8, 'must be at least 8 characters').optional(),
  /** sensor history: raw samples kept (hours), 5-minute rollups kept (days), hourly rollups kept (days) */
  historyRawHours: configFields.positiveInt(48),
  historyRollupDays: configFields.positiveInt(30),
  historyHourlyDays: configFields.positiveInt(730),
});
export type GatewayConfigInput = z.input<typeof GatewayConfigSchema>;

/** Everything build() needs; tests pass overrides for the timing knobs. */
export type GatewayConfig = z.output<typeof GatewayConfigSchema> & {
  /** multicast group of discovery and log datagrams */
  readonly multicastGroup?: string;
  readonly deviceTimeoutMs?: number;
  readonly lostAfterMs?: number;
  readonly lostCheckIntervalMs?: number;
  /** how long a device restarting on purpose may stay silent before it counts as lost (tests shorten it) */
  readonly restartWindowMs?: number;
  readonly logFlushIntervalMs?: number;
  /** after a device is first found, how long its logger may take to connect before the gateway rewrites its log address */
  readonly loggerGraceMs?: number;
  /** with no backup run yet, how long after start the first scheduled one comes (tests shorten it) */
  readonly backupFirstRunDelayMs?: number;
  /** OTA phase timeouts (tests shorten them) */
  readonly otaTimeouts?: Partial<JobTimeouts>;
  /** alert outbox polling and retry timing (tests shorten them) */
  readonly alertTimings?: Partial<OutboxTimings>;
  /** how often rollouts step and soaking devices are asked (tests shorten them) */
  readonly rolloutTimings?: Partial<RolloutTimings>;
  /** sampling interval in ms; overrides `sampleInterval` (tests sample faster than once a second) */
  readonly sampleIntervalMs?: number;
  /** how often queued samples are written, and rollups/pruning run (tests shorten them) */
  readonly historyFlushMs?: number;
  readonly historyMaintenanceMs?: number;
};

export const DEFAULTS = {
  multicastGroup: DISCOVERY_GROUP,
  deviceTimeoutMs: TIMEOUTS.deviceMs,
  /** a device restarting on purpose boots in seconds (an import first blocks ~5 s); a minute is generous */
  restartWindowMs: 60_000,
  /** a booting device connects its logger within a second or two of its first beacon */
  loggerGraceMs: 5000,
  /** how long a logger reconnect waits for the device to connect back */
  loggerWaitMs: 3000,
} as const;
