import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, Browser, field, type StorageKind, startCloud, type TestCloud, testStorage } from './helpers';

describe.each<StorageKind>(['sqlite', 'postgres'])('user sessions on %s', (kind) => {
  let cloud: TestCloud;
  let storage: Awaited<ReturnType<typeof testStorage>>;

  beforeAll(async () => {
    storage = await testStorage(kind);
    cloud = await startCloud({ ...storage.overrides, loginMaxFailures: 3, loginMaxPerIp: 1000 });
  });
  afterAll(async () => {
    await cloud?.stop();
    await storage?.stop();
  });

  it('logs in, sets an httpOnly SameSite=Strict cookie, and tells who is signed in', async () => {
    const b = new Browser(cloud.url);
    const r = await b.call('POST', '/api/auth/user', ADMIN);
    expect(r.status).toBe(200);
    expect(field(r.body, 'refresh')).toMatch(/^str_/);
    const setCookie = r.headers.getSetCookie().join('\n');
    expect(setCookie).toMatch(/st_access=[^;]+; Path=\/; Max-Age=900; HttpOnly; SameSite=Strict/);
    expect(setCookie).not.toMatch(/Secure/);
    const me = await b.call('GET', '/api/auth');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ user: { login: ADMIN.login }, gateway: null });
  });

  it('answers 401 with a message on a wrong password or an unknown login, and without a session', async () => {
    const b = new Browser(cloud.url);
    const wrong = await b.call('POST', '/api/auth/user', { login: ADMIN.login, password: 'nope-nope' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ code: 'WRONG_CREDENTIALS', message: 'Wrong login/password' });
    const unknown = await b.call('POST', '/api/auth/user', { login: 'ghost', password: 'whatever1' });
    expect(unknown.status).toBe(401);
    expect((await b.call('GET', '/api/auth')).status).toBe(401);
    const bad = await b.call('POST', '/api/auth/user', { login: '' });
    expect(bad.status).toBe(400);
  });

  it('rotates the refresh token and revokes the whole family when a used one comes back', async () => {
    const b = new Browser(cloud.url);
    const r1 = await b.login();
    const rot = await b.call('POST', '/api/auth/user/refresh', { refreshToken: r1 });
    expect(rot.status).toBe(200);
    const r2 = field(rot.body, 'refresh');
    expect(r2).not.toBe(r1);
    expect((await b.call('GET', '/api/auth')).status).toBe(200);

    // An attacker replays the first token: refused, and the family dies with it.
    const replay = await new Browser(cloud.url).call('POST', '/api/auth/user/refresh', { refreshToken: r1 });
    expect(replay.status).toBe(401);
    expect(replay.body).toMatchObject({ code: 'REFRESH_TOKEN_REUSED' });
    const after = await b.call('POST', '/api/auth/user/refresh', { refreshToken: r2 });
    expect(after.status).toBe(401);
    expect((await b.call('GET', '/api/auth')).status).toBe(401);
  });

  it('refuses garbage refresh tokens with 401', async () => {
    const r = await new Browser(cloud.url).call('POST', '/api/auth/user/refresh', {
      refreshToken: 'str_nope',
    });
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ code: 'REFRESH_TOKEN_INVALID' });
  });

  it('logout clears the cookie and ends the session for access and refresh alike', async () => {
    const b = new Browser(cloud.url);
    const refresh = await b.login();
    const stolenCookie = b.cookie;
    const out = await b.call('POST', '/api/auth/user/logout');
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().join()).toMatch(/st_access=; Path=\/; Max-Age=0/);
    expect(b.cookie).toBeUndefined();
    expect((await b.call('GET', '/api/auth')).status).toBe(401);
    const other = new Browser(cloud.url);
    other.cookie = stolenCookie;
    expect((await other.call('GET', '/api/auth')).status).toBe(401);
    expect((await b.call('POST', '/api/auth/user/refresh', { refreshToken: refresh })).status).toBe(401);
  });

  it('rate-limits failed logins per login with a clear 429, and a correct password is also held back', async () => {
    await cloud.server.users.create('victim', 'victim-password');
    const b = new Browser(cloud.url);
    for (let i = 0; i < 3; i++) {
      expect(
        (await b.call('POST', '/api/auth/user', { login: 'victim', password: `bad-${i}-xx` })).status,
      ).toBe(401);
    }
    const limited = await b.call('POST', '/api/auth/user', { login: 'victim', password: 'victim-password' });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 'RATE_LIMITED' });
    expect(field(limited.body, 'message')).toMatch(/Too many login attempts\. Try again in \d+ s\./);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Other logins are not affected.
    expect((await b.call('POST', '/api/auth/user', ADMIN)).status).toBe(200);
  });
});

describe('login rate limit per IP', () => {
  let cloud: TestCloud;
  let storage: Awaited<ReturnType<typeof testStorage>>;
  beforeAll(async () => {
    storage = await testStorage('sqlite');
    cloud = await startCloud({ ...storage.overrides, loginMaxPerIp: 4 });
  });
  afterAll(async () => {
    await cloud?.stop();
    await storage?.stop();
  });

  it('answers 429 once one address has tried too often, whatever the logins', async () => {
    const b = new Browser(cloud.url);
    for (let i = 0; i < 4; i++) {
      expect((await b.call('POST', '/api/auth/user', { login: `u${i}`, password: 'whatever1' })).status).toBe(
        401,
      );
    }
    const r = await b.call('POST', '/api/auth/user', ADMIN);
    expect(r.status).toBe(429);
  });
});

describe('behind a TLS-terminating proxy', () => {
  let cloud: TestCloud;
  let storage: Awaited<ReturnType<typeof testStorage>>;
  beforeAll(async () => {
    storage = await testStorage('sqlite');
    cloud = await startCloud({ ...storage.overrides, trustProxy: 1 });
  });
  afterAll(async () => {
    await cloud?.stop();
    await storage?.stop();
  });

  it('marks the session cookie Secure when the page was served over https', async () => {
    const b = new Browser(cloud.url);
    const r = await b.call('POST', '/api/auth/user', ADMIN, { 'x-forwarded-proto': 'https' });
    expect(r.status).toBe(200);
    expect(r.headers.getSetCookie().join()).toMatch(/HttpOnly; SameSite=Strict; Secure/);
  });
});
