import { parseServerTiming } from '@st/protocol';
import { type RedisServer, startRedis, waitFor } from '@st/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCloud } from './helpers';
import { type LinkedSystem, startLinkedSystem, type TestDevice } from './support/linked';
import { isOnline, startDevice } from './system';

describe('two cloud nodes sharing Redis', () => {
  let redis: RedisServer;
  let sys: LinkedSystem & { device: TestDevice };

  beforeAll(async () => {
    redis = await startRedis();
    // Same database and signing key; one node after the other so only one creates the first user.
    // The gateway links to node B; the user talks to node A only.
    sys = await startLinkedSystem({
      cloud: { redisUrl: redis.url },
      device: true,
      via: ({ storage }) => startCloud({ ...storage.overrides, redisUrl: redis.url }),
    });
  });
  afterAll(async () => {
    await sys?.stop();
    await redis?.stop();
  });

  it('shows the gateway linked to node B online on node A, and A’s browser got CONNECTED', async () => {
    expect(await isOnline(sys.user, sys.gatewayId)).toBe(true);
    await waitFor(() => (sys.live.messages.get('/secured/events')?.length ?? 0) > 0);
    expect(sys.live.messages.get('/secured/events')?.[0]).toMatchObject({
      gateway: { id: sys.gatewayId },
      event: 'CONNECTED',
    });
  });

  it('relays every kind of request landing on node A to the gateway linked to node B', async () => {
    const build = await sys.user.call('POST', `/api/gateway/requests/${sys.gatewayId}`, {
      url: '/api/build',
      method: 'GET',
    });
    expect(build.status).toBe(200);
    expect(build.body).toMatchObject({ mode: 'gateway' });
    expect(parseServerTiming(build.headers.get('server-timing') ?? '').map((t) => t.name)).toContain('link');
    const ping = await sys.user.call('POST', '/api/gateway/requests/command', {
      gatewayId: sys.gatewayId,
      command: 'PING',
    });
    expect(ping.body).toEqual({ status: 200, data: 'pong' });
    const info = await sys.user.call('POST', '/api/gateway/requests/device', {
      gatewayId: sys.gatewayId,
      device: sys.device.address,
      command: 'getInfo',
    });
    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({ ip: sys.device.address.split(':')[0] });
  });

  it('delivers a topic the gateway forwards via node B to the browser on node A', async () => {
    const found = `/secured/gateway/${sys.gatewayId}/devices/found`;
    await sys.live.subscribe(found);
    await sys.device.sim.stop();
    await waitFor(async () => {
      const r = await sys.user.call('POST', `/api/gateway/requests/${sys.gatewayId}`, {
        url: '/api/devices/found',
        method: 'GET',
      });
      return Array.isArray(r.body) && r.body.length === 0;
    });
    sys.device = await startDevice(sys.gw.discoveryPort, sys.gw.url);
    await waitFor(() => (sys.live.messages.get(found)?.length ?? 0) > 0, {
      what: 'the found device on node A',
    });
    expect(sys.live.messages.get(found)?.[0]).toMatchObject({ ip: sys.device.address.split(':')[0] });
  });

  it('a token deleted on node A closes the link held by node B, and A’s browser gets DISCONNECTED', async () => {
    const events = sys.live.messages.get('/secured/events') ?? [];
    expect((await sys.user.call('POST', `/api/auth/gateway/logout/${sys.gatewayId}`)).status).toBe(200);
    await waitFor(() => events.some((e) => Reflect.get(Object(e), 'event') === 'DISCONNECTED'));
    expect(await isOnline(sys.user, sys.gatewayId)).toBe(false);
    const relay = await sys.user.call('POST', '/api/gateway/requests/command', {
      gatewayId: sys.gatewayId,
      command: 'PING',
    });
    expect(relay.status).toBe(503);
  });
});
