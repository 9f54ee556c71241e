import { AlertPayload, CloudAlertSettings } from '@st/protocol';
import { type HttpReceiver, type RedisServer, startHttpReceiver, startRedis, waitFor } from '@st/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, startCloud } from './helpers';
import { type LinkedSystem, startLinkedSystem } from './support/linked';
import { isOnline, startTestGateway } from './system';

// Gateway-offline alerts from the cloud: two nodes on Redis and one PostgreSQL database, the gateway linked
// to node B, the user's settings saved on node A; a real webhook receiver.

const alerts = { checkMs: 150, retryBaseMs: 100 };

describe('gateway-offline alerts with two cloud nodes', () => {
  let redis: RedisServer;
  let hook: HttpReceiver;
  let sys: LinkedSystem;

  beforeAll(async () => {
    redis = await startRedis();
    hook = await startHttpReceiver();
    sys = await startLinkedSystem({
      storage: 'postgres',
      // the webhook receiver is on loopback, which users' alerts may reach only through the allow-list
      cloud: { redisUrl: redis.url, alertAllowedHosts: '127.0.0.1' },
      cloudOptions: { alerts },
      via: ({ storage }) =>
        startCloud({ ...storage.overrides, redisUrl: redis.url, alertAllowedHosts: '127.0.0.1' }, { alerts }),
    });
  }, 60_000);
  afterAll(async () => {
    await sys?.stop();
    await redis?.stop();
    await hook?.close();
  });

  const payloads = () => hook.received.map((r) => AlertPayload.parse(JSON.parse(r.body)));

  it("keeps each user's settings behind the session, secrets write-only, bad input refused", async () => {
    const anonymous = new Browser(sys.cloud.url);
    expect((await anonymous.call('GET', '/api/alerts')).status).toBe(401);
    expect((await anonymous.call('PUT', '/api/alerts', { channels: [] })).status).toBe(401);
    const put = await sys.user.call('PUT', '/api/alerts', {
      channels: [{ id: 'hook', type: 'webhook', url: hook.url, secret: 'cloud-secret' }],
      gatewayOfflineAfter: 1,
    });
    expect(put.status).toBe(200);
    expect(put.text).not.toContain('cloud-secret');
    const got = await sys.user.call('GET', '/api/alerts');
    expect(got.text).not.toContain('cloud-secret');
    expect(CloudAlertSettings.parse(got.body)).toEqual({
      channels: [{ id: 'hook', type: 'webhook', url: hook.url, hasSecret: true }],
      gatewayOfflineAfter: 1,
    });
    const bad = await sys.user.call('PUT', '/api/alerts', { channels: [], gatewayOfflineAfter: -5 });
    expect(bad.status).toBe(400);
    expect((await sys.user.call('POST', '/api/alerts/test?channel=nope')).status).toBe(404);
    expect((await sys.user.call('POST', '/api/alerts/test?channel=hook')).body).toEqual({ ok: true });
    expect(hook.received[0]?.headers['x-signature-256']).toMatch(/^sha256=[0-9a-f]{64}$/);
  });

  it('alerts exactly once when the gateway dies, and once when it is back', async () => {
    expect(await isOnline(sys.user, sys.gatewayId)).toBe(true);
    // both nodes have seen the gateway online
    await new Promise((r) => setTimeout(r, 4 * alerts.checkMs));
    hook.received.length = 0;
    const { dataDir, discoveryPort } = sys.gw;
    await sys.gw.stop();
    await waitFor(() => payloads().some((p) => p.kind === 'gateway-offline'), {
      what: 'gateway-offline alert',
      timeoutMs: 15_000,
    });
    // many more check rounds on both nodes: still one
    await new Promise((r) => setTimeout(r, 10 * alerts.checkMs));
    expect(payloads().map((p) => p.kind)).toEqual(['gateway-offline']);
    expect(payloads()[0]?.gateway).toEqual({ id: sys.gatewayId, name: 'Home' });

    sys.gw = await startTestGateway({ dataDir, discoveryPort });
    await waitFor(() => payloads().some((p) => p.kind === 'gateway-online'), {
      what: 'gateway-online alert',
      timeoutMs: 15_000,
    });
    await new Promise((r) => setTimeout(r, 10 * alerts.checkMs));
    expect(payloads().map((p) => p.kind)).toEqual(['gateway-offline', 'gateway-online']);
    // Each alert's idempotency key names its incident and step, in the body and the Idempotency-Key header.
    const [off, on] = payloads();
    expect(off?.id).toMatch(new RegExp(`^incident/${sys.gatewayId}@.+/open$`));
    expect(on?.id).toBe(off?.id.replace(/\/open$/, '/close'));
    expect(hook.received.map((r) => r.headers['idempotency-key'])).toEqual([off?.id, on?.id]);
  }, 60_000);
});
