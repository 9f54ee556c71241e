import { parseServerTiming } from '@st/protocol';
import { type RedisServer, startRedis, waitFor } from '@st/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, startCloud, type TestCloud, testStorage } from './helpers';
import {
  isOnline,
  type LiveClient,
  linkGateway,
  openLive,
  removeDir,
  startDevice,
  startTestGateway,
  type TestGateway,
} from './system';

describe('two cloud nodes sharing Redis', () => {
  let storage: Awaited<ReturnType<typeof testStorage>>;
  let redis: RedisServer;
  let nodeA: TestCloud;
  let nodeB: TestCloud;
  let gw: TestGateway;
  let device: Awaited<ReturnType<typeof startDevice>>;
  let userOnA: Browser;
  let liveOnA: LiveClient;
  let gatewayId: string;

  beforeAll(async () => {
    storage = await testStorage('sqlite');
    redis = await startRedis();
    // Same database and signing key; one node after the other so only one creates the first user.
    nodeA = await startCloud({ ...storage.overrides, redisUrl: redis.url });
    nodeB = await startCloud({ ...storage.overrides, redisUrl: redis.url });
    gw = await startTestGateway();
    device = await startDevice(gw.discoveryPort, gw.url);
    userOnA = new Browser(nodeA.url);
    await userOnA.login();
    liveOnA = await openLive(nodeA.url, userOnA.cookie);
    await liveOnA.subscribe('/secured/events');
    // The gateway links to node B; the user talks to node A only.
    ({ gatewayId } = await linkGateway(userOnA, nodeB.url, gw));
  });
  afterAll(async () => {
    await liveOnA?.close();
    await device?.sim.stop();
    await gw?.stop();
    await nodeA?.stop();
    await nodeB?.stop();
    await redis?.stop();
    if (gw) removeDir(gw.dataDir);
    await storage?.stop();
  });

  it('shows the gateway linked to node B online on node A, and A’s browser got CONNECTED', async () => {
    expect(await isOnline(userOnA, gatewayId)).toBe(true);
    await waitFor(() => (liveOnA.messages.get('/secured/events')?.length ?? 0) > 0);
    expect(liveOnA.messages.get('/secured/events')?.[0]).toMatchObject({
      gateway: { id: gatewayId },
      event: 'CONNECTED',
    });
  });

  it('relays every kind of request landing on node A to the gateway linked to node B', async () => {
    const build = await userOnA.call('POST', `/api/gateway/requests/${gatewayId}`, {
      url: '/api/build',
      method: 'GET',
    });
    expect(build.status).toBe(200);
    expect(build.body).toMatchObject({ mode: 'gateway' });
    expect(parseServerTiming(build.headers.get('server-timing') ?? '').map((t) => t.name)).toContain('link');
    const ping = await userOnA.call('POST', '/api/gateway/requests/command', { gatewayId, command: 'PING' });
    expect(ping.body).toEqual({ status: 200, data: 'pong' });
    const info = await userOnA.call('POST', '/api/gateway/requests/device', {
      gatewayId,
      device: device.address,
      command: 'getInfo',
    });
    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({ ip: device.address.split(':')[0] });
  });

  it('delivers a topic the gateway forwards via node B to the browser on node A', async () => {
    const found = `/secured/gateway/${gatewayId}/devices/found`;
    await liveOnA.subscribe(found);
    await device.sim.stop();
    await waitFor(async () => {
      const r = await userOnA.call('POST', `/api/gateway/requests/${gatewayId}`, {
        url: '/api/devices/found',
        method: 'GET',
      });
      return Array.isArray(r.body) && r.body.length === 0;
    });
    device = await startDevice(gw.discoveryPort, gw.url);
    await waitFor(() => (liveOnA.messages.get(found)?.length ?? 0) > 0, {
      what: 'the found device on node A',
    });
    expect(liveOnA.messages.get(found)?.[0]).toMatchObject({ ip: device.address.split(':')[0] });
  });

  it('a token deleted on node A closes the link held by node B, and A’s browser gets DISCONNECTED', async () => {
    const events = liveOnA.messages.get('/secured/events') ?? [];
    expect((await userOnA.call('POST', `/api/auth/gateway/logout/${gatewayId}`)).status).toBe(200);
    await waitFor(() => events.some((e) => Reflect.get(Object(e), 'event') === 'DISCONNECTED'));
    expect(await isOnline(userOnA, gatewayId)).toBe(false);
    const relay = await userOnA.call('POST', '/api/gateway/requests/command', { gatewayId, command: 'PING' });
    expect(relay.status).toBe(503);
  });
});
