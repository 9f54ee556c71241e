import { loopbackBlock, type MosquittoServer, parseMetrics, startMosquitto, waitFor } from '@st/testkit';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeOf } from '../src/services/mqtt/discoveryConfigs';
import { command, http } from './helpers';
import { HA_COMPONENTS, type HaComponent, parseDiscoveryTopic, topicMatches } from './support/haDiscovery';
import { type GatewayWithDevices, startGatewayWithDevices } from './support/harness';

// The bridge against a real broker (Debian's mosquitto on a free port) and a real MQTT client acting as Home
// Assistant: it subscribes to the discovery prefix and the base topic and presses buttons as HA would.

const PREFIX = 'homeassistant';
const BASE = 'smartthing';

/** An MQTT client as Home Assistant: the latest retained payload per topic, and everything it received. */
class FakeHomeAssistant {
  readonly latest = new Map<string, string>();
  readonly retained = new Set<string>();
  private constructor(readonly client: MqttClient) {
    client.on('message', (topic, payload, packet) => {
      const text = payload.toString('utf8');
      if (text === '') this.latest.delete(topic);
      else this.latest.set(topic, text);
      if (packet.retain) this.retained.add(topic);
    });
  }
  static async connect(url: string): Promise<FakeHomeAssistant> {
    const client = await mqtt.connectAsync(url, { reconnectPeriod: 200 });
    const ha = new FakeHomeAssistant(client);
    await client.subscribeAsync([`${PREFIX}/#`, `${BASE}/#`], { qos: 1 });
    return ha;
  }
  json(topic: string): Record<string, unknown> {
    const text = this.latest.get(topic);
    if (text === undefined) throw new Error(`nothing on ${topic}`);
    return JSON.parse(text);
  }
  configsOf(node: string): Array<{ topic: string; component: string; object: string }> {
    return [...this.latest.keys()]
      .map((topic) => ({ topic, parsed: parseDiscoveryTopic(PREFIX, topic) }))
      .filter((x) => x.parsed?.node === node)
      .map((x) => ({ topic: x.topic, component: x.parsed?.component ?? '', object: x.parsed?.object ?? '' }));
  }
  press(topic: string, payload = 'PRESS'): Promise<unknown> {
    return this.client.publishAsync(topic, payload, { qos: 1 });
  }
  close(): Promise<void> {
    return this.client.endAsync(true);
  }
}

let broker: MosquittoServer;
let sys: GatewayWithDevices;
let ha: FakeHomeAssistant;

beforeAll(async () => {
  broker = await startMosquitto();
  sys = await startGatewayWithDevices({
    gateway: {
      mqttUrl: broker.url,
      lostAfterMs: 1500,
      lostCheckIntervalMs: 200,
      deviceTimeoutMs: 1500,
      sampleIntervalMs: 400,
    },
    devices: [{ ips: loopbackBlock(2), kinds: ['lamp', 'weather'], logRate: 0, beaconIntervalMs: 300 }],
  });
  ha = await FakeHomeAssistant.connect(broker.url);
}, 60_000);
afterAll(async () => {
  await ha?.close();
  await sys?.stop();
  await broker?.stop();
});

function addresses(): { lamp: string; weather: string } {
  const [lamp, weather] = sys.sims[0]?.devices.map((d) => d.address) ?? [];
  if (!lamp || !weather) throw new Error('two devices expected');
  return { lamp, weather };
}

function simDevice(address: string) {
  const d = sys.sims[0]?.devices.find((x) => x.address === address);
  if (!d) throw new Error(`no device ${address}`);
  return d;
}

const hasRestart = (node: string) => ha.latest.has(`${PREFIX}/button/${node}/restart/config`);

describe('Home Assistant bridge', () => {
  it('publishes every device’s discovery configs, retained, valid for HA, naming topics that exist', async () => {
    const { lamp, weather } = addresses();
    for (const ip of [lamp, weather])
      await waitFor(() => hasRestart(nodeOf(ip)), { what: `configs of ${ip}` });

    // a Home Assistant that starts later gets them from the broker's retained store
    const late = await FakeHomeAssistant.connect(broker.url);
    try {
      await waitFor(
        () =>
          hasRestart(nodeOf(lamp)) && late.latest.has(`${PREFIX}/button/${nodeOf(weather)}/restart/config`),
      );
      for (const ip of [lamp, weather]) {
        const configs = late.configsOf(nodeOf(ip));
        expect(configs.length).toBeGreaterThan(4);
        for (const { topic, component } of configs) {
          expect(late.retained.has(topic), topic).toBe(true);
          expect(Object.keys(HA_COMPONENTS)).toContain(component);
          const parsed = HA_COMPONENTS[component as HaComponent].safeParse(late.json(topic));
          expect(parsed.success, `${topic}: ${parsed.error?.message}`).toBe(true);
          const config = late.json(topic);
          // state and availability topics hold retained messages; command topics are the gateway's
          // (retained messages of different topics may arrive in any order)
          const state = config.state_topic;
          if (typeof state === 'string')
            await waitFor(() => late.latest.has(state), { what: `${topic}: ${state}` });
          for (const a of config.availability as Array<{ topic: string }>) {
            await waitFor(() => late.latest.has(a.topic), { what: `${topic}: ${a.topic}` });
            expect(late.latest.get(a.topic), a.topic).toMatch(/^(online|offline)$/);
          }
          if (typeof config.command_topic === 'string') {
            expect(topicMatches(`${BASE}/+/cmd/#`, config.command_topic)).toBe(true);
          }
          expect(config.device).toMatchObject({ identifiers: [nodeOf(ip)], via_device: expect.any(String) });
        }
      }
    } finally {
      await late.close();
    }

    const lampConfigs = ha.configsOf(nodeOf(lamp)).map((c) => `${c.component}/${c.object}`);
    expect(lampConfigs).toEqual(
      expect.arrayContaining([
        'sensor/sensor_light',
        'binary_sensor/sensor_led',
        'button/action_led_on',
        'button/restart',
        'sensor/uptime',
        'sensor/heap',
        'text/config_laddr',
      ]),
    );
    const light = ha.json(`${PREFIX}/sensor/${nodeOf(lamp)}/sensor_light/config`);
    expect(light).toMatchObject({ device_class: 'illuminance', unit_of_measurement: 'lx' });
    const temperature = ha.json(`${PREFIX}/sensor/${nodeOf(weather)}/sensor_temperature/config`);
    expect(temperature).toMatchObject({ device_class: 'temperature', unit_of_measurement: '°C' });
    const forecast = ha.json(`${PREFIX}/sensor/${nodeOf(weather)}/sensor_forecast/config`);
    expect(forecast).not.toHaveProperty('unit_of_measurement');
    expect(ha.latest.get(`${BASE}/${nodeOf(lamp)}/availability`)).toBe('online');
  });

  it('publishes the sensor state as JSON after each sample, with uptime and free heap', async () => {
    const { weather } = addresses();
    const state = `${BASE}/${nodeOf(weather)}/state`;
    // uptime and heap come only from the sampler's readings (the configs' first state is the sensors alone)
    await waitFor(() => ha.latest.has(state) && typeof ha.json(state).uptime === 'number', {
      what: 'a sampled state',
    });
    const first = ha.json(state);
    expect(first.heap).toEqual(expect.any(Number));
    await waitFor(() => (ha.json(state).t as number) > (first.t as number), { what: 'the next sample' });
    const sensors = ha.json(state).sensors as Record<string, unknown>;
    expect(Object.keys(sensors).sort()).toEqual(Object.keys(simDevice(weather).state.sensors).sort());
    expect(Object.keys(sensors)).toEqual(
      expect.arrayContaining(['forecast', 'humidity', 'pressure', 'temperature']),
    );
    expect(typeof sensors.temperature).toBe('number');
  });

  it('runs a button press on the device and publishes the outcome and the new state', async () => {
    const { lamp } = addresses();
    const node = nodeOf(lamp);
    expect(simDevice(lamp).state.sensors.led).toBe(0);
    await ha.press(`${BASE}/${node}/cmd/action/led_on`);
    await waitFor(() => simDevice(lamp).state.sensors.led === 1, { what: 'the lamp’s led on' });
    await waitFor(() => ha.latest.has(`${BASE}/${node}/result`));
    expect(ha.json(`${BASE}/${node}/result`)).toMatchObject({
      command: 'action',
      target: 'led_on',
      ok: true,
    });
    await waitFor(() => (ha.json(`${BASE}/${node}/state`).sensors as Record<string, unknown>).led === 1);
    // and the device's timeline says it came from Home Assistant
    const timeline = await waitFor(async () => {
      const r = await http(sysBase(), 'GET', `/api/devices/timeline?ip=${encodeURIComponent(lamp)}`);
      const list = Array.isArray(r.body) ? r.body : [];
      return list.find((e) => e?.kind === 'action' && e?.via === 'home-assistant');
    });
    expect(timeline).toMatchObject({ kind: 'action', via: 'home-assistant', action: 'led_on' });
  });

  it('saves a config value set from HA and publishes the device’s config', async () => {
    const { weather } = addresses();
    const node = nodeOf(weather);
    const keys = Object.keys(simDevice(weather).state.config);
    const key = keys.find((k) => k !== 'laddr' && k !== 'gtw') ?? keys[0];
    if (!key) throw new Error('the weather station declares no config');
    await ha.press(`${BASE}/${node}/cmd/set/${key}`, '42');
    await waitFor(() => simDevice(weather).state.config[key] === '42', { what: `config ${key} saved` });
    await waitFor(() => ha.json(`${BASE}/${node}/config`)[key] === '42');
  });

  it('updates the HA device name when the device is renamed', async () => {
    const { lamp } = addresses();
    const renamed = await command(`${sysBase()}`, lamp, 'saveName', { name: 'porch-lamp' });
    expect(renamed.status).toBe(200);
    const topic = `${PREFIX}/button/${nodeOf(lamp)}/restart/config`;
    await waitFor(() => (ha.json(topic).device as { name: string }).name === 'porch-lamp', {
      what: 'the renamed device in its config',
      timeoutMs: 10_000,
    });
  });

  it('reconnects after the broker restarts and publishes everything again', async () => {
    const { lamp } = addresses();
    await broker.restart(); // no persistence: the retained configs are gone with it
    const fresh = await FakeHomeAssistant.connect(broker.url);
    try {
      await waitFor(() => fresh.latest.has(`${PREFIX}/button/${nodeOf(lamp)}/restart/config`), {
        what: 'configs republished after the broker came back',
        timeoutMs: 20_000,
      });
      await waitFor(() => fresh.latest.get(`${BASE}/${nodeOf(lamp)}/availability`) === 'online');
      const status = await fetch(`${sysBase()}/api/integrations/mqtt`).then((r) => r.json());
      expect(status).toMatchObject({ source: 'env', status: { state: 'connected' } });
      const metrics = parseMetrics(await fetch(`${sysBase()}/metrics`).then((r) => r.text()));
      expect(metrics.value('smartthing_mqtt_connected')).toBe(1);
      expect(metrics.value('smartthing_mqtt_messages_total', { kind: 'published' })).toBeGreaterThan(20);
      expect(metrics.value('smartthing_mqtt_messages_total', { kind: 'command' })).toBeGreaterThanOrEqual(2);
    } finally {
      await fresh.close();
    }
  });

  it('marks a stopped device offline, and removes it from HA when the user deletes it', async () => {
    const { weather } = addresses();
    const saved = await http(sysBase(), 'POST', `/api/devices/saved?ip=${encodeURIComponent(weather)}`);
    expect(saved.status).toBe(200);
    await simDevice(weather).goOffline();
    const fresh = await FakeHomeAssistant.connect(broker.url);
    try {
      await waitFor(() => fresh.latest.get(`${BASE}/${nodeOf(weather)}/availability`) === 'offline', {
        what: 'the weather station offline',
        timeoutMs: 10_000,
      });
      expect(fresh.configsOf(nodeOf(weather)).length).toBeGreaterThan(4);
      const deleted = await http(sysBase(), 'DELETE', `/api/devices/saved?ip=${encodeURIComponent(weather)}`);
      expect(deleted.status).toBe(200);
      // empty retained payloads clear every config and the device's topics on the broker
      await waitFor(() => fresh.configsOf(nodeOf(weather)).length === 0, { what: 'configs removed' });
      await waitFor(() => !fresh.latest.has(`${BASE}/${nodeOf(weather)}/availability`));
      expect(fresh.configsOf(nodeOf(addresses().lamp)).length).toBeGreaterThan(4);
    } finally {
      await fresh.close();
    }
  });

  it('announces the gateway offline through its last will when it goes away', async () => {
    const bridgeTopic = [...ha.latest.keys()].find((t) =>
      /^smartthing\/gateway_[^/]+\/availability$/.test(t),
    );
    expect(bridgeTopic && ha.latest.get(bridgeTopic)).toBe('online');
    await sys.stop();
    if (bridgeTopic)
      await waitFor(() => ha.latest.get(bridgeTopic) === 'offline', { what: 'gateway offline' });
  });
});

function sysBase(): string {
  return sys.gw.base;
}
