import type { ConfigValues, DeviceAction, DeviceInfo, Sensors } from '@st/protocol';
import { binaryClass, numericClass } from './sensorClasses';

// Home Assistant MQTT discovery: one HA device per SmartThing device, its entities as retained configs under
// `{discoveryPrefix}/{component}/{node}/{object}/config`, state and commands under `{baseTopic}/{node}/...`.
// Pure functions: the bridge decides when to publish what they build.

export interface BridgeTopicsConfig {
  readonly discoveryPrefix: string;
  readonly baseTopic: string;
}

export interface GatewayIdentity {
  /** stable id of this gateway (kept in its database) */
  readonly id: string;
  readonly version: string;
  /** the console's address, for HA's "visit device" link; absent when unknown */
  readonly consoleUrl?: string | undefined;
}

/** What the bridge knows of one device when it publishes its configs. */
export interface DeviceDescription {
  readonly info: DeviceInfo;
  readonly sensors: Sensors;
  readonly actions: readonly DeviceAction[];
  readonly config: ConfigValues;
  /** the device's tags (the gateway's, not the device's) */
  readonly tags?: readonly string[] | undefined;
}

export const ONLINE = 'online';
export const OFFLINE = 'offline';
export const PRESS = 'PRESS';

/** An MQTT-safe id: letters, digits and _ only. */
export function safeId(text: string): string {
  return text.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, '') || 'x';
}

/**
 * The HA node of a device. Firmware 1.0 reports no chip id or MAC, so the address is the only identity that
 * survives a rename (the name is the user's and changes); a device that moves to another address is a new node.
 */
export function nodeOf(ip: string): string {
  return `st_${safeId(ip)}`;
}

export function bridgeTopics(t: BridgeTopicsConfig, gatewayId: string) {
  const gateway = `${t.baseTopic}/gateway_${safeId(gatewayId)}`;
  return {
    /** the gateway's availability: online, and offline as its MQTT last will */
    bridge: `${gateway}/availability`,
    /** every command topic of every device, for one subscription */
    commands: `${t.baseTopic}/+/cmd/#`,
    gatewayConfig: `${t.discoveryPrefix}/binary_sensor/gateway_${safeId(gatewayId)}/bridge/config`,
    device: (node: string) => ({
      availability: `${t.baseTopic}/${node}/availability`,
      state: `${t.baseTopic}/${node}/state`,
      config: `${t.baseTopic}/${node}/config`,
      result: `${t.baseTopic}/${node}/result`,
      action: (name: string) => `${t.baseTopic}/${node}/cmd/action/${safeId(name)}`,
      set: (key: string) => `${t.baseTopic}/${node}/cmd/set/${safeId(key)}`,
      restart: `${t.baseTopic}/${node}/cmd/restart`,
    }),
  };
}
export type BridgeTopics = ReturnType<typeof bridgeTopics>;

/** A command topic split into its parts, or undefined when it is none of ours. */
export type ParsedCommand =
  | { node: string; kind: 'action'; object: string }
  | { node: string; kind: 'set'; object: string }
  | { node: string; kind: 'restart' };

export function parseCommandTopic(t: BridgeTopicsConfig, topic: string): ParsedCommand | undefined {
  if (!topic.startsWith(`${t.baseTopic}/`)) return undefined;
  const parts = topic.slice(t.baseTopic.length + 1).split('/');
  const [node, cmd, kind, object] = parts;
  if (!node || cmd !== 'cmd') return undefined;
  if (kind === 'restart' && parts.length === 3) return { node, kind };
  if ((kind === 'action' || kind === 'set') && object && parts.length === 4) return { node, kind, object };
  return undefined;
}

export interface ConfigMessage {
  readonly topic: string;
  readonly payload: Record<string, unknown>;
}

const ORIGIN = { name: 'SmartThing gateway', support_url: 'https://github.com/Sidey383/SmartThing' };

/**
 * HA's device info. MQTT discovery has no field for labels, so a device's tags follow its type in `model`
 * ("lamp · kitchen, beta"), the line HA's device page shows under the name.
 */
function haDevice(gw: GatewayIdentity, info: DeviceInfo, node: string, tags: readonly string[] = []) {
  return {
    identifiers: [node],
    name: info.name,
    model: tags.length > 0 ? `${info.type} · ${tags.join(', ')}` : info.type,
    manufacturer: `SmartThing (${info.board})`,
    ...(info.version ? { sw_version: info.version } : {}),
    hw_version: info.board,
    via_device: `gateway_${safeId(gw.id)}`,
    ...(gw.consoleUrl ? { configuration_url: `${gw.consoleUrl}/panel` } : {}),
  };
}

/** The gateway's own HA device with one connectivity entity, so that `via_device` points at something. */
export function gatewayConfig(t: BridgeTopics, gw: GatewayIdentity): ConfigMessage {
  const id = `gateway_${safeId(gw.id)}`;
  return {
    topic: t.gatewayConfig,
    payload: {
      name: 'Bridge',
      unique_id: `${id}_bridge`,
      state_topic: t.bridge,
      payload_on: ONLINE,
      payload_off: OFFLINE,
      device_class: 'connectivity',
      entity_category: 'diagnostic',
      device: {
        identifiers: [id],
        name: 'SmartThing gateway',
        model: 'gateway',
        manufacturer: 'SmartThing',
        sw_version: gw.version,
        ...(gw.consoleUrl ? { configuration_url: gw.consoleUrl } : {}),
      },
      origin: ORIGIN,
    },
  };
}

/** Every discovery config of one device (the topic says the component). */
export function deviceConfigs(
  cfg: BridgeTopicsConfig,
  t: BridgeTopics,
  gw: GatewayIdentity,
  d: DeviceDescription,
): ConfigMessage[] {
  const node = nodeOf(d.info.ip);
  const dt = t.device(node);
  const common = {
    device: haDevice(gw, d.info, node, d.tags),
    availability: [
      { topic: t.bridge, payload_available: ONLINE, payload_not_available: OFFLINE },
      { topic: dt.availability, payload_available: ONLINE, payload_not_available: OFFLINE },
    ],
    availability_mode: 'all',
    origin: ORIGIN,
  };
  const topic = (component: string, object: string) =>
    `${cfg.discoveryPrefix}/${component}/${node}/${object}/config`;
  const out: ConfigMessage[] = [];
  const add = (component: string, object: string, payload: Record<string, unknown>) =>
    out.push({
      topic: topic(component, object),
      payload: { ...payload, unique_id: `${node}_${object}`, ...common },
    });

  for (const [name, value] of Object.entries(d.sensors)) {
    const object = `sensor_${safeId(name)}`;
    const template = `{{ value_json.sensors[${JSON.stringify(name)}] }}`;
    const binary = binaryClass(name, value);
    if (binary !== undefined) {
      add('binary_sensor', object, {
        name,
        state_topic: dt.state,
        value_template: `{{ 'ON' if value_json.sensors[${JSON.stringify(name)}] | int(0) == 1 else 'OFF' }}`,
        ...(binary ? { device_class: binary } : {}),
      });
    } else if (typeof value === 'number') {
      const cls = numericClass(name);
      add('sensor', object, {
        name,
        state_topic: dt.state,
        value_template: template,
        state_class: 'measurement',
        ...(cls.deviceClass ? { device_class: cls.deviceClass } : {}),
        ...(cls.unit ? { unit_of_measurement: cls.unit } : {}),
      });
    } else {
      add('sensor', object, { name, state_topic: dt.state, value_template: template });
    }
  }
  add('sensor', 'uptime', {
    name: 'Uptime',
    state_topic: dt.state,
    value_template: '{{ (value_json.uptime / 1000) | round(0) if value_json.uptime is defined else none }}',
    unit_of_measurement: 's',
    device_class: 'duration',
    state_class: 'total_increasing',
    entity_category: 'diagnostic',
  });
  add('sensor', 'heap', {
    name: 'Free heap',
    state_topic: dt.state,
    value_template: '{{ value_json.heap if value_json.heap is defined else none }}',
    unit_of_measurement: 'B',
    device_class: 'data_size',
    state_class: 'measurement',
    entity_category: 'diagnostic',
  });
  for (const action of d.actions) {
    add('button', `action_${safeId(action.name)}`, {
      name: action.caption || action.name,
      command_topic: dt.action(action.name),
      payload_press: PRESS,
    });
  }
  for (const [key, value] of Object.entries(d.config)) {
    const object = `config_${safeId(key)}`;
    const state = {
      name: key,
      state_topic: dt.config,
      value_template: `{{ value_json[${JSON.stringify(key)}] }}`,
      command_topic: dt.set(key),
      entity_category: 'config',
    };
    if (/^-?\d{1,9}$/.test(value))
      add('number', object, { ...state, min: -1e9, max: 1e9, step: 1, mode: 'box' });
    else add('text', object, { ...state, max: 255 });
  }
  add('button', 'restart', {
    name: 'Restart',
    command_topic: dt.restart,
    payload_press: PRESS,
    device_class: 'restart',
    entity_category: 'config',
  });
  return out;
}
