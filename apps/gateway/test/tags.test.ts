import { DeviceTagMap, OverviewRow, SavedDevice, TaggedDevice } from '@st/protocol';
import { loopbackBlock, type MosquittoServer, startMosquitto, waitFor } from '@st/testkit';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { nodeOf } from '../src/services/mqtt/discoveryConfigs';
import { ErrorBody, gatewaySetup, http, startGateway } from './helpers';
import { type GatewayWithDevices, startGatewayWithDevices } from './support/harness';

// Device tags: set one by one and in bulk, kept in SQLite across restarts, on the device lists (and their
// ?tag= filter), in the backup archive, and in Home Assistant's device info (a real broker).

let broker: MosquittoServer;
let sys: GatewayWithDevices;
let ips: string[] = [];

beforeAll(async () => {
  broker = await startMosquitto();
  sys = await startGatewayWithDevices({
    gateway: { mqttUrl: broker.url, lostAfterMs: 1500, lostCheckIntervalMs: 200 },
    devices: [{ ips: loopbackBlock(3), kinds: ['lamp'], logRate: 0, beaconIntervalMs: 200 }],
  });
  ips = sys.sims[0]?.devices.map((d) => d.address) ?? [];
}, 60_000);
afterAll(async () => {
  // the last test stops this gateway itself (and starts it again on the same data dir)
  for (const sim of sys?.sims ?? []) await sim.stop();
  if (!restarted) await sys?.gw.stop();
  sys?.setup.cleanup();
  await broker?.stop();
});
let restarted = false;

const base = () => sys.gw.base;
const found = async (query = '') =>
  z.array(TaggedDevice).parse((await http(base(), 'GET', `/api/devices/found${query}`)).body);
const tagMap = async () => DeviceTagMap.parse((await http(base(), 'GET', '/api/devices/tags')).body);

describe('device tags', () => {
  it('sets one device’s tags, adds and removes in bulk, and filters the device lists by tag', async () => {
    const [a, b, c] = ips as [string, string, string];
    const one = await http(base(), 'PUT', `/api/devices/tags?ip=${a}`, {
      tags: [' kitchen ', 'beta', 'beta'],
    });
    expect(one.status).toBe(200);
    expect(one.body).toEqual({ tags: ['kitchen', 'beta'] });

    const bulk = await http(base(), 'POST', '/api/devices/tags/bulk', {
      ips: [a, b, c],
      add: ['site-2'],
      remove: ['beta'],
    });
    expect(bulk.status).toBe(200);
    expect(bulk.body).toEqual({ [a]: ['kitchen', 'site-2'], [b]: ['site-2'], [c]: ['site-2'] });
    expect(await tagMap()).toEqual(bulk.body);

    const kitchen = await found('?tag=kitchen');
    expect(kitchen.map((d) => d.ip)).toEqual([a]);
    expect(kitchen[0]?.tags).toEqual(['kitchen', 'site-2']);
    expect((await found('?tag=site-2')).map((d) => d.ip).sort()).toEqual([a, b, c].sort());
    expect(await found('?tag=nothing')).toEqual([]);

    const saved = await http(base(), 'POST', `/api/devices/saved?ip=${b}`);
    expect(saved.status).toBe(200);
    const savedList = z
      .array(SavedDevice)
      .parse((await http(base(), 'GET', '/api/devices/saved?tag=site-2')).body);
    expect(savedList.map((d) => [d.ip, d.tags])).toEqual([[b, ['site-2']]]);
    expect((await http(base(), 'GET', '/api/devices/saved?tag=kitchen')).body).toEqual([]);

    const overview = z
      .array(OverviewRow)
      .parse((await http(base(), 'GET', '/api/devices/overview?tag=kitchen')).body);
    expect(overview.map((r) => [r.ip, r.tags])).toEqual([[a, ['kitchen', 'site-2']]]);

    const cleared = await http(base(), 'PUT', `/api/devices/tags?ip=${c}`, { tags: [] });
    expect(cleared.body).toEqual({ tags: [] });
    expect(Object.keys(await tagMap()).sort()).toEqual([a, b].sort());
  });

  it('refuses bad tags and unknown devices with 4xx and a clear message', async () => {
    const [a] = ips as [string];
    const long = await http(base(), 'PUT', `/api/devices/tags?ip=${a}`, { tags: ['x'.repeat(33)] });
    expect(long.status).toBe(400);
    expect(ErrorBody.parse(long.body).message).toContain('at most 32 characters');
    const empty = await http(base(), 'PUT', `/api/devices/tags?ip=${a}`, { tags: ['  '] });
    expect(empty.status).toBe(400);
    expect(ErrorBody.parse(empty.body).message).toContain('must not be empty');
    const control = await http(base(), 'PUT', `/api/devices/tags?ip=${a}`, { tags: ['a\u0007b'] });
    expect(control.status).toBe(400);
    const many = await http(base(), 'PUT', `/api/devices/tags?ip=${a}`, {
      tags: Array.from({ length: 17 }, (_, i) => `t${i}`),
    });
    expect(many.status).toBe(400);
    expect(ErrorBody.parse(many.body).message).toContain('at most 16 tags');
    const unknown = await http(base(), 'PUT', '/api/devices/tags?ip=10.9.9.9', { tags: ['x'] });
    expect(unknown.status).toBe(404);
    expect(ErrorBody.parse(unknown.body)).toMatchObject({ code: 'TAG_UNKNOWN_DEVICE' });
    const bulkUnknown = await http(base(), 'POST', '/api/devices/tags/bulk', {
      ips: [a, '10.9.9.9'],
      add: ['x'],
    });
    expect(bulkUnknown.status).toBe(404);
    expect(ErrorBody.parse(bulkUnknown.body).message).toContain('10.9.9.9');
    const nothing = await http(base(), 'POST', '/api/devices/tags/bulk', { ips: [a] });
    expect(nothing.status).toBe(400);
    expect(ErrorBody.parse(nothing.body).message).toContain('Give tags to add or to remove');
    const badFilter = await http(base(), 'GET', `/api/devices/found?tag=${'y'.repeat(40)}`);
    expect(badFilter.status).toBe(400);
    // nothing changed by the refusals
    expect((await tagMap())[a]).toEqual(['kitchen', 'site-2']);
  });

  it('shows the tags in Home Assistant’s device info, and publishes it again when they change', async () => {
    const [a] = ips as [string];
    const client = await mqtt.connectAsync(broker.url);
    const latest = new Map<string, string>();
    client.on('message', (topic, payload) => latest.set(topic, payload.toString('utf8')));
    await client.subscribeAsync('homeassistant/#', { qos: 1 });
    const topic = `homeassistant/button/${nodeOf(a)}/restart/config`;
    const model = () => {
      const text = latest.get(topic);
      return text ? (JSON.parse(text) as { device: { model: string } }).device.model : undefined;
    };
    try {
      await waitFor(() => model() === 'lamp · kitchen, site-2', { what: 'tags in the HA device info' });
      await http(base(), 'POST', '/api/devices/tags/bulk', { ips: [a], add: ['attic'] });
      await waitFor(() => model() === 'lamp · kitchen, site-2, attic', {
        what: 'HA device info republished',
      });
    } finally {
      await client.endAsync(true);
    }
  });

  it('keeps the tags across a restart and carries them in the backup archive to another gateway', async () => {
    const [a, b] = ips as [string, string];
    const before = await tagMap();
    await sys.gw.stop();
    restarted = true;
    const again = await startGateway(sys.setup, { ...sys.gw.config, port: 0 });
    try {
      expect(DeviceTagMap.parse((await http(again.base, 'GET', '/api/devices/tags')).body)).toEqual(before);
      const zip = Buffer.from(await (await fetch(`${again.base}/api/backups/archive`)).arrayBuffer());

      const setup = await gatewaySetup();
      const fresh = await startGateway(setup);
      try {
        await http(fresh.base, 'PUT', `/api/devices/tags?ip=${a}`, { tags: ['own'] }).then((r) =>
          // the fresh gateway does not know the device yet: its own tag cannot be set
          expect(r.status).toBe(404),
        );
        const up = await fetch(`${fresh.base}/api/backups/archive`, {
          method: 'POST',
          headers: { 'content-type': 'application/zip' },
          body: zip,
        });
        expect(up.status).toBe(200);
        const moved = DeviceTagMap.parse((await http(fresh.base, 'GET', '/api/devices/tags')).body);
        expect(moved[a]).toEqual(before[a]);
        expect(moved[b]).toEqual(before[b]);
      } finally {
        await fresh.stop();
        setup.cleanup();
      }
    } finally {
      await again.stop();
    }
  });
});
