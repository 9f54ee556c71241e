import type { Logger } from '@st/server-kit';
import { DEFAULTS, type GatewayConfig } from './config';
import type { Db } from './db/database';
import type { GatewayBus } from './events/gatewayEvents';
import type { DeviceClient } from './services/devices/deviceClient';
import { SampleHistory } from './services/samples/history';
import { Sampler } from './services/samples/sampler';

export interface SamplingInput {
  readonly config: GatewayConfig;
  readonly db: Db;
  readonly bus: GatewayBus;
  readonly client: DeviceClient;
  /** the addresses of the devices to read (found and saved) */
  readonly devices: () => string[];
  readonly logger: Logger;
  readonly onListenerError: (err: unknown) => void;
}

/** Sensor history and the sampler that feeds it (each reading is recorded); `stopRecording` ends the feed. */
export function createSampling(input: SamplingInput) {
  const { config, logger } = input;
  const sampleIntervalMs = config.sampleIntervalMs ?? config.sampleInterval * 1000;
  const history = new SampleHistory(
    input.db,
    {
      intervalMs: sampleIntervalMs || 30_000,
      retention: {
        rawMs: config.historyRawHours * 3600_000,
        fiveMinMs: config.historyRollupDays * 24 * 3600_000,
        hourMs: config.historyHourlyDays * 24 * 3600_000,
      },
      flushMs: config.historyFlushMs,
      maintenanceMs: config.historyMaintenanceMs,
      excluded: config.sampleExclude,
    },
    logger.child({ part: 'history' }),
  );
  const sampler = new Sampler(
    {
      intervalMs: sampleIntervalMs,
      maxInFlight: config.sampleConcurrency,
      timeoutMs: config.deviceTimeoutMs ?? DEFAULTS.deviceTimeoutMs,
    },
    {
      devices: () => input.devices().filter((ip) => !history.isExcluded(ip)),
      client: input.client,
      emit: (sample) => input.bus.emit('device.sampled', sample, input.onListenerError),
    },
    logger.child({ part: 'sampler' }),
  );
  const stopRecording = input.bus.on('device.sampled', (sample) => history.record(sample));
  return { history, sampler, stopRecording };
}
