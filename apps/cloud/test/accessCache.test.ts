import { type RedisServer, startRedis, waitFor } from '@st/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccessCache, type GatewayAccess } from '../src/auth/accessCache';
import { JwtSigner } from '../src/auth/jwt';
import { LocalCluster } from '../src/scale/cluster';
import { Browser, field, startCloud, type TestCloud, testStorage } from './helpers';
import { type EchoLink, openEchoLink } from './support/echoLink';

/**
 * The per-node cache of sessions and gateway roles, on PostgreSQL + Redis with two nodes: whatever takes access
 * away on node A is refused on node B by the very next request (no waiting), while B answered the same calls
 * from its cache before.
 */
describe('access cache across two nodes (PostgreSQL + Redis)', () => {
  let redis: RedisServer;
  let storage: Awaited<ReturnType<typeof testStorage>>;
  let a: TestCloud;
  let b: TestCloud;
  let owner: Browser;
  const links: EchoLink[] = [];
  let n = 0;

  beforeAll(async () => {
    redis = await startRedis();
    storage = await testStorage('postgres');
    // The share sweeper stays out of the way: expiry must be honoured by the cache itself.
    const config = { ...storage.overrides, redisUrl: redis.url, shareSweepMs: 3_600_000 };
    a = await startCloud(config);
    b = await startCloud(config);
    owner = new Browser(a.url);
    await owner.login();
  });
  afterAll(async () => {
    for (const l of links) await l.close();
    await b?.stop();
    await a?.stop();
    await storage?.stop();
    await redis?.stop();
  });

  /** A linked gateway (echo link on node A) and a user `login` signed in, with the same cookie on A and B. */
  async function setup(role: 'viewer' | 'operator', expiresAt?: number) {
    n++;
    const g = field(
      (await owner.call('POST', '/api/gateway/management/create', { name: `G${n}` })).body,
      'id',
    );
    const token = field((await owner.call('POST', `/api/auth/gateway/${g}`)).body, 'token');
    links.push(await openEchoLink(a.url, token, owner, g));
    const login = `tech${n}`;
    const created = await owner.call('POST', '/api/users', { login });
    const oneTime = field(created.body, 'password');
    const userId = field((created.body as { user: unknown }).user, 'id');
    const share = await owner.call('POST', '/api/gateway/management/share', {
      gatewayId: g,
      login,
      role,
      ...(expiresAt ? { expiresAt } : {}),
    });
    expect(share.status).toBe(200);
    const onA = new Browser(a.url);
    await onA.login(login, oneTime);
    // An admin's user starts with a one-time password (issue 20): they choose their own first.
    const password = `${login}-own-password`;
    const changed = await onA.call('POST', '/api/auth/user/password', {
      currentPassword: oneTime,
      newPassword: password,
    });
    expect(changed.status).toBe(200);
    const onB = new Browser(b.url);
    onB.cookie = onA.cookie;
    return { g, login, password, userId, onA, onB };
  }

  const ping = (user: Browser, gatewayId: string) =>
    user.call('POST', '/api/gateway/requests/command', { gatewayId, command: 'PING' });
  const write = (user: Browser, gatewayId: string) =>
    user.call('POST', '/api/gateway/requests/device', {
      gatewayId,
      device: '192.168.1.50',
      command: 'restart',
    });

  /** Node B answers from its cache: two calls, the second adds hits and no misses. */
  async function cachedOnB(user: Browser, gatewayId: string) {
    expect((await ping(user, gatewayId)).status).toBe(200);
    const { hits, misses } = b.server.accessCache;
    expect((await ping(user, gatewayId)).status).toBe(200);
    expect(b.server.accessCache.hits).toBeGreaterThanOrEqual(hits + 2);
    expect(b.server.accessCache.misses).toBe(misses);
  }

  it('a share revoked on node A is refused on node B at once', async () => {
    const s = await setup('viewer');
    await cachedOnB(s.onB, s.g);
    const del = await owner.call('DELETE', `/api/gateway/management/share?gatewayId=${s.g}&login=${s.login}`);
    expect(del.status).toBe(200);
    const r = await ping(s.onB, s.g);
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ code: 'GATEWAY_NOT_FOUND' });
  });

  it('a share lowered to viewer on node A refuses writes on node B at once', async () => {
    const s = await setup('operator');
    await cachedOnB(s.onB, s.g);
    expect((await write(s.onB, s.g)).status).toBe(200);
    const put = await owner.call('POST', '/api/gateway/management/share', {
      gatewayId: s.g,
      login: s.login,
      role: 'viewer',
    });
    expect(put.status).toBe(200);
    const r = await write(s.onB, s.g);
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ code: 'ROLE_FORBIDDEN' });
    expect((await ping(s.onB, s.g)).status).toBe(200);
  });

  it('a session closed on node A is refused on node B at once', async () => {
    const s = await setup('viewer');
    await cachedOnB(s.onB, s.g);
    expect((await s.onA.call('POST', '/api/auth/user/logout')).status).toBe(200);
    const r = await ping(s.onB, s.g);
    expect(r.status).toBe(401);
  });

  it('other sessions signed out by a password change on node A are refused on node B at once', async () => {
    const s = await setup('viewer');
    await cachedOnB(s.onB, s.g);
    const second = new Browser(a.url);
    await second.login(s.login, s.password);
    const change = await second.call('POST', '/api/auth/user/password', {
      currentPassword: s.password,
      newPassword: 'another-password-2',
    });
    expect(change.status).toBe(200);
    expect((await ping(s.onB, s.g)).status).toBe(401);
    const keptOnB = new Browser(b.url);
    keptOnB.cookie = second.cookie;
    expect((await ping(keptOnB, s.g)).status).toBe(200);
  });

  it('a user disabled on node A is refused on node B at once', async () => {
    const s = await setup('operator');
    await cachedOnB(s.onB, s.g);
    expect((await owner.call('PUT', `/api/users/${s.userId}`, { disabled: true })).status).toBe(200);
    expect((await ping(s.onB, s.g)).status).toBe(401);
  });

  it('a gateway deleted on node A is gone on node B at once, also for its creator', async () => {
    const s = await setup('viewer');
    await cachedOnB(s.onB, s.g);
    const ownerOnB = new Browser(b.url);
    ownerOnB.cookie = owner.cookie;
    expect((await ping(ownerOnB, s.g)).status).toBe(200);
    expect((await owner.call('DELETE', `/api/gateway/management/delete/${s.g}`)).status).toBe(200);
    expect((await ping(s.onB, s.g)).status).toBe(404);
    expect((await ping(ownerOnB, s.g)).status).toBe(404);
  });

  it('a share that expires is refused on node B once its time passed (no sweep, no message needed)', async () => {
    const s = await setup('viewer', Date.now() + 1_500);
    await cachedOnB(s.onB, s.g);
    await waitFor(async () => (await ping(s.onB, s.g)).status === 404, { what: 'the share to expire' });
  });
});

describe('AccessCache', () => {
  it('keeps no answer whose database read started before a change arrived', async () => {
    const cache = new AccessCache({ ttlMs: 60_000 });
    cache.attach(new LocalCluster('n1'));
    let release: (v: GatewayAccess) => void = () => undefined;
    const slow = cache.roleOf('u1', 'g1', () => new Promise<GatewayAccess>((r) => (release = r)));
    await cache.memberChanged('g1', 'u1'); // the share was revoked while the read was on its way
    release({ role: 'operator', until: null });
    expect(await slow).toBe('operator');
    // The stale answer was not kept: the next call reads again and sees the revocation.
    expect(await cache.roleOf('u1', 'g1', async () => undefined)).toBeUndefined();
  });

  it('caches nothing while the cluster channel is down, and forgets everything when it drops', async () => {
    let up = true;
    const cache = new AccessCache({ ttlMs: 60_000 });
    cache.attach(new LocalCluster('n1'), () => up);
    /** Whether the cache calls the session active when the database would say `userId` (or not active). */
    const active = async (familyId: string, userId: string | undefined) =>
      (await cache.session(familyId, async () =>
        userId === undefined ? undefined : { userId, mustChangePassword: false },
      )) !== undefined;
    expect(await active('s1', 'u1')).toBe(true);
    expect(await active('s1', undefined)).toBe(true); // from the cache
    up = false;
    cache.forgetAll();
    expect(await active('s1', undefined)).toBe(false);
    expect(await active('s2', 'u1')).toBe(true);
    up = true;
    expect(await active('s2', undefined)).toBe(false); // not kept while down
  });
});

describe('AccessCache: verified access tokens', () => {
  const secret = Buffer.from('token-cache-test-secret-0123456789');
  const setup = () => {
    let now = 1_700_000_000_000;
    const jwt = new JwtSigner(secret, 60, () => now);
    const cache = new AccessCache({ ttlMs: 30_000, now: () => now });
    cache.attach(new LocalCluster('n1'));
    let verified = 0;
    const verify = (t: string) => {
      verified++;
      return jwt.verify(t);
    };
    return { jwt, cache, verify, count: () => verified, later: (ms: number) => (now += ms) };
  };

  it('verifies a token once and keeps its claims until it expires, then refuses it', () => {
    const s = setup();
    const { token } = s.jwt.issue({ sub: 'u1', login: 'alice', sid: 'f1' });
    expect(s.cache.verifiedToken(token, s.verify)?.sub).toBe('u1');
    expect(s.cache.verifiedToken(token, s.verify)?.sid).toBe('f1');
    expect(s.count()).toBe(1);
    expect(s.cache.tokenHits).toBe(1);
    s.later(61_000); // past the token's own expiry (60 s), though within the cache's ttl
    expect(s.cache.verifiedToken(token, s.verify)).toBeUndefined();
    expect(s.count()).toBe(2);
  });

  it('never keeps a token that failed, and a token differing in one byte is verified afresh', () => {
    const s = setup();
    const { token } = s.jwt.issue({ sub: 'u1', login: 'alice', sid: 'f1' });
    expect(s.cache.verifiedToken(token, s.verify)).toBeDefined();
    const last = token.at(-1) === 'A' ? 'B' : 'A';
    const forged = `${token.slice(0, -1)}${last}`;
    const otherSecret = new JwtSigner(Buffer.from('another-secret-0123456789abcdef'), 60).issue({
      sub: 'u1',
      login: 'alice',
      sid: 'f1',
    }).token;
    for (const bad of [forged, otherSecret, forged])
      expect(s.cache.verifiedToken(bad, s.verify)).toBeUndefined();
    expect(s.count()).toBe(4);
    expect(s.cache.size.tokens).toBe(1);
  });

  it('drops the tokens of ended sessions and of a changed user, not others', async () => {
    const s = setup();
    const a1 = s.jwt.issue({ sub: 'u1', login: 'alice', sid: 'f1' }).token;
    const a2 = s.jwt.issue({ sub: 'u1', login: 'alice', sid: 'f2' }).token;
    const b1 = s.jwt.issue({ sub: 'u2', login: 'bob', sid: 'f3' }).token;
    for (const t of [a1, a2, b1]) s.cache.verifiedToken(t, s.verify);
    expect(s.cache.size.tokens).toBe(3);
    await s.cache.sessionsEnded(['f1']);
    expect(s.cache.size.tokens).toBe(2);
    await s.cache.memberChanged('g1', 'u2'); // a share changed: the user's tokens stay
    expect(s.cache.size.tokens).toBe(2);
    await s.cache.userChanged('u1');
    expect(s.cache.size.tokens).toBe(1);
    s.cache.verifiedToken(b1, s.verify);
    expect(s.count()).toBe(3);
    s.cache.forgetAll();
    expect(s.cache.size.tokens).toBe(0);
  });

  it('keeps nothing with the cache off (ST_ACCESS_CACHE_MS=0)', () => {
    const jwt = new JwtSigner(secret, 60);
    const cache = new AccessCache({ ttlMs: 0 });
    const { token } = jwt.issue({ sub: 'u1', login: 'alice', sid: 'f1' });
    expect(cache.verifiedToken(token, (t) => jwt.verify(t))).toBeDefined();
    expect(cache.size.tokens).toBe(0);
  });
});
