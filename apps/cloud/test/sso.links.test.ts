import { freeTcpPort } from '@st/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, field, type StorageKind, startCloud, type TestCloud, testStorage } from './helpers';
import { RedirectBrowser, startOidcProvider, type TestProvider } from './support/oidcProvider';

// Single sign-on links seen from the account, against a real OpenID provider (oidc-provider) on a free port:
// a signed-in user links the provider through the real redirects (the flow names their session), lists the
// link, signs in with it, unlinks it; an identity linked to someone else is refused; a link whose session ended
// on the way is refused; the last way into an account cannot be unlinked (by the user or an admin); only
// admins see or unlink another user's links.

const PASSWORD = 'password-of-someone';

interface Link {
  id: string;
  provider: string;
  subject: string;
  email: string | null;
  linkedAt: string;
  lastUsedAt: string | null;
}

describe.each<StorageKind>(['sqlite', 'postgres'])('single sign-on links on %s', (kind) => {
  let storage: Awaited<ReturnType<typeof testStorage>>;
  let provider: TestProvider;
  let cloud: TestCloud;
  let admin: Browser;

  const landing = () => `${cloud.url}/account/security?`;
  /** A signed-in browser links the provider account `subject`: answers the callback's result. */
  const link = async (me: Browser, subject: string, before?: () => Promise<void>) => {
    provider.signInAs(subject);
    const browser = new RedirectBrowser();
    const started = await browser.request(`${cloud.url}/api/auth/user/sso/link`, {
      method: 'POST',
      headers: { cookie: me.cookie ?? '', origin: cloud.url },
    });
    expect(started.status).toBe(200);
    const { url } = (await started.json()) as { url: string };
    expect(new URL(url).origin).toBe(provider.issuer);
    await before?.();
    return (await browser.follow(url, landing())).searchParams.get('sso');
  };
  const signIn = async (subject: string) => {
    provider.signInAs(subject);
    const browser = new RedirectBrowser();
    const landed = await browser.follow(`${cloud.url}/api/auth/sso/start`, `${cloud.url}/?`);
    expect(landed.searchParams.get('sso')).toBe('ok');
    const res = await browser.request(`${cloud.url}/api/auth/sso/finish`, {
      method: 'POST',
      headers: { origin: cloud.url },
    });
    expect(res.status).toBe(200);
    const me = new Browser(cloud.url);
    me.cookie = res.headers
      .getSetCookie()
      .find((x) => x.startsWith('st_access='))
      ?.split(';')[0];
    return me;
  };
  const linksOf = async (me: Browser, path = '/api/auth/user/sso') => {
    const r = await me.call('GET', path);
    expect(r.status, r.text).toBe(200);
    return r.body as { provider: { name: string } | null; links: Link[] };
  };
  const signedIn = async (login: string) => {
    const b = new Browser(cloud.url);
    await b.login(login, PASSWORD);
    return b;
  };

  beforeAll(async () => {
    storage = await testStorage(kind);
    const port = await freeTcpPort();
    provider = await startOidcProvider([`http://127.0.0.1:${port}/api/auth/sso/callback`]);
    cloud = await startCloud({
      ...storage.overrides,
      port,
      publicUrl: `http://127.0.0.1:${port}/`,
      oidcIssuer: provider.issuer,
      oidcClientId: provider.clientId,
      oidcClientSecret: provider.clientSecret,
      oidcName: 'Example ID',
      oidcAllowedDomains: ['example.com'],
      oidcCreateUsers: true,
    });
    admin = new Browser(cloud.url);
    await admin.login();
    await cloud.server.users.create('alice@example.com', PASSWORD);
    await cloud.server.users.create('bob@example.com', PASSWORD);
    const at = (email: string) => ({ email, email_verified: true });
    provider.accounts.set('alice-work', at('alice.work@example.com'));
    provider.accounts.set('carol-sub', at('carol@example.com'));
    provider.accounts.set('carol-2', at('carol.two@example.com'));
    provider.accounts.set('stray', at('stray@example.com'));
  });
  afterAll(async () => {
    await cloud?.stop();
    await provider?.stop();
    await storage?.stop();
  });

  it('links the provider to a signed-in user, lists it, signs in with it, unlinks it', async () => {
    const alice = await signedIn('alice@example.com');
    expect(await linksOf(alice)).toEqual({ provider: { name: 'Example ID' }, links: [] });
    // another e-mail than the login: the link is by the signed-in session, not by address
    expect(await link(alice, 'alice-work')).toBe('linked');
    const [linked] = (await linksOf(alice)).links;
    expect(linked).toMatchObject({
      provider: 'Example ID',
      subject: 'alice-work',
      email: 'alice.work@example.com',
      lastUsedAt: null,
    });
    expect(Date.parse(linked?.linkedAt ?? '')).not.toBeNaN();
    // linking it again is no change
    expect(await link(alice, 'alice-work')).toBe('linked');
    expect((await linksOf(alice)).links).toHaveLength(1);

    const viaSso = await signIn('alice-work');
    expect((await viaSso.call('GET', '/api/auth/me')).body).toMatchObject({ login: 'alice@example.com' });
    expect((await linksOf(alice)).links[0]?.lastUsedAt).not.toBeNull();

    // someone else cannot take the identity over
    const bob = await signedIn('bob@example.com');
    expect(await link(bob, 'alice-work')).toBe('SSO_LINKED_ELSEWHERE');
    expect((await linksOf(bob)).links).toEqual([]);

    // alice has a password: the link may go
    const id = linked?.id ?? '';
    expect((await alice.call('DELETE', `/api/auth/user/sso/${id}`)).status).toBe(200);
    expect((await linksOf(alice)).links).toEqual([]);
    const again = await alice.call('DELETE', `/api/auth/user/sso/${id}`);
    expect([again.status, field(again.body, 'code')]).toEqual([404, 'SSO_LINK_NOT_FOUND']);
    const audit = (await admin.call('GET', '/api/audit?action=sso.unlinked')).body as Array<{
      actor: string;
      detail: string;
    }>;
    expect(audit[0]).toMatchObject({ actor: 'alice@example.com' });
    expect(audit[0]?.detail).toMatch(/Example ID subject alice-work \(alice.work@example.com\)/);
  });

  it('refuses a link whose session ended on the way', async () => {
    const bob = await signedIn('bob@example.com');
    const result = await link(bob, 'stray', async () => {
      expect((await bob.call('POST', '/api/auth/user/logout', {})).status).toBe(200);
    });
    expect(result).toBe('SSO_FAILED');
    expect((await linksOf(await signedIn('bob@example.com'))).links).toEqual([]);
  });

  it('keeps the last way into an account; admins see and unlink links, others may not', async () => {
    // created by single sign-on: no password, one link
    const carol = await signIn('carol-sub');
    const [only] = (await linksOf(carol)).links;
    const refused = await carol.call('DELETE', `/api/auth/user/sso/${only?.id}`);
    expect([refused.status, field(refused.body, 'code')]).toEqual([409, 'SSO_LAST_SIGN_IN']);
    const carolId = (await cloud.server.users.findByLogin('carol@example.com'))?.id ?? '';
    const users = `/api/users/${carolId}/sso`;
    expect((await linksOf(admin, users)).links.map((l) => l.subject)).toEqual(['carol-sub']);
    const byAdmin = await admin.call('DELETE', `${users}/${only?.id}`);
    expect([byAdmin.status, field(byAdmin.body, 'code')]).toEqual([409, 'SSO_LAST_SIGN_IN']);

    // not an admin: neither another user's links nor their removal
    const bob = await signedIn('bob@example.com');
    expect(field((await bob.call('GET', users)).body, 'code')).toBe('ADMIN_REQUIRED');
    expect(field((await bob.call('DELETE', `${users}/${only?.id}`)).body, 'code')).toBe('ADMIN_REQUIRED');
    // nor someone else's link through their own route
    expect(field((await bob.call('DELETE', `/api/auth/user/sso/${only?.id}`)).body, 'code')).toBe(
      'SSO_LINK_NOT_FOUND',
    );

    // a second link: now the admin may remove the first
    expect(await link(carol, 'carol-2')).toBe('linked');
    expect((await admin.call('DELETE', `${users}/${only?.id}`)).status).toBe(200);
    expect((await linksOf(carol)).links.map((l) => l.subject)).toEqual(['carol-2']);
    const audit = (await admin.call('GET', '/api/audit?action=sso.unlinked')).body as Array<{
      actor: string;
      detail: string;
    }>;
    expect(audit[0]?.detail).toMatch(/^carol@example.com: Example ID subject carol-sub/);
  });
});
