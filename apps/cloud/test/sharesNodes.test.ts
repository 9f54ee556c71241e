import { type RedisServer, startRedis, waitFor } from '@st/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, field, startCloud, type TestCloud, testStorage } from './helpers';
import { type LiveClient, openLive } from './system';

describe('shares across two cloud nodes sharing Redis', () => {
  let redis: RedisServer;
  let storage: Awaited<ReturnType<typeof testStorage>>;
  let a: TestCloud;
  let b: TestCloud;
  const live: LiveClient[] = [];

  beforeAll(async () => {
    redis = await startRedis();
    storage = await testStorage('sqlite');
    a = await startCloud({ ...storage.overrides, redisUrl: redis.url });
    b = await startCloud({ ...storage.overrides, redisUrl: redis.url });
  });
  afterAll(async () => {
    for (const l of live) await l.close();
    await b?.stop();
    await a?.stop();
    await storage?.stop();
    await redis?.stop();
  });

  it('ends, on node B, the live channels of a share revoked and of a user disabled on node A', async () => {
    const owner = new Browser(a.url);
    await owner.login();
    const g = field(
      (await owner.call('POST', '/api/gateway/management/create', { name: 'Shared' })).body,
      'id',
    );
    const created = await owner.call('POST', '/api/users', { login: 'tech' });
    const password = field(created.body, 'password');
    const techId = field((created.body as { user: unknown }).user, 'id');
    const share = await owner.call('POST', '/api/gateway/management/share', {
      gatewayId: g,
      login: 'tech',
      role: 'viewer',
    });
    expect(share.status).toBe(200);

    const tech = new Browser(b.url);
    await tech.login('tech', password);
    // a one-time password: the user chooses their own before anything else
    const changed = await tech.call('POST', '/api/auth/user/password', {
      currentPassword: password,
      newPassword: 'tech-own-password',
    });
    expect(changed.status).toBe(200);
    const first = await openLive(b.url, tech.cookie);
    live.push(first);
    await first.subscribe(`/secured/gateway/${g}/devices/logs`);
    await owner.call('DELETE', `/api/gateway/management/share?gatewayId=${g}&login=tech`);
    await waitFor(() => first.errors.length > 0, { what: 'node B to end the revoked share’s channel' });
    expect(first.errors[0]).toContain('access to this gateway changed');

    const second = await openLive(b.url, tech.cookie);
    live.push(second);
    await second.subscribe('/secured/events');
    expect((await owner.call('PUT', `/api/users/${techId}`, { disabled: true })).status).toBe(200);
    await waitFor(() => second.errors.length > 0, { what: 'node B to end the disabled user’s channel' });
    expect((await tech.call('GET', '/api/gateway/management/list')).status).toBe(401);
  });
});
