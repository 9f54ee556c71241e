import { startSimulator } from '@st/simulator';
import { loopbackBlock, type MosquittoServer, startMosquitto, waitFor } from '@st/testkit';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeOf } from '../src/services/mqtt/discoveryConfigs';
import {
  ErrorBody,
  type GatewaySetup,
  gatewaySetup,
  http,
  type RunningGateway,
  startGateway,
} from './helpers';

let broker: MosquittoServer;
let setup: GatewaySetup;
let gw: RunningGateway;

beforeAll(async () => {
  broker = await startMosquitto();
  setup = await gatewaySetup();
  gw = await startGateway(setup);
});
afterAll(async () => {
  await gw?.stop();
  setup?.cleanup();
  await broker?.stop();
});

const path = '/api/integrations/mqtt';

describe('GET/PUT /api/integrations/mqtt', () => {
  it('starts disabled, connects when enabled, and never answers the password', async () => {
    const first = await http(gw.base, 'GET', path);
    expect(first.body).toEqual({
      enabled: false,
      url: '',
      username: '',
      passwordSet: false,
      discoveryPrefix: 'homeassistant',
      baseTopic: 'smartthing',
      source: 'console',
      status: { state: 'disabled', devices: 0 },
    });
    const saved = await http(gw.base, 'PUT', path, {
      enabled: true,
      url: broker.url,
      username: 'ha',
      password: 'secret-password',
    });
    expect(saved.status).toBe(200);
    expect(saved.text).not.toContain('secret-password');
    expect(saved.body).toMatchObject({ enabled: true, url: broker.url, username: 'ha', passwordSet: true });
    await waitFor(async () => {
      const s = await http(gw.base, 'GET', path);
      return (s.body as { status: { state: string } }).status.state === 'connected';
    });
    // an update without a password keeps it; "" clears it
    const kept = await http(gw.base, 'PUT', path, { enabled: true, url: broker.url, username: 'ha' });
    expect(kept.body).toMatchObject({ passwordSet: true });
    expect(kept.text).not.toContain('secret-password');
    const cleared = await http(gw.base, 'PUT', path, { enabled: false, url: broker.url, password: '' });
    expect(cleared.body).toMatchObject({ enabled: false, passwordSet: false, status: { state: 'disabled' } });
  });

  it('publishes the devices already found when it is turned on', async () => {
    const sim = await startSimulator({
      ips: loopbackBlock(1),
      kinds: ['socket'],
      discoveryPort: setup.discoveryPort,
      logRate: 0,
      beaconIntervalMs: 300,
    });
    const ha = await mqtt.connectAsync(broker.url);
    try {
      const topics = new Set<string>();
      ha.on('message', (topic) => topics.add(topic));
      await ha.subscribeAsync('homeassistant/#');
      const ip = sim.devices[0]?.address ?? '';
      await waitFor(async () =>
        JSON.stringify((await http(gw.base, 'GET', '/api/devices/found')).body).includes(ip),
      );
      await http(gw.base, 'PUT', path, { enabled: true, url: broker.url });
      await waitFor(() => topics.has(`homeassistant/button/${nodeOf(ip)}/action_relay_on/config`), {
        what: 'the found socket published',
      });
      await waitFor(
        async () =>
          ((await http(gw.base, 'GET', path)).body as { status: { devices: number } }).status.devices === 1,
      );
      await http(gw.base, 'PUT', path, { enabled: false, url: broker.url });
      expect((await http(gw.base, 'GET', path)).body).toMatchObject({
        status: { state: 'disabled', devices: 0 },
      });
    } finally {
      await ha.endAsync(true);
      await sim.stop();
    }
  });

  it('keeps the settings across a restart of the gateway', async () => {
    await http(gw.base, 'PUT', path, { enabled: false, url: broker.url, baseTopic: 'home/st' });
    await gw.stop();
    gw = await startGateway(setup);
    expect((await http(gw.base, 'GET', path)).body).toMatchObject({ url: broker.url, baseTopic: 'home/st' });
  });

  it('reports a broker it cannot reach as an error', async () => {
    await broker.stop();
    try {
      await http(gw.base, 'PUT', path, { enabled: true, url: broker.url });
      await waitFor(async () => {
        const s = await http(gw.base, 'GET', path);
        return (s.body as { status: { state: string } }).status.state === 'error';
      });
      const s = await http(gw.base, 'GET', path);
      expect((s.body as { status: { error?: string } }).status.error).toMatch(/ECONNREFUSED|connect/i);
    } finally {
      broker = await startMosquitto();
    }
  });

  it('refuses bad input with 400 and a code', async () => {
    for (const body of [
      { enabled: true, url: 'http://broker:1883' },
      { enabled: true, url: 'mqtt://user:pass@broker:1883' },
      { enabled: true, url: '' },
      { enabled: false, url: '', discoveryPrefix: 'home/#' },
      { enabled: false, url: '', baseTopic: 'homeassistant' },
      { url: 'mqtt://broker' },
    ]) {
      const r = await http(gw.base, 'PUT', path, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(ErrorBody.parse(r.body).code).toBe('VALIDATION_FAILED');
    }
  });

  it('is read-only when ST_MQTT_URL sets the broker', async () => {
    const envSetup = await gatewaySetup();
    const envGw = await startGateway(envSetup, {
      mqttUrl: broker.url,
      mqttUsername: 'env-user',
      mqttPassword: 'env-secret',
    });
    try {
      const view = await http(envGw.base, 'GET', path);
      expect(view.body).toMatchObject({
        source: 'env',
        enabled: true,
        url: broker.url,
        username: 'env-user',
      });
      expect(view.text).not.toContain('env-secret');
      const put = await http(envGw.base, 'PUT', path, { enabled: false, url: '' });
      expect(put.status).toBe(409);
      expect(ErrorBody.parse(put.body).code).toBe('MQTT_SETTINGS_FROM_ENV');
    } finally {
      await envGw.stop();
      envSetup.cleanup();
    }
  });
});
