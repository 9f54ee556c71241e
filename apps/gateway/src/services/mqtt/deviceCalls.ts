import {
  ConfigValuesSchema,
  DeviceActionsSchema,
  type DeviceCommandName,
  type DeviceInfo,
  SensorsSchema,
} from '@st/protocol';
import type { z } from 'zod';
import type { CommandRunner } from '../devices/commandRunner';
import type { DeviceDescription } from './discoveryConfigs';

// The device calls of the bridge, through the gateway's one command runner (the same path as the console's).

export interface CallOutcome {
  readonly ok: boolean;
  readonly status: number;
  readonly error?: string;
}

function parseBody(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}

export class DeviceCalls {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  /** `maxDescribing`: devices read at once when many are found together (gateway start, LAN back) */
  constructor(
    private readonly runner: CommandRunner,
    private readonly maxDescribing = 8,
  ) {}

  /** First come, first served: the devices found first get their configs first. */
  private async slot<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.maxDescribing) await new Promise<void>((r) => this.waiting.push(r));
    this.active++;
    try {
      return await work();
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }

  /** A read whose answer parses with `schema`; undefined when the device lacks it or fails. */
  private async read<S extends z.ZodType>(ip: string, command: DeviceCommandName, schema: S) {
    try {
      const answer = await this.runner.run(ip, command, {});
      if (answer.status !== 200) return undefined;
      const parsed = schema.safeParse(parseBody(answer.body));
      return parsed.success ? (parsed.data as z.output<S>) : undefined;
    } catch {
      return undefined;
    }
  }

  sensors(ip: string) {
    return this.read(ip, 'getSensors', SensorsSchema);
  }

  config(ip: string) {
    return this.read(ip, 'getConfigValues', ConfigValuesSchema);
  }

  /** Sensors, actions and config values, read at once; a device without a feature has none of it. */
  describe(info: DeviceInfo): Promise<DeviceDescription> {
    return this.slot(async () => {
      const [sensors, actions, config] = await Promise.all([
        this.sensors(info.ip),
        this.read(info.ip, 'getActions', DeviceActionsSchema),
        this.config(info.ip),
      ]);
      return { info, sensors: sensors ?? {}, actions: actions ?? [], config: config ?? {} };
    });
  }

  /** Runs a command Home Assistant asked for; the outcome is published, never thrown. */
  async run(ip: string, command: DeviceCommandName, params: unknown): Promise<CallOutcome> {
    try {
      const answer = await this.runner.run(ip, command, params);
      const ok = answer.status >= 200 && answer.status < 300;
      if (ok) return { ok, status: answer.status };
      const body = parseBody(answer.body);
      const error =
        typeof body === 'object' && body !== null && 'error' in body
          ? String(body.error)
          : `HTTP ${answer.status}`;
      return { ok, status: answer.status, error };
    } catch (err) {
      return { ok: false, status: 0, error: err instanceof Error ? err.message : String(err) };
    }
  }
}
