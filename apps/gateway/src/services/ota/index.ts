import {
  buildDeviceHttpRequest,
  type DeviceHttpRequest,
  type DeviceInfo,
  DeviceInfoSchema,
  MetricsSchema,
  type OtaProgressMessage,
} from '@st/protocol';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import type { DeviceClient } from '../devices/deviceClient';
import { DEFAULT_ESPOTA_TIMEOUTS } from './espota';
import { FirmwareLibrary } from './firmwareLibrary';
import { FirmwareRepo } from './firmwareRepo';
import { OtaHistory } from './otaHistory';
import type { JobTimeouts, OtaRestartNotice, VersionProbe } from './otaJob';
import { OtaService } from './otaService';

export { FirmwareLibrary } from './firmwareLibrary';
export type { JobTimeouts } from './otaJob';
export { OtaService } from './otaService';

export const DEFAULT_OTA_TIMEOUTS: JobTimeouts = {
  ...DEFAULT_ESPOTA_TIMEOUTS,
  versionCheckMs: 60_000,
  versionPollMs: 250,
};

/**
 * Asks the device for `/info/system` (version, absent when the firmware has none) and `/metrics` (uptime);
 * no valid `/info/system` answer is undefined (the device is not back).
 */
export function httpVersionProbe(client: DeviceClient, timeoutMs: number): VersionProbe {
  const ask = async <T>(address: string, request: DeviceHttpRequest, schema: z.ZodType<T>) => {
    const answer = await client.call(address, request, timeoutMs);
    if (answer.status !== 200) return undefined;
    const parsed = schema.safeParse(JSON.parse(answer.body.toString('utf8')));
    return parsed.success ? parsed.data : undefined;
  };
  return async (address) => {
    try {
      const info = await ask(address, buildDeviceHttpRequest('getInfo', {}), DeviceInfoSchema);
      if (info === undefined) return undefined;
      const metrics = await ask(address, buildDeviceHttpRequest('getMetrics', {}), MetricsSchema).catch(
        () => undefined,
      );
      return { version: info.version, uptimeMs: metrics?.uptime };
    } catch {
      return undefined;
    }
  };
}

export interface OtaSetup {
  readonly db: Db;
  readonly dataDir: string;
  readonly client: DeviceClient;
  readonly findDevice: (ip: string) => DeviceInfo | undefined;
  readonly publish: (taskId: string, message: OtaProgressMessage) => void;
  readonly logger: Logger;
  readonly concurrency: number;
  readonly timeouts?: Partial<JobTimeouts> | undefined;
  /** told when a device restarts for an update (held, confirmed, let go, back) */
  readonly restarts?: OtaRestartNotice | undefined;
}

/** The firmware library (files named by SHA-256 next to the SQLite file) and the upload job service. */
export function createOta(setup: OtaSetup): { library: FirmwareLibrary; service: OtaService } {
  const library = new FirmwareLibrary(new FirmwareRepo(setup.db), setup.dataDir);
  const timeouts = { ...DEFAULT_OTA_TIMEOUTS, ...setup.timeouts };
  const service = new OtaService({
    library,
    history: new OtaHistory(setup.db),
    findDevice: setup.findDevice,
    publish: setup.publish,
    logger: setup.logger,
    concurrency: setup.concurrency,
    timeouts,
    probeVersion: httpVersionProbe(setup.client, 2000),
    restarts: setup.restarts,
  });
  return { library, service };
}
