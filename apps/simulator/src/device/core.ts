import {
  CONFIG_LOG_ADDRESS,
  type DeviceAction,
  type DeviceInfo,
  type DeviceLogLevel,
  type Metrics,
  type Sensors,
  ST_VERSION,
  type WifiSettings,
} from '@st/protocol';
import { HooksEngine } from '../hooks/engine';
import type { DeviceContext } from '../http/context';
import type { NetworkLogger } from '../net/log-client';
import { ActionManager } from './actions';
import type { DeviceModel, KindDef, SensorDef } from './kinds';
import { RESET_REASONS, type ResetCause } from './reset';
import { DeviceSettings } from './settings';
import type { FlashStore } from './store';

export interface CoreDeps {
  kind: KindDef;
  name: string;
  random: () => number;
  flash: FlashStore;
  logger: NetworkLogger;
  address: () => string;
  reboot: (delayMs: number) => void;
  /** After a config change: the firmware re-applies `laddr`. */
  logAddressChanged: (laddr: string) => void;
  importRebootDelayMs: number;
  restartDelayMs: number;
  /** Firmware built without `__VERSION` (reports none). */
  noVersion: boolean;
  /** SmartThingLib 1.0's http-hook loading bug (device-protocol.md §11.7). */
  semicolonBug: boolean;
}

/** A device's firmware state and behaviour behind the REST API: settings, sensors, actions, hooks, clock. */
export class DeviceCore implements DeviceContext {
  readonly features: KindDef['features'];
  readonly board: KindDef['board'];
  readonly importRebootDelayMs: number;
  readonly restartDelayMs: number;
  readonly settings: DeviceSettings;
  readonly hooks: HooksEngine;
  readonly actions: ActionManager;
  readonly sensors: readonly SensorDef[];
  readonly model: DeviceModel;
  /** The firmware version the device reports; '' = none (built without `__VERSION`). */
  version: string;
  bootCount = 0;
  private bootAt = Date.now();
  private resetCause: ResetCause = 'powerOn';
  private minFree = 200_000;

  constructor(private readonly deps: CoreDeps) {
    const { kind } = deps;
    this.features = kind.features;
    this.board = kind.board;
    this.version = deps.noVersion ? '' : kind.version;
    this.importRebootDelayMs = deps.importRebootDelayMs;
    this.restartDelayMs = deps.restartDelayMs;
    this.model = kind.createModel(deps.random);
    const logSensor: SensorDef = {
      name: 'logger',
      kind: 'text',
      read: () => (deps.logger.state === 'connected' ? 'connected' : 'disconnected'),
    };
    const user = this.model.sensors;
    this.sensors = [
      ...user.filter((s) => s.kind === 'number'),
      ...user.filter((s) => s.kind === 'text'),
      logSensor,
    ];
    const keys = DeviceSettings.declaredKeys(
      Object.keys(kind.config),
      this.features.logger,
      this.features.hooks,
    );
    this.settings = new DeviceSettings(
      deps.name,
      { ssid: 'home-wifi', password: 'smartthing', mode: 1 },
      keys,
    );
    for (const [k, v] of Object.entries(kind.config)) this.settings.config.set(k, v);
    const log = (l: DeviceLogLevel, t: string, m: string) => this.log(l, t, m);
    this.actions = new ActionManager(this.model.actions, {
      scheduler: this.features.actionsScheduler,
      settings: this.settings,
      uptime: () => this.uptimeMs,
      log,
      persist: () => this.persist(),
    });
    this.hooks = new HooksEngine({
      sensor: (n) => this.sensor(n),
      callAction: (n) => this.actions.call(n),
      config: (k) => this.settings.config.get(k),
      identity: () => ({ name: this.settings.name, type: kind.type, ip: deps.address() }),
      board: kind.board,
      semicolonBug: deps.semicolonBug,
      log,
      changed: () => this.persist(),
    });
  }

  get uptimeMs(): number {
    return (Date.now() - this.bootAt) % 2 ** 32;
  }

  /**
   * Starts a new boot: the clock (uptime, scheduler) starts at 0 and the sketch's RAM state (actuators,
   * counters) is its boot state (device-protocol.md §11.3, §11.4).
   */
  booted(cause: ResetCause): void {
    this.bootAt = Date.now();
    this.bootCount++;
    this.resetCause = cause;
    this.actions.reset();
    this.model.boot();
  }

  /**
   * Reads flash (settings dump, firmware version) as the firmware does at every boot; an unreadable dump is
   * reported and ignored.
   */
  load(): string | undefined {
    const stored = this.deps.flash.load();
    if (stored.version !== undefined) this.version = stored.version;
    if (stored.dump === undefined) return undefined;
    const r = this.settings.applyDump(stored.dump, this.actions.names());
    if (!r.ok) return r.error;
    this.hooks.load(r.hooks);
    return undefined;
  }

  persist(): void {
    this.deps.flash.save({ dump: this.exportDump(), version: this.version });
  }

  info(): DeviceInfo {
    const { name } = this.settings;
    const { type, board } = this.deps.kind;
    return {
      ...(this.version ? { version: this.version } : {}),
      stVersion: ST_VERSION,
      name,
      type,
      ip: this.deps.address(),
      board,
    };
  }

  metrics(): Metrics {
    const free = 180_000 + Math.floor(this.deps.random() * 20_000) - this.hooks.count() * 300;
    this.minFree = Math.min(this.minFree, free);
    const { board } = this.deps.kind;
    return {
      uptime: this.uptimeMs,
      // esp8266 reports the free heap only (device-protocol.md §11.11).
      heap:
        board === 'esp32'
          ? { free, size: 327_680, minFree: this.minFree, maxAlloc: 110_580 }
          : { free: Math.floor(free / 5) },
      resetReason: RESET_REASONS[board][this.resetCause],
      counts: { sensors: this.sensors.length, ...(this.features.hooks ? { hooks: this.hooks.count() } : {}) },
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
    return this.actions.list();
  }
  actionsForTemplates() {
    return this.actions.actions;
  }
  callAction(name: string): boolean | undefined {
    return this.actions.call(name);
  }
  scheduleAction(name: string, callDelay: number): boolean {
    return this.actions.schedule(name, callDelay);
  }

  sensor(name: string): SensorDef | undefined {
    return this.sensors.find((s) => s.name === name);
  }
  sensorValues(): Sensors {
    return Object.fromEntries(this.sensors.map((s) => [s.name, s.read()]));
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
    const r = this.settings.applyDump(text, this.actions.names());
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
    this.deps.reboot(delayMs);
  }

  log(level: DeviceLogLevel, tag: string, message: string): void {
    this.deps.logger.write(level, tag, message);
  }

  private configChanged(): void {
    this.persist();
    this.log(20, 'settings_manager', 'Config updated');
    this.deps.logAddressChanged(this.settings.config.get(CONFIG_LOG_ADDRESS) ?? '');
  }
}
