import { freeTcpPort } from '@st/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, field, type StorageKind, startCloud, type TestCloud, testStorage } from './helpers';
import { RedirectBrowser, startOidcProvider, type TestProvider } from './support/oidcProvider';

// Single sign-on against a real OpenID provider (oidc-provider) on a free port: the authorization code flow
// with PKCE, state and nonce through real redirects; the link of a first sign-in to the user of that verified
// e-mail, the creation of a user when allowed and the refusal when not; the domain and claim rules; an ID token
// with a wrong audience, an expired one, one signed by another key, a nonce or state mismatch: all refused.

const PASSWORD = 'password-of-someone';

describe.each<StorageKind>(['sqlite', 'postgres'])('single sign-on on %s', (kind) => {
  let storage: Awaited<ReturnType<typeof testStorage>>;
  let strictStorage: Awaited<ReturnType<typeof testStorage>>;
  let provider: TestProvider;
  /** creates users on a first sign-in; example.com addresses with the "smarthome" group */
  let cloud: TestCloud;
  /** links existing users only */
  let strict: TestCloud;
  let admin: Browser;

  const consoleOf = (c: TestCloud) => `${c.url}/`;
  /** The whole dance in a fresh browser: the cloud's start, the provider, the callback; then finish. */
  const signIn = async (c: TestCloud, subject: string, browser = new RedirectBrowser()) => {
    provider.signInAs(subject);
    const landed = await browser.follow(`${c.url}/api/auth/sso/start`, `${consoleOf(c)}?`);
    const result = landed.searchParams.get('sso');
    if (result !== 'ok') return { result, finish: undefined };
    const finish = await browser.request(`${c.url}/api/auth/sso/finish`, {
      method: 'POST',
      headers: { origin: c.url },
    });
    const body = (await finish.json()) as Record<string, unknown>;
    const access = finish.headers
      .getSetCookie()
      .find((x) => x.startsWith('st_access='))
      ?.split(';')[0];
    return { result, finish: { status: finish.status, body, access }, browser };
  };
  const audit = async (action: string) =>
    (await admin.call('GET', `/api/audit?action=${action}`)).body as Array<{
      actor: string;
      detail: string;
      outcome: string;
    }>;

  beforeAll(async () => {
    storage = await testStorage(kind);
    strictStorage = await testStorage('sqlite');
    const [port, strictPort] = [await freeTcpPort(), await freeTcpPort()];
    provider = await startOidcProvider([
      `http://127.0.0.1:${port}/api/auth/sso/callback`,
      `http://127.0.0.1:${strictPort}/api/auth/sso/callback`,
    ]);
    const sso = {
      oidcIssuer: provider.issuer,
      oidcClientId: provider.clientId,
      oidcClientSecret: provider.clientSecret,
      oidcName: 'Example ID',
    };
    cloud = await startCloud({
      ...storage.overrides,
      port,
      publicUrl: `http://127.0.0.1:${port}/`,
      ...sso,
      oidcAllowedDomains: ['example.com'],
      oidcRequiredClaim: 'groups=smarthome',
      oidcCreateUsers: true,
    });
    strict = await startCloud({
      ...strictStorage.overrides,
      port: strictPort,
      publicUrl: `http://127.0.0.1:${strictPort}/`,
      ...sso,
      oidcAllowedDomains: ['example.com'],
      oidcCreateUsers: false,
    });
    admin = new Browser(cloud.url);
    await admin.login();
    await cloud.server.users.create('alice@example.com', PASSWORD);
    const member = { email_verified: true, groups: ['smarthome'] };
    provider.accounts.set('alice-sub', { ...member, email: 'Alice@Example.com' });
    provider.accounts.set('bob-sub', { ...member, email: 'bob@example.com' });
    provider.accounts.set('eve-sub', { ...member, email: 'eve@elsewhere.org' });
    provider.accounts.set('carl-sub', { ...member, email: 'carl@example.com', email_verified: false });
    provider.accounts.set('dan-sub', { email: 'dan@example.com', email_verified: true, groups: ['guests'] });
  });
  afterAll(async () => {
    await cloud?.stop();
    await strict?.stop();
    await provider?.stop();
    await storage?.stop();
    await strictStorage?.stop();
  });

  it('offers "Sign in with <name>" on the public sign-in methods', async () => {
    const methods = await new Browser(cloud.url).call('GET', '/api/auth/methods');
    expect(methods.body).toEqual({
      passkey: true,
      sso: { name: 'Example ID', startPath: '/api/auth/sso/start' },
    });
    const start = await fetch(`${cloud.url}/api/auth/sso/start`, { redirect: 'manual' });
    expect(start.status).toBe(302);
    const to = new URL(start.headers.get('location') ?? '');
    expect(to.origin).toBe(provider.issuer);
    expect(to.searchParams.get('code_challenge_method')).toBe('S256');
    for (const p of ['state', 'nonce', 'code_challenge']) expect(to.searchParams.get(p)).toBeTruthy();
    expect(to.searchParams.get('redirect_uri')).toBe(`${cloud.url}/api/auth/sso/callback`);
    expect(start.headers.getSetCookie().join()).toMatch(/st_sso=.*HttpOnly; SameSite=Lax/);
  });

  it('links a first sign-in to the user with that verified e-mail, then signs in by subject', async () => {
    const first = await signIn(cloud, 'alice-sub');
    expect(first.result).toBe('ok');
    expect(first.finish?.status, JSON.stringify(first.finish?.body)).toBe(200);
    field(first.finish?.body, 'refresh');
    const me = new Browser(cloud.url);
    me.cookie = first.finish?.access;
    expect((await me.call('GET', '/api/auth/me')).body).toMatchObject({ login: 'alice@example.com' });
    // the outcome cookie works once
    const again = await first.browser?.request(`${cloud.url}/api/auth/sso/finish`, {
      method: 'POST',
      headers: { origin: cloud.url },
    });
    expect(again?.status).toBe(401);
    expect(await again?.json()).toMatchObject({ code: 'SSO_FAILED' });

    const second = await signIn(cloud, 'alice-sub');
    expect(second.finish?.status).toBe(200);
    const links = await audit('sso.linked');
    expect(links.filter((r) => r.actor === 'alice@example.com')).toHaveLength(1);
    expect(links[0]?.detail).toMatch(/alice-sub by verified e-mail alice@example.com/);
    const logins = (await audit('auth.login')).filter((r) => r.actor === 'alice@example.com');
    expect(logins.map((r) => r.detail)).toEqual([
      'single sign-on (Example ID)',
      'single sign-on (Example ID)',
    ]);
  });

  it('creates a user when allowed; refuses when not, and refuses other domains, unverified e-mail, a missing claim', async () => {
    const bob = await signIn(cloud, 'bob-sub');
    expect(bob.finish?.status).toBe(200);
    expect(await cloud.server.users.findByLogin('bob@example.com')).toBeDefined();
    expect((await audit('sso.userCreated')).map((r) => r.actor)).toEqual(['bob@example.com']);
    // the created user has no password that works
    expect(
      (
        await new Browser(cloud.url).call('POST', '/api/auth/user', {
          login: 'bob@example.com',
          password: '',
        })
      ).status,
    ).toBe(400);

    expect((await signIn(strict, 'bob-sub')).result).toBe('SSO_NO_USER');
    expect(await strict.server.users.findByLogin('bob@example.com')).toBeUndefined();
    expect((await signIn(cloud, 'eve-sub')).result).toBe('SSO_NOT_ALLOWED');
    expect((await signIn(cloud, 'carl-sub')).result).toBe('SSO_EMAIL_UNVERIFIED');
    expect((await signIn(cloud, 'dan-sub')).result).toBe('SSO_NOT_ALLOWED');
    expect(await cloud.server.users.findByLogin('dan@example.com')).toBeUndefined();
    const failed = (await audit('auth.ssoFailed')).map((r) => r.outcome);
    expect(failed).toEqual(expect.arrayContaining(['SSO_NOT_ALLOWED', 'SSO_EMAIL_UNVERIFIED']));
  });

  it('refuses an ID token with a wrong audience, an expired one, one signed by another key, a wrong nonce', async () => {
    const now = Math.floor(Date.now() / 1000);
    const cases: Array<[RegExp, Parameters<TestProvider['tamper']>]> = [
      [/aud/, [(c) => ({ ...c, aud: 'another-client' })]],
      [/exp/, [(c) => ({ ...c, iat: now - 7200, exp: now - 3600 })]],
      [/signature/i, [(c) => c, { foreignKey: true }]],
      [/nonce/, [(c) => ({ ...c, nonce: 'not-the-nonce-of-this-sign-in' })]],
    ];
    for (const [why, args] of cases) {
      provider.tamper(...args);
      const out = await signIn(cloud, 'alice-sub');
      expect(out.result, String(why)).toBe('SSO_FAILED');
      // newest first: this sign-in's refusal, for this reason
      expect((await audit('auth.ssoFailed'))[0]?.detail).toMatch(why);
    }
    // the provider itself was fine: an untouched sign-in works
    expect((await signIn(cloud, 'alice-sub')).finish?.status).toBe(200);
  });

  it('refuses a callback whose state is not this browser\u2019s sign-on, and one without a sign-on started', async () => {
    const b = new RedirectBrowser();
    provider.signInAs('alice-sub');
    const first = await b.request(`${cloud.url}/api/auth/sso/start`);
    const firstAuth = first.headers.get('location') ?? '';
    // a second start in the same browser replaces the pending sign-on
    await b.request(`${cloud.url}/api/auth/sso/start`);
    const landed = await b.follow(firstAuth, `${consoleOf(cloud)}?`);
    expect(landed.searchParams.get('sso')).toBe('SSO_FAILED');
    // a callback in a browser that never started one (a code sent to someone else's browser)
    const other = new RedirectBrowser();
    const fresh = await other.request(`${cloud.url}/api/auth/sso/start`);
    const victim = new RedirectBrowser();
    const intoVictim = await other.follow(
      fresh.headers.get('location') ?? '',
      `${cloud.url}/api/auth/sso/callback`,
    );
    const landedVictim = await victim.follow(intoVictim.href, `${consoleOf(cloud)}?`);
    expect(landedVictim.searchParams.get('sso')).toBe('SSO_FAILED');
    const details = (await audit('auth.ssoFailed')).map((r) => r.detail).join('\n');
    expect(details).toMatch(/state/);
    expect(details).toMatch(/flow cookie/);
  });
});
