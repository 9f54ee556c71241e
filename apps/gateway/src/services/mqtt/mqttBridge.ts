import type { DeviceInfo, MqttStatus, Sensors } from '@st/protocol';
import type { Logger } from '@st/server-kit';
import type { DeviceCalls } from './deviceCalls';
import {
  type BridgeTopics,
  bridgeTopics,
  type ConfigMessage,
  type DeviceDescription,
  deviceConfigs,
  type GatewayIdentity,
  gatewayConfig,
  nodeOf,
  OFFLINE,
  ONLINE,
  parseCommandTopic,
  safeId,
} from './discoveryConfigs';
import { type ConnectionOptions, MqttConnection } from './mqttConnection';
import type { StoredMqttSettings } from './mqttSettingsStore';

// The Home Assistant bridge: keeps one MQTT connection (last will = the gateway offline), publishes each found
// device's discovery configs, availability and state (retained), and runs the commands HA sends. Publishing
// happens only while connected; on every (re)connect everything is published again, so a broker that was away
// or restarted without persistence gets the whole picture. Nothing here ever waits on the broker for the rest
// of the gateway: bus listeners only schedule work.

/** A command Home Assistant sent and its outcome, as the device command it became (for the timeline). */
export interface BridgeCommand {
  readonly ip: string;
  readonly command: 'restart' | 'callAction' | 'saveConfigValues';
  readonly params: Record<string, unknown>;
  readonly status: number;
}

export interface BridgeOptions extends ConnectionOptions {
  /** every command from Home Assistant, once the device answered */
  onCommand?: (command: BridgeCommand) => void;
  /** a device lost this long is gone for good: its configs are removed (default 24 h) */
  readonly forgetLostAfterMs?: number;
  /** a device's tags, read each time its configs are published (they show in its HA device info) */
  readonly tagsOf?: (ip: string) => readonly string[];
}

/** A sampler round's result for one device (the sampler's DeviceSample, what the bridge reads of it). */
export interface SampleForBridge {
  readonly ip: string;
  readonly ok: boolean;
  readonly t: number;
  readonly sensors?: Sensors | undefined;
  readonly uptime?: number | undefined;
  readonly heap?: number | undefined;
}

interface Entry {
  description: DeviceDescription;
  online: boolean;
  /** config topics on the broker for this device */
  published: Set<string>;
  state: Record<string, unknown>;
  actions: Map<string, string>;
  configKeys: Map<string, string>;
}

export interface BridgeStats {
  published: number;
  commands: number;
}

export class MqttBridge {
  private readonly connection: MqttConnection;
  private settings: StoredMqttSettings | undefined;
  private topics: BridgeTopics | undefined;
  private readonly devices = new Map<string, Entry>();
  private readonly nodes = new Map<string, string>();
  private readonly pending = new Map<string, Promise<void>>();
  private readonly forgetTimers = new Map<string, NodeJS.Timeout>();
  private commands = 0;
  private configuring: Promise<void> = Promise.resolve();

  constructor(
    private readonly calls: DeviceCalls,
    private readonly identity: () => Omit<GatewayIdentity, 'id'>,
    /** the devices found right now (taken when the bridge is turned on) */
    private readonly found: () => readonly DeviceInfo[],
    private readonly logger: Logger,
    private readonly opts: BridgeOptions = {},
  ) {
    this.connection = new MqttConnection(logger, opts);
  }

  getStatus(): MqttStatus {
    const { state, error } = this.connection;
    return { state, ...(error ? { error } : {}), devices: this.devices.size };
  }

  /** Messages published and commands received so far (for /metrics). */
  get stats(): BridgeStats {
    return { published: this.connection.published, commands: this.commands };
  }

  /** Applies settings: disconnects, then connects with the new ones when enabled. */
  configure(settings: StoredMqttSettings): Promise<void> {
    // one change at a time: two saves at once must not leave two clients connected
    const next = this.configuring.then(() => this.apply(settings));
    this.configuring = next.catch(() => undefined);
    return next;
  }

  private async apply(settings: StoredMqttSettings): Promise<void> {
    await this.connection.close();
    this.settings = settings;
    if (!settings.enabled || !settings.url) {
      // off: no device is read for the bridge, and nothing is kept
      this.topics = undefined;
      this.forgetAll();
      return;
    }
    const t = bridgeTopics(settings, settings.gatewayId);
    this.topics = t;
    await this.connection.open(settings, t.bridge, {
      connected: () => {
        this.connection.subscribe(t.commands);
        this.publishAll();
      },
      message: (topic, payload) => this.onCommand(topic, payload),
    });
    for (const info of this.found()) this.deviceFound(info);
  }

  private forgetAll(): void {
    for (const timer of this.forgetTimers.values()) clearTimeout(timer);
    this.forgetTimers.clear();
    this.devices.clear();
    this.nodes.clear();
  }

  async stop(): Promise<void> {
    this.forgetAll();
    await this.connection.close();
  }

  private gateway(): GatewayIdentity {
    return { ...this.identity(), id: this.settings?.gatewayId ?? 'gateway' };
  }

  private publish(topic: string, payload: string | Record<string, unknown>, retain = true): void {
    this.connection.publish(topic, payload, retain);
  }

  private publishAll(): void {
    const t = this.topics;
    if (!t) return;
    const gw = gatewayConfig(t, this.gateway());
    this.publish(gw.topic, gw.payload);
    this.publish(t.bridge, ONLINE);
    for (const entry of this.devices.values()) this.publishDevice(entry, true);
  }

  /** Configs (removing those no longer there), availability, state and config values of one device. */
  private publishDevice(entry: Entry, everything: boolean): void {
    const t = this.topics;
    const s = this.settings;
    if (!t || !s) return;
    const tags = this.opts.tagsOf?.(entry.description.info.ip) ?? [];
    const configs: ConfigMessage[] = deviceConfigs(s, t, this.gateway(), { ...entry.description, tags });
    const now = new Set(configs.map((c) => c.topic));
    for (const old of entry.published) if (!now.has(old)) this.publish(old, '');
    for (const c of configs) this.publish(c.topic, c.payload);
    entry.published = now;
    const dt = t.device(nodeOf(entry.description.info.ip));
    this.publish(dt.availability, entry.online ? ONLINE : OFFLINE);
    if (everything || Object.keys(entry.state).length > 0) this.publish(dt.state, entry.state);
    this.publish(dt.config, entry.description.config);
  }

  private entryFor(description: DeviceDescription, online: boolean): Entry {
    const { info } = description;
    const before = this.devices.get(info.ip);
    const entry: Entry = {
      description,
      online,
      published: before?.published ?? new Set(),
      state: { ...(before?.state ?? {}), sensors: { ...description.sensors } },
      actions: new Map(description.actions.map((a) => [safeId(a.name), a.name])),
      configKeys: new Map(Object.keys(description.config).map((k) => [safeId(k), k])),
    };
    this.devices.set(info.ip, entry);
    this.nodes.set(nodeOf(info.ip), info.ip);
    return entry;
  }

  /** A device found (first beacon, or its name, type or versions changed): describe it and publish. */
  deviceFound(info: DeviceInfo): void {
    if (!this.topics) return;
    clearTimeout(this.forgetTimers.get(info.ip));
    this.forgetTimers.delete(info.ip);
    const known = this.devices.get(info.ip);
    if (known) {
      known.online = true;
      const changed = JSON.stringify(known.description.info) !== JSON.stringify(info);
      known.description = { ...known.description, info };
      if (changed) this.publishDevice(known, false);
      else if (this.topics) this.publish(this.topics.device(nodeOf(info.ip)).availability, ONLINE);
      return;
    }
    this.schedule(info.ip, async () => {
      const description = await this.calls.describe(info);
      const current = this.devices.get(info.ip);
      const entry = this.entryFor(
        current ? { ...description, info: current.description.info } : description,
        current?.online ?? true,
      );
      this.publishDevice(entry, true);
    });
  }

  /** A device's tags changed: its configs are published again with the new device info. */
  deviceTagged(ip: string): void {
    const entry = this.devices.get(ip);
    if (entry) this.publishDevice(entry, false);
  }

  /** A device stopped beaconing: its entities go unavailable (the configs stay). */
  deviceLost(info: DeviceInfo): void {
    const entry = this.devices.get(info.ip);
    if (!entry) return;
    entry.online = false;
    if (this.topics) this.publish(this.topics.device(nodeOf(info.ip)).availability, OFFLINE);
    clearTimeout(this.forgetTimers.get(info.ip));
    const timer = setTimeout(
      () => {
        this.forgetTimers.delete(info.ip);
        this.deviceRemoved(info.ip);
      },
      this.opts.forgetLostAfterMs ?? 24 * 3_600_000,
    );
    timer.unref();
    this.forgetTimers.set(info.ip, timer);
  }

  /** The user deleted a saved device: gone from HA too, unless it is still on the network (found). */
  deviceDeleted(ip: string): void {
    if (this.devices.get(ip)?.online === false) this.deviceRemoved(ip);
  }

  /** A device gone for good: its configs, state and availability are removed from the broker. */
  private deviceRemoved(ip: string): void {
    const entry = this.devices.get(ip);
    if (!entry) return;
    this.devices.delete(ip);
    this.nodes.delete(nodeOf(ip));
    const t = this.topics;
    if (!t) return;
    for (const topic of entry.published) this.publish(topic, '');
    const dt = t.device(nodeOf(ip));
    for (const topic of [dt.availability, dt.state, dt.config]) this.publish(topic, '');
  }

  /** A sampler round: the device's state, retained; new sensor names add entities. */
  sampled(sample: SampleForBridge): void {
    const entry = this.devices.get(sample.ip);
    if (!entry || !sample.ok) return;
    entry.state = {
      sensors: sample.sensors ?? entry.state.sensors ?? {},
      ...(sample.uptime !== undefined ? { uptime: sample.uptime } : {}),
      ...(sample.heap !== undefined ? { heap: sample.heap } : {}),
      t: sample.t,
    };
    const known = entry.description.sensors;
    const added = Object.keys(sample.sensors ?? {}).some((name) => !(name in known));
    if (added && sample.sensors) {
      entry.description = { ...entry.description, sensors: { ...known, ...sample.sensors } };
      this.publishDevice(entry, false);
    }
    if (this.topics) this.publish(this.topics.device(nodeOf(sample.ip)).state, entry.state);
  }

  /** One describe per device at a time; a failure is logged, never thrown at the bus. */
  private schedule(ip: string, work: () => Promise<void>): void {
    const before = this.pending.get(ip) ?? Promise.resolve();
    const next = before
      .then(work)
      .catch((err: unknown) => this.logger.warn({ err, ip }, 'mqtt bridge device update failed'))
      .finally(() => {
        if (this.pending.get(ip) === next) this.pending.delete(ip);
      });
    this.pending.set(ip, next);
  }

  /** Resolves when the device updates scheduled so far are done (tests and benches). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all(this.pending.values());
  }

  private onCommand(topic: string, payload: string): void {
    const s = this.settings;
    const t = this.topics;
    if (!s || !t) return;
    const cmd = parseCommandTopic(s, topic);
    const ip = cmd ? this.nodes.get(cmd.node) : undefined;
    const entry = ip ? this.devices.get(ip) : undefined;
    if (!cmd || !ip || !entry) return;
    this.commands++;
    const dt = t.device(cmd.node);
    this.schedule(ip, async () => {
      let outcome: { command: string; target?: string; ok: boolean; status: number; error?: string };
      if (cmd.kind === 'restart') {
        outcome = { command: 'restart', ...(await this.calls.run(ip, 'restart', {})) };
      } else if (cmd.kind === 'action') {
        const name = entry.actions.get(cmd.object);
        if (!name) return;
        outcome = { command: 'action', target: name, ...(await this.calls.run(ip, 'callAction', { name })) };
        const sensors = await this.calls.sensors(ip);
        if (sensors) this.sampled({ ip, ok: true, t: Date.now(), sensors });
      } else {
        const key = entry.configKeys.get(cmd.object);
        if (!key) return;
        const values = { [key]: payload };
        outcome = {
          command: 'set',
          target: key,
          ...(await this.calls.run(ip, 'saveConfigValues', { values })),
        };
        const config = await this.calls.config(ip);
        if (config) {
          entry.description = { ...entry.description, config };
          this.publish(dt.config, config);
        }
      }
      this.publish(dt.result, { ...outcome, t: Date.now() }, false);
      this.logger.info({ ip, ...outcome }, 'home assistant command');
      const params: Record<string, unknown> =
        outcome.command === 'action'
          ? { name: outcome.target }
          : outcome.command === 'set'
            ? { values: { [outcome.target ?? '']: payload } }
            : {};
      const command =
        outcome.command === 'action'
          ? 'callAction'
          : outcome.command === 'set'
            ? 'saveConfigValues'
            : 'restart';
      this.opts.onCommand?.({ ip, command, params, status: outcome.status });
    });
  }
}
