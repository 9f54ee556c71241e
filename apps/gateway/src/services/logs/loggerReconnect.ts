import { ApiError, CONFIG_LOG_ADDRESS, type DeviceInfo, type LoggerReconnectResult } from '@st/protocol';
import type { Logger } from 'pino';
import type { CommandRunner } from '../devices/commandRunner';

export interface LoggerReconnectOptions {
  /** after a device is first found in this run, how long its logger may take to connect by itself */
  readonly graceMs: number;
  /** how long a reconnect waits for the device's logger to connect back */
  readonly waitMs: number;
}

export interface LoggerReconnectDeps {
  readonly commands: CommandRunner;
  /** whether the device at `ip` holds a log connection to this gateway now */
  readonly connected: (ip: string) => boolean;
  readonly logger: Logger;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Brings device loggers back. The firmware connects its logger to its `laddr` config value only when Wi-Fi
 * comes up and after a config write, and then only unless it believes it is connected to the same address
 * (device-protocol.md §3.2): a gateway restart leaves every logger disconnected until one of those happens.
 * So once per gateway run, a device found whose logger has not connected within `graceMs` gets its config
 * written again (POST /config replaces all values: all of them are sent back as read). If the logger still
 * does not connect (the device believes its old connection is alive), the address is cleared and written
 * again, which the firmware always answers by connecting.
 */
export class LoggerReconnect {
  private readonly tried = new Set<string>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly running = new Map<string, Promise<LoggerReconnectResult>>();
  private stopped = false;

  constructor(
    private readonly opts: LoggerReconnectOptions,
    private readonly deps: LoggerReconnectDeps,
  ) {}

  /** A device found (discovery): the first time in this run, check on its logger after the grace. */
  onFound(device: DeviceInfo): void {
    if (this.stopped || this.tried.has(device.ip)) return;
    this.tried.add(device.ip);
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (this.stopped || this.deps.connected(device.ip)) return;
      this.reconnect(device.ip).catch((err: unknown) =>
        this.deps.logger.info({ err, device: device.ip }, 'logger not brought back'),
      );
    }, this.opts.graceMs);
    timer.unref();
    this.timers.add(timer);
  }

  /** Writes the device's log address again; one run per device at a time. */
  reconnect(ip: string): Promise<LoggerReconnectResult> {
    const running = this.running.get(ip);
    if (running) return running;
    const run = this.run(ip).finally(() => this.running.delete(ip));
    this.running.set(ip, run);
    return run;
  }

  stop(): void {
    this.stopped = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  private async run(ip: string): Promise<LoggerReconnectResult> {
    const values = await this.readConfig(ip);
    const address = values[CONFIG_LOG_ADDRESS] ?? '';
    if (address === '' || address === 'null') {
      throw new ApiError('LOGGER_NO_ADDRESS', `The device ${ip} has no log address (laddr) set`);
    }
    await this.write(ip, values);
    if (await this.waitConnected(ip)) return this.done(ip, address, 'rewritten');
    // the device believes it is still connected to that address: clear it, then write it back
    await this.write(ip, { ...values, [CONFIG_LOG_ADDRESS]: '' });
    await this.write(ip, values);
    const connected = await this.waitConnected(ip);
    return this.done(ip, address, connected ? 'cleared and rewritten' : 'did not connect');
  }

  private done(ip: string, address: string, how: string): LoggerReconnectResult {
    const connected = this.deps.connected(ip);
    this.deps.logger.info({ device: ip, address, how }, 'device logger reconnect');
    return { ip, connected, address };
  }

  private async readConfig(ip: string): Promise<Record<string, string>> {
    const answer = await this.deps.commands.run(ip, 'getConfigValues', {});
    let body: unknown;
    try {
      body = answer.status === 200 ? JSON.parse(answer.body.toString('utf8')) : undefined;
    } catch {
      body = undefined;
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new ApiError('DEVICE_BAD_ANSWER', `The device ${ip} did not answer its config`);
    }
    const values: Record<string, string> = {};
    for (const [k, v] of Object.entries(body)) values[k] = typeof v === 'string' ? v : String(v ?? '');
    return values;
  }

  private async write(ip: string, values: Record<string, string>): Promise<void> {
    const answer = await this.deps.commands.run(ip, 'saveConfigValues', { values });
    if (answer.status >= 300) {
      throw new ApiError('DEVICE_BAD_ANSWER', `The device ${ip} refused its config (${answer.status})`);
    }
  }

  private async waitConnected(ip: string): Promise<boolean> {
    const until = Date.now() + this.opts.waitMs;
    while (Date.now() < until) {
      if (this.deps.connected(ip)) return true;
      await sleep(100);
    }
    return this.deps.connected(ip);
  }
}
