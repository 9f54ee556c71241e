import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser } from './helpers';
import { type LinkedSystem, startLinkedSystem, type TestDevice } from './support/linked';

// Rollouts and tags through the relay, by role: a viewer reads rollouts and tags and is refused every write
// (403 ROLE_FORBIDDEN, before anything reaches the gateway); an operator sets tags and acts on rollouts.

const PASSWORD = 'password-of-someone';

describe('rollouts and tags through the relay, by role', () => {
  let sys: LinkedSystem & { device: TestDevice };
  const as: Record<'viewer' | 'operator', Browser> = {} as Record<'viewer' | 'operator', Browser>;
  let ip = '';

  beforeAll(async () => {
    sys = await startLinkedSystem({ storage: 'sqlite', device: true });
    ip = sys.device.address;
    for (const who of ['viewer', 'operator'] as const) {
      await sys.cloud.server.users.create(who, PASSWORD);
      const shared = await sys.user.call('POST', '/api/gateway/management/share', {
        gatewayId: sys.gatewayId,
        login: who,
        role: who,
      });
      expect(shared.status).toBe(200);
      as[who] = new Browser(sys.cloud.url);
      await as[who].login(who, PASSWORD);
    }
  });
  afterAll(async () => {
    await sys?.stop();
  });

  const relay = (who: Browser, method: string, url: string, data?: unknown) =>
    who.call('POST', `/api/gateway/requests/${sys.gatewayId}`, {
      url,
      method,
      ...(data === undefined ? {} : { data }),
    });

  it('a viewer reads rollouts and tags; every write is refused before the gateway', async () => {
    expect((await relay(as.viewer, 'GET', '/api/rollouts')).status).toBe(200);
    expect((await relay(as.viewer, 'GET', '/api/devices/tags')).status).toBe(200);
    const preview = await relay(as.viewer, 'POST', '/api/rollouts/preview', {
      firmwareId: 'none',
      target: { kind: 'tag', tag: 'beta' },
    });
    // a read: it reaches the gateway, which answers that the firmware is unknown
    expect(preview.status).toBe(404);
    const writes: Array<[string, string, unknown]> = [
      ['POST', '/api/rollouts', { firmwareId: 'x', target: { kind: 'tag', tag: 'beta' } }],
      ['POST', '/api/rollouts/some-id/action', { action: 'cancel' }],
      ['DELETE', '/api/rollouts/some-id', undefined],
      ['PUT', `/api/devices/tags?ip=${ip}`, { tags: ['beta'] }],
      ['POST', '/api/devices/tags/bulk', { ips: [ip], add: ['beta'] }],
    ];
    for (const [method, url, data] of writes) {
      const answer = await relay(as.viewer, method, url, data);
      expect(answer.status, `${method} ${url}`).toBe(403);
      expect(answer.body, `${method} ${url}`).toMatchObject({ code: 'ROLE_FORBIDDEN' });
    }
    expect((await relay(as.viewer, 'GET', '/api/devices/tags')).body).toEqual({});
  });

  it('an operator sets tags and reaches the rollout routes', async () => {
    const set = await relay(as.operator, 'PUT', `/api/devices/tags?ip=${ip}`, { tags: ['beta'] });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ tags: ['beta'] });
    expect((await relay(as.viewer, 'GET', '/api/devices/found?tag=beta')).body).toEqual([
      expect.objectContaining({ ip, tags: ['beta'] }),
    ]);
    const missing = await relay(as.operator, 'POST', '/api/rollouts/some-id/action', { action: 'cancel' });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'ROLLOUT_NOT_FOUND' });
  });
});
