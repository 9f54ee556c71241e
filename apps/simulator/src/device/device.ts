import {
  CONFIG_GATEWAY,
  CONFIG_LOG_ADDRESS,
  type DeviceAction,
  type DeviceInfo,
  type DeviceLogLevel,
  type Hook,
  type Metrics,
  type Sensors,
  ST_VERSION,
  type WifiSettings,
} from '@st/protocol';
import { HooksEngine } from '../hooks/engine';
import { hookToJson } from '../hooks/hook';
import type { DeviceContext } from '../http/context';
import type { Route } from '../http/reply';
import { deviceRoutes } from '../http/routes/index';
import { DeviceHttpServer } from '../http/server';
import { BeaconSender } from '../net/beacon';
import { type LoggerState, NetworkLogger } from '../net/log-client';
import { OTA_PORTS, OtaReceiver } from '../net/ota';
import { Chatter } from './chatter';
import type { DeviceModel, KindDef, SensorDef } from './kinds';
import { DeviceSettings } from './settings';
import type { FlashStore } from './store';

export interface SimDeviceOptions {
  index: number;
  kind: KindDef;
  ip: string;
  port: number;
  /** Port used on the same address when `port` cannot be bound (EACCES: not root). */
  fallbackPort: number;
  name: string;
  multicastIf: string;
  discoveryGroup: string;
  discoveryPort: number;
  beaconIntervalMs: number;
  flash: FlashStore;
  /** Sets the `gtw` config value at start. */
  gateway?: string | undefined;
  /** Sets the `laddr` config value at start. */
  logAddress?: string | undefined;
  logRate: number;
  slowMs: number;
  dropRate: number;
  flaky: boolean;
  rebootMs: number;
  restartDelayMs: number;
  importRebootDelayMs: number;
  ota: boolean;
  random: () => number;
  report: (message: string) => void;
}

export interface SimDeviceState {
  name: string;
  version: string;
  config: Record<string, string>;
  wifi: WifiSettings;
  hooks: Record<string, Hook[]>;
  actions: DeviceAction[];
  sensors: Sensors;
  online: boolean;
  rebooting: boolean;
  logger: LoggerState;
  uptimeMs: number;
  bootCount: number;
}

const TICK_MS = 100;

/** One simulated SmartThingLib device: REST API, beacons, logs, hooks, scheduler, OTA, reboots. */
export class SimDevice implements DeviceContext {
  ip: string;
  port: number;
  readonly kind: KindDef;
  readonly features: KindDef['features'];
  readonly importRebootDelayMs: number;
  readonly restartDelayMs: number;
  readonly hooks: HooksEngine;
  private readonly settings: DeviceSettings;
  private readonly model: DeviceModel;
  private readonly sensorList: SensorDef[];
  private readonly http: DeviceHttpServer;
  private readonly logger: NetworkLogger;
  private readonly chatter: Chatter;
  private beacon: BeaconSender | undefined;
  private ota: OtaReceiver | undefined;
  private version: string;
  private bootAt = Date.now();
  private bootCount = 0;
  private resetSoftware = false;
  private minFree = 200_000;
  private online = false;
  private rebooting = false;
  private stopped = false;
  private ticker: NodeJS.Timeout | undefined;
  private lastPoll = 0;
  private readonly lastScheduled = new Map<string, number>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private slowMs: number;
  private dropRate: number;

  constructor(private readonly opts: SimDeviceOptions) {
    this.ip = opts.ip;
    this.port = opts.port;
    this.kind = opts.kind;
    this.features = opts.kind.features;
    this.version = opts.kind.version;
    this.importRebootDelayMs = opts.importRebootDelayMs;
    this.restartDelayMs = opts.restartDelayMs;
    this.slowMs = opts.slowMs;
    this.dropRate = opts.dropRate;
    this.model = opts.kind.createModel(opts.random);
    const logSensor: SensorDef = {
      name: 'logger',
      kind: 'text',
      read: () => (this.logger.state === 'connected' ? 'connected' : 'disconnected'),
    };
    const user = this.model.sensors;
    this.sensorList = [
      ...user.filter((s) => s.kind === 'number'),
      ...user.filter((s) => s.kind === 'text'),
      logSensor,
    ];
    const keys = DeviceSettings.declaredKeys(
      Object.keys(opts.kind.config),
      this.features.logger,
      this.features.hooks,
    );
    this.settings = new DeviceSettings(
      opts.name,
      { ssid: 'home-wifi', password: 'smartthing', mode: 1 },
      keys,
    );
    for (const [k, v] of Object.entries(opts.kind.config)) this.settings.config.set(k, v);
    this.hooks = new HooksEngine({
      sensor: (n) => this.sensor(n),
      sensors: () => this.sensorList,
      callAction: (n) => this.callAction(n),
      config: (k) => this.settings.config.get(k),
      identity: () => ({ name: this.settings.name, type: this.kind.type, ip: this.address }),
      log: (l, t, m) => this.log(l, t, m),
      changed: () => this.persist(),
    });
    this.http = new DeviceHttpServer(() => this.routes, {
      slowMs: () => this.slowMs,
      dropRate: () => this.dropRate,
      random: opts.random,
      onRequest: (r) => this.log(10, 'request', `[${r.method}] ${r.path} - ${r.body}`),
    });
    this.logger = new NetworkLogger({ localAddress: undefined, name: () => this.settings.name });
    this.chatter = new Chatter(this.logger, opts.logRate, () => this.model.chatter());
    this.routes = deviceRoutes(this);
  }

  private readonly routes: readonly Route[];

  /** `ip` on port 80, else `ip:port`. */
  get address(): string {
    return this.port === 80 ? this.ip : `${this.ip}:${this.port}`;
  }
  get name(): string {
    return this.settings.name;
  }
  get uptimeMs(): number {
    return (Date.now() - this.bootAt) % 2 ** 32;
  }

  get state(): SimDeviceState {
    const hooks: Record<string, Hook[]> = {};
    for (const s of this.sensorList) {
      const list = this.hooks.list(s.name);
      if (list?.length) hooks[s.name] = list.map((h) => hookToJson(h, s.kind));
    }
    return {
      name: this.settings.name,
      version: this.version,
      config: Object.fromEntries(this.settings.config),
      wifi: { ...this.settings.wifi },
      hooks,
      actions: this.actionList(),
      sensors: this.sensorValues(),
      online: this.online,
      rebooting: this.rebooting,
      logger: this.logger.state,
      uptimeMs: this.uptimeMs,
      bootCount: this.bootCount,
    };
  }

  /** Log lines written to the log server since start. */
  get logLinesSent(): number {
    return this.logger.linesWritten;
  }

  async start(): Promise<void> {
    const stored = this.opts.flash.load();
    if (stored.version) this.version = stored.version;
    if (stored.dump !== undefined) {
      const r = this.settings.applyDump(
        stored.dump,
        this.model.actions.map((a) => a.name),
      );
      if (r.ok) this.hooks.load(r.hooks);
      else this.opts.report(`${this.ip}: stored settings ignored (${r.error})`);
    }
    if (this.opts.gateway !== undefined && this.settings.config.has(CONFIG_GATEWAY))
      this.settings.config.set(CONFIG_GATEWAY, this.opts.gateway);
    if (this.opts.logAddress !== undefined && this.settings.config.has(CONFIG_LOG_ADDRESS))
      this.settings.config.set(CONFIG_LOG_ADDRESS, this.opts.logAddress);
    this.persist();
    await this.bindHttp();
    this.scheduleFlaky();
    await this.boot();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    await this.powerDown();
    await this.hooks.settle();
  }

  /** WiFi loss: unreachable, silent, logger dropped; keeps running (uptime continues). */
  async goOffline(): Promise<void> {
    if (!this.online) return;
    this.online = false;
    this.beacon?.stop();
    this.ota?.stop();
    this.chatter.stop();
    this.logger.disconnect();
    await this.http.close();
  }

  /** WiFi back: listens, beacons, reconnects its logger. */
  async goOnline(): Promise<void> {
    if (this.online || this.rebooting || this.stopped) return;
    await this.http.listen(this.port, this.ip);
    await this.networkUp();
  }

  setSlow(ms: number): void {
    this.slowMs = ms;
  }
  setDropRate(rate: number): void {
    this.dropRate = rate;
  }

  // ----- DeviceContext -----

  info(): DeviceInfo {
    const { name } = this.settings;
    return {
      ...(this.version ? { version: this.version } : {}),
      stVersion: ST_VERSION,
      name,
      type: this.kind.type,
      ip: this.address,
      board: this.kind.board,
    };
  }

  metrics(): Metrics {
    const free = 180_000 + Math.floor(this.opts.random() * 20_000) - this.hooks.count() * 300;
    this.minFree = Math.min(this.minFree, free);
    const esp32 = this.kind.board === 'esp32';
    const reset = esp32
      ? this.resetSoftware
        ? 'ESP_RST_SW'
        : 'ESP_RST_POWERON'
      : this.resetSoftware
        ? 'Software/System restart'
        : 'Power On';
    return {
      uptime: this.uptimeMs,
      heap: esp32
        ? { free, size: 327_680, minFree: this.minFree, maxAlloc: 110_580 }
        : { free: Math.floor(free / 5) },
      resetReason: reset,
      counts: {
        sensors: this.sensorList.length,
        ...(this.features.hooks ? { hooks: this.hooks.count() } : {}),
      },
    };
  }

  rename(raw: string): void {
    const name = raw.trim().replace(/[ ;]/g, '-').toLowerCase();
    if (name === this.settings.name && this.settings.nameSaved) return;
    this.settings.name = name;
    this.settings.nameSaved = true;
    this.persist();
    this.log(20, 'smart_thing', `New device name ${name}`);
  }

  wifi(): WifiSettings {
    return { ...this.settings.wifi };
  }
  saveWifi(w: WifiSettings): void {
    this.settings.wifi = w;
    this.persist();
    this.log(20, 'settings_manager', 'WiFi settings saved, restart to apply');
  }

  actionList(): DeviceAction[] {
    const up = this.uptimeMs;
    return this.model.actions.map((a) => {
      if (!this.features.actionsScheduler) return { name: a.name, caption: a.caption };
      const callDelay = this.settings.schedules.get(a.name) ?? 0;
      return {
        name: a.name,
        caption: a.caption,
        callDelay,
        lastCall: callDelay ? up - (this.lastScheduled.get(a.name) ?? 0) : 0,
      };
    });
  }
  actionsForTemplates() {
    return this.model.actions;
  }
  callAction(name: string): boolean | undefined {
    const action = this.model.actions.find((a) => a.name === name);
    if (!action) return undefined;
    this.log(20, 'actions_manager', `Calling action name=${name}`);
    const ok = action.run();
    if (!ok) this.log(40, 'actions_manager', `Action ${name} failed`);
    return ok;
  }
  scheduleAction(name: string, callDelay: number): boolean {
    if (!this.model.actions.some((a) => a.name === name)) return false;
    if (callDelay > 0) this.settings.schedules.set(name, callDelay);
    else this.settings.schedules.delete(name);
    this.lastScheduled.set(name, this.uptimeMs);
    this.persist();
    this.log(20, 'actions_manager', `Action ${name} call delay set to ${callDelay}`);
    return true;
  }

  sensor(name: string): SensorDef | undefined {
    return this.sensorList.find((s) => s.name === name);
  }
  sensorValues(): Sensors {
    return Object.fromEntries(this.sensorList.map((s) => [s.name, s.read()]));
  }

  configEntries(): [string, string][] {
    return [...this.settings.config];
  }
  replaceConfig(values: Record<string, unknown>): void {
    for (const k of this.settings.config.keys()) {
      const v = values[k];
      this.settings.config.set(k, typeof v === 'string' ? v : '');
    }
    this.configChanged();
  }
  deleteConfig(name: string): boolean {
    if (!this.settings.config.has(name)) return false;
    this.settings.config.set(name, '');
    this.configChanged();
    return true;
  }
  clearConfig(): void {
    for (const k of this.settings.config.keys()) this.settings.config.set(k, '');
    this.configChanged();
  }

  exportDump(): string {
    return this.settings.toDump(this.hooks.stored());
  }
  importDump(text: string): boolean {
    const r = this.settings.applyDump(
      text,
      this.model.actions.map((a) => a.name),
    );
    if (!r.ok) {
      this.log(40, 'settings_handler', `Settings import failed: ${r.error}`);
      return false;
    }
    this.hooks.load(r.hooks);
    this.persist();
    return true;
  }
  wipe(): void {
    this.settings.wipe();
    this.hooks.clear();
    this.persist();
  }

  reboot(delayMs: number): void {
    if (this.rebooting || this.stopped) return;
    this.rebooting = true;
    this.later(delayMs, async () => {
      await this.powerDown();
      this.later(this.opts.rebootMs, async () => {
        this.rebooting = false;
        this.resetSoftware = true;
        if (this.stopped) return;
        await this.http.listen(this.port, this.ip);
        await this.boot();
      });
    });
  }

  log(level: DeviceLogLevel, tag: string, message: string): void {
    this.logger.write(level, tag, message);
  }

  // ----- internals -----

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

  private async boot(): Promise<void> {
    this.bootAt = Date.now();
    this.bootCount++;
    this.lastScheduled.clear();
    this.lastPoll = 0;
    this.ticker = setInterval(() => this.tick(), TICK_MS);
    await this.networkUp();
    this.log(20, 'smart_thing', 'Web service started');
  }

  private async networkUp(): Promise<void> {
    this.online = true;
    this.logger.setLocalAddress(this.ip);
    this.beacon = new BeaconSender({
      bindAddress: this.ip,
      group: this.opts.discoveryGroup,
      port: this.opts.discoveryPort,
      multicastIf: this.opts.multicastIf,
      intervalMs: this.opts.beaconIntervalMs,
      message: () =>
        [this.address, this.kind.type, this.settings.name, ST_VERSION, this.kind.board, this.version].join(
          ';',
        ),
      onError: (e) => this.opts.report(`${this.address}: beacon: ${e.message}`),
    });
    await this.beacon.start();
    this.logger.setAddress(this.settings.config.get(CONFIG_LOG_ADDRESS) ?? '');
    this.chatter.start();
    if (this.opts.ota) {
      const ota = new OtaReceiver({
        address: this.ip,
        port: OTA_PORTS[this.kind.board],
        log: (l, m) => this.log(l, 'ota', m),
        onFlashed: (version) => {
          if (version) this.version = version;
          this.persist();
          this.reboot(100);
        },
      });
      try {
        await ota.start();
        this.ota = ota;
      } catch (e) {
        this.opts.report(`${this.address}: OTA receiver not started: ${String(e)}`);
      }
    }
  }

  private async powerDown(): Promise<void> {
    clearInterval(this.ticker);
    this.ticker = undefined;
    await this.goOffline();
    this.online = false;
    await this.http.close();
  }

  private tick(): void {
    this.model.tick(TICK_MS);
    const up = this.uptimeMs;
    if (this.features.actionsScheduler) {
      for (const [name, delay] of this.settings.schedules) {
        if (delay > 0 && up - (this.lastScheduled.get(name) ?? 0) > delay) {
          this.lastScheduled.set(name, up);
          this.callAction(name);
        }
      }
    }
    if (this.features.hooks && up - this.lastPoll >= 500) {
      this.lastPoll = up;
      this.hooks.poll();
    }
  }

  private configChanged(): void {
    this.persist();
    this.log(20, 'settings_manager', 'Config updated');
    if (this.online) this.logger.setAddress(this.settings.config.get(CONFIG_LOG_ADDRESS) ?? '');
  }

  private persist(): void {
    this.opts.flash.save({ dump: this.exportDump(), version: this.version });
  }

  private scheduleFlaky(): void {
    if (!this.opts.flaky) return;
    const r = this.opts.random;
    this.later(15_000 + r() * 25_000, async () => {
      await this.goOffline();
      this.later(4_000 + r() * 6_000, async () => {
        await this.goOnline();
        this.scheduleFlaky();
      });
    });
  }
}
