import { CONFIG_GATEWAY, CONFIG_LOG_ADDRESS, type Hook } from '@st/protocol';
import { hookToJson } from '../hooks/hook';
import { deviceRoutes } from '../http/routes/index';
import { DeviceHttpServer } from '../http/server';
import { NetworkLogger } from '../net/log-client';
import type { Flashed } from '../net/ota';
import { Chatter } from './chatter';
import { DeviceCore } from './core';
import type { KindDef } from './kinds';
import { DeviceNetwork } from './network';
import type { CrashCause, ResetCause } from './reset';

import type { SimDeviceOptions, SimDeviceState } from './types';

export type { SimDeviceOptions, SimDeviceState } from './types';

const TICK_MS = 100;
const HOOK_POLL_MS = 500;

/** One simulated SmartThingLib device: lifecycle (boot, reboot, WiFi loss) around its firmware core. */
export class SimDevice {
  ip: string;
  port: number;
  readonly kind: KindDef;
  private readonly core: DeviceCore;
  private readonly http: DeviceHttpServer;
  private readonly logger: NetworkLogger;
  private readonly network: DeviceNetwork;
  private readonly timers = new Set<NodeJS.Timeout>();
  private ticker: NodeJS.Timeout | undefined;
  private lastPoll = 0;
  private online = false;
  private rebooting = false;
  /** Blocked before a reboot: HTTP requests get no answer (and on esp8266 the loop stops). */
  private frozen = false;
  /** Off the network after a reboot, for good (stayDown, or an image it cannot boot). */
  private down = false;
  private stopped = false;
  private slowMs: number;
  private dropRate: number;
  private otaVersion: string | null | undefined;
  private stayDown: boolean;
  private otaRefuse: boolean;
  private otaCrashLoopMs: number | undefined;
  /** set by a flash while otaCrashLoopMs is: every boot crashes after this long */
  private crashLoopMs: number | undefined;
  private otaFlashes = 0;

  constructor(private readonly opts: SimDeviceOptions) {
    this.ip = opts.ip;
    this.port = opts.port;
    this.kind = opts.kind;
    this.slowMs = opts.slowMs;
    this.dropRate = opts.dropRate;
    this.otaVersion = opts.otaVersion;
    this.stayDown = opts.stayDown;
    this.otaRefuse = opts.otaRefuse ?? false;
    this.otaCrashLoopMs = opts.otaCrashLoopMs;
    this.logger = new NetworkLogger({
      name: () => this.core.settings.name,
      transport: opts.logTransport,
      multicastIf: opts.multicastIf,
    });
    this.core = new DeviceCore({
      kind: opts.kind,
      name: opts.name,
      random: opts.random,
      flash: opts.flash,
      logger: this.logger,
      address: () => this.address,
      reboot: (ms) => this.reboot(ms),
      noVersion: opts.noVersion,
      semicolonBug: opts.semicolonBug,
      logAddressChanged: (laddr) => {
        if (this.online) this.logger.setAddress(laddr);
      },
      importRebootDelayMs: opts.importRebootDelayMs,
      restartDelayMs: opts.restartDelayMs,
    });
    const routes = deviceRoutes(this.core);
    this.http = new DeviceHttpServer(() => routes, {
      slowMs: () => this.slowMs,
      dropRate: () => this.dropRate,
      frozen: () => this.frozen,
      random: opts.random,
      onRequest: (r) => this.core.log(10, 'request', `[${r.method}] ${r.path} - ${r.body}`),
    });
    this.network = new DeviceNetwork({
      kind: opts.kind,
      settings: this.core.settings,
      logger: this.logger,
      chatter: new Chatter(this.logger, opts.logRate, () => this.core.model.chatter()),
      ip: () => this.ip,
      address: () => this.address,
      version: () => this.core.version,
      discovery: {
        group: opts.discoveryGroup,
        port: opts.discoveryPort,
        multicastIf: opts.multicastIf,
        intervalMs: opts.beaconIntervalMs,
      },
      ota: opts.ota,
      onFlashed: (flashed) => this.flashed(flashed),
      otaRefusal: () => (this.otaRefuse ? 'ERROR[1]: Update refused by the device' : undefined),
      log: (l, t, m) => this.core.log(l, t, m),
      report: opts.report,
    });
  }

  get board(): KindDef['board'] {
    return this.kind.board;
  }

  /** `ip` on port 80, else `ip:port`. */
  get address(): string {
    return this.port === 80 ? this.ip : `${this.ip}:${this.port}`;
  }
  get name(): string {
    return this.core.settings.name;
  }
  /** Log lines written to the log server since start. */
  get logLinesSent(): number {
    return this.logger.linesWritten;
  }
  /** The exact beacon datagram the device sends now. */
  get beacon(): string {
    return this.network.beaconLine();
  }

  get state(): SimDeviceState {
    const c = this.core;
    const hooks: Record<string, Hook[]> = {};
    for (const s of c.sensors) {
      const list = c.hooks.list(s.name);
      if (list?.length) hooks[s.name] = list.map((h) => hookToJson(h, s.kind));
    }
    return {
      name: c.settings.name,
      version: c.version,
      config: Object.fromEntries(c.settings.config),
      wifi: c.wifi(),
      hooks,
      actions: c.actionList(),
      sensors: c.sensorValues(),
      online: this.online,
      rebooting: this.rebooting,
      logger: this.logger.state,
      uptimeMs: c.uptimeMs,
      bootCount: c.bootCount,
      otaFlashes: this.otaFlashes,
    };
  }

  async start(): Promise<void> {
    const c = this.core;
    const problem = c.load();
    if (problem) this.opts.report(`${this.ip}: stored settings ignored (${problem})`);
    const { config } = c.settings;
    if (this.opts.gateway !== undefined && config.has(CONFIG_GATEWAY))
      config.set(CONFIG_GATEWAY, this.opts.gateway);
    if (this.opts.logAddress !== undefined && config.has(CONFIG_LOG_ADDRESS)) {
      config.set(CONFIG_LOG_ADDRESS, this.opts.logAddress);
    }
    c.persist();
    await this.bindHttp();
    this.scheduleFlaky();
    await this.boot('powerOn', false);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    await this.powerDown();
    await this.core.hooks.settle();
  }

  /** WiFi loss: unreachable and silent, logger dropped; keeps running (uptime continues). */
  async goOffline(): Promise<void> {
    if (!this.online) return;
    this.online = false;
    this.network.down();
    await this.http.close();
  }

  /** WiFi back: listens, beacons, reconnects its logger. */
  async goOnline(): Promise<void> {
    if (this.online || this.rebooting || this.stopped) return;
    await this.http.listen(this.port, this.ip);
    this.online = true;
    await this.network.up();
  }

  setSlow(ms: number): void {
    this.slowMs = ms;
  }
  setDropRate(rate: number): void {
    this.dropRate = rate;
  }
  /** The version the device reports from now on (undefined = none), kept in flash as after an OTA. */
  setVersion(version: string | undefined): void {
    this.core.version = version ?? '';
    this.core.persist();
  }
  /** What the next OTA flash makes the device report: a version, null = none, undefined = the image's. */
  setOtaVersion(version: string | null | undefined): void {
    this.otaVersion = version;
  }
  /** After its next reboot the device stays off the network (until comeBack()). */
  setStayDown(on: boolean): void {
    this.stayDown = on;
  }
  /** Refuses every OTA invitation from now on (or accepts them again). */
  setOtaRefuse(on: boolean): void {
    this.otaRefuse = on;
  }
  /** After its next OTA flash the device crashes `ms` after every boot (undefined: a good image). */
  setOtaCrashLoop(ms: number | undefined): void {
    this.otaCrashLoopMs = ms;
  }
  /** Boots a device that stayed down (stayDown, or an image it could not boot); later reboots come back. */
  async comeBack(): Promise<void> {
    if (!this.down || this.stopped) return;
    this.down = false;
    this.stayDown = false;
    this.rebooting = false;
    await this.http.listen(this.port, this.ip);
    await this.boot('powerOn', true);
  }

  /** Crashes now and reboots; `/metrics` then names the cause in the board's words. */
  crash(cause: CrashCause): void {
    this.reboot(0, cause);
  }

  /**
   * Reboots after `delayMs`, off the network for the configured reboot gap. Until then the device is blocked
   * (the firmware waits in a request handler): HTTP requests get no answer, and on esp8266, whose single loop is
   * blocked, no beacons, log lines, hooks or scheduled actions either (device-protocol.md §11.2).
   */
  reboot(delayMs: number, cause: ResetCause = 'software'): void {
    if (this.rebooting || this.stopped) return;
    this.rebooting = true;
    this.frozen = true;
    const loopBlocked = this.kind.board === 'esp8266';
    if (loopBlocked) this.network.loopBlocked(true);
    this.later(delayMs, async () => {
      await this.powerDown();
      this.frozen = false;
      if (this.stayDown) {
        this.down = true;
        return;
      }
      this.later(this.opts.rebootMs, async () => {
        this.rebooting = false;
        if (this.stopped || this.down) return;
        await this.http.listen(this.port, this.ip);
        await this.boot(cause, true);
      });
    });
  }

  private later(ms: number, fn: () => Promise<void> | void): void {
    const t = setTimeout(() => {
      this.timers.delete(t);
      Promise.resolve(fn()).catch((e: unknown) => this.opts.report(`${this.address}: ${String(e)}`));
    }, ms);
    this.timers.add(t);
  }

  private async bindHttp(): Promise<void> {
    try {
      await this.http.listen(this.port, this.ip);
    } catch (e) {
      const code = e instanceof Error && 'code' in e ? e.code : undefined;
      if (code === 'EACCES' || code === 'EADDRINUSE') this.port = this.opts.fallbackPort;
      else if (code === 'EADDRNOTAVAIL') {
        this.ip = '127.0.0.1';
        this.port = this.opts.fallbackPort + this.opts.index;
      } else throw e;
      await this.http.listen(this.port, this.ip);
    }
  }

  /** After a flash: the version to report, or an esp8266 given an ESP32 image that never boots (§11.10). */
  private flashed(f: Flashed): void {
    if (f.kind === 'firmware') {
      this.otaFlashes++;
      this.crashLoopMs = this.otaCrashLoopMs;
      if (this.kind.board === 'esp8266' && f.esp32Image) this.stayDown = true;
      else if (this.otaVersion !== undefined) this.core.version = this.otaVersion ?? '';
      else if (this.opts.noVersion) this.core.version = '';
      else if (f.version !== undefined) this.core.version = f.version;
    }
    this.core.persist();
    this.reboot(100);
  }

  /** Boots; `reload`: read settings and hooks from flash again, as every boot of the firmware does. */
  private async boot(cause: ResetCause, reload: boolean): Promise<void> {
    if (reload) {
      const problem = this.core.load();
      if (problem) this.opts.report(`${this.address}: stored settings ignored (${problem})`);
    }
    this.core.booted(cause);
    const crashAfter = this.crashLoopMs;
    if (crashAfter !== undefined) this.later(crashAfter, () => this.crash('exception'));
    this.lastPoll = 0;
    this.ticker = setInterval(() => this.tick(), TICK_MS);
    this.online = true;
    await this.network.up();
    this.core.log(20, 'smart_thing', `WiFi connected, local ip ${this.ip}, hostname ${this.name}`);
    this.core.log(20, 'smart_thing', 'Web service started');
  }

  private async powerDown(): Promise<void> {
    clearInterval(this.ticker);
    this.ticker = undefined;
    await this.goOffline();
    await this.http.close();
  }

  private tick(): void {
    if (this.frozen && this.kind.board === 'esp8266') return;
    const c = this.core;
    c.model.tick(TICK_MS);
    c.actions.tick();
    const up = c.uptimeMs;
    if (c.features.hooks && up - this.lastPoll >= HOOK_POLL_MS) {
      this.lastPoll = up;
      c.hooks.poll();
    }
  }

  private scheduleFlaky(): void {
    if (!this.opts.flaky) return;
    const vary = (ms: number) => ms * (0.5 + this.opts.random());
    this.later(vary(this.opts.flakyUpMs), async () => {
      await this.goOffline();
      this.later(vary(this.opts.flakyDownMs), async () => {
        await this.goOnline();
        this.scheduleFlaky();
      });
    });
  }
}
