import { PENDING_SIGN_IN } from '@st/protocol';
import { freeTcpPort } from '@st/testkit';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type Answer,
  Browser,
  field,
  type StorageKind,
  startCloud,
  type TestCloud,
  testStorage,
} from './helpers';
import { SoftAuthenticator } from './support/softAuthenticator';
import { openLive } from './system';

// Passkeys over real sockets: registration with names, list/rename/remove, a sign-in with a passkey alone
// (discoverable, no login typed), a passkey as the second factor after the password, and the refusals
// (replayed or expired challenge, wrong origin, no user verification, another user's passkey). The
// authenticator is software (support/softAuthenticator.ts): the one edge that cannot exist on this machine.

const PASSWORD = 'password-of-someone';

function pendingOf(a: Answer): string {
  const c = a.headers.getSetCookie().find((x) => x.startsWith(`${PENDING_SIGN_IN.cookieName}=`));
  if (!c) throw new Error(`no pending cookie in ${a.status} ${a.text}`);
  return c.split(';')[0] ?? '';
}

interface Options {
  challenge: string;
  user: { id: string };
  rp: { id: string };
  allowCredentials?: Array<{ id: string }>;
  excludeCredentials?: Array<{ id: string }>;
  userVerification?: string;
  authenticatorSelection?: { residentKey?: string; userVerification?: string };
}

describe.each<StorageKind>(['sqlite', 'postgres'])('passkeys on %s', (kind) => {
  let storage: Awaited<ReturnType<typeof testStorage>>;
  let cloud: TestCloud;
  let admin: Browser;
  let origin = '';
  let tia: Browser;
  let laptop: SoftAuthenticator;
  let phone: SoftAuthenticator;
  let unaKey: SoftAuthenticator;
  let unaId = '';

  const register = async (b: Browser, key: SoftAuthenticator, name: string, o = { origin }) => {
    const options = await b.call('POST', '/api/auth/user/passkeys/options');
    expect(options.status, options.text).toBe(200);
    return b.call('POST', '/api/auth/user/passkeys', {
      name,
      response: key.register(options.body as Options, o),
    });
  };
  const passkeyAlone = async (
    b: Browser,
    key: SoftAuthenticator,
    o: { origin: string; noUserVerification?: boolean } = { origin },
  ) => {
    const options = await b.call('POST', '/api/auth/user/passkey/options');
    expect(options.status, options.text).toBe(200);
    const response = key.assert(options.body as Options, o);
    return { answer: await b.call('POST', '/api/auth/user/passkey', { response }), response };
  };
  const audit = async (action: string) =>
    (await admin.call('GET', `/api/audit?action=${action}`)).body as Array<{ actor: string; detail: string }>;

  beforeAll(async () => {
    storage = await testStorage(kind);
    const port = await freeTcpPort();
    origin = `http://localhost:${port}`;
    // the relying party follows the public URL: id "localhost", origin http://localhost:<port>
    cloud = await startCloud({ ...storage.overrides, port, publicUrl: `${origin}/`, loginMaxFailures: 50 });
    admin = new Browser(cloud.url);
    await admin.login();
    await cloud.server.users.create('tia', PASSWORD);
    unaId = (await cloud.server.users.create('una', PASSWORD)).id;
    tia = new Browser(cloud.url);
    await tia.login('tia', PASSWORD);
    laptop = new SoftAuthenticator('localhost');
    phone = new SoftAuthenticator('localhost', true);
    unaKey = new SoftAuthenticator('localhost');
  });
  afterAll(async () => {
    await cloud?.stop();
    await storage?.stop();
  });

  it('registers passkeys with names for the public URL, lists and renames them; 4xx for bad input', async () => {
    const options = await tia.call('POST', '/api/auth/user/passkeys/options');
    const o = options.body as Options;
    expect(o.rp.id).toBe('localhost');
    expect(o.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
    const first = await tia.call('POST', '/api/auth/user/passkeys', {
      name: 'Laptop',
      response: laptop.register(o, { origin }),
    });
    expect(first.status, first.text).toBe(201);
    expect(first.body).toMatchObject({
      passkey: { name: 'Laptop', deviceType: 'singleDevice', backedUp: false },
    });
    expect((first.body as { refresh?: string }).refresh).toBeUndefined();
    const second = await register(tia, phone, 'Phone');
    expect(second.status, second.text).toBe(201);
    expect(second.body).toMatchObject({
      passkey: { name: 'Phone', deviceType: 'multiDevice', backedUp: true },
    });
    // a new registration excludes the two already there; the same authenticator again is refused
    const again = await tia.call('POST', '/api/auth/user/passkeys/options');
    expect((again.body as Options).excludeCredentials?.map((c) => c.id).sort()).toEqual(
      [laptop.id, phone.id].sort(),
    );
    const dup = await tia.call('POST', '/api/auth/user/passkeys', {
      name: 'Laptop again',
      response: laptop.register(again.body as Options, { origin }),
    });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ code: 'PASSKEY_ALREADY_REGISTERED' });

    const list = (await tia.call('GET', '/api/auth/user/passkeys')).body as Array<{
      id: string;
      name: string;
    }>;
    expect(list.map((p) => p.name)).toEqual(['Laptop', 'Phone']);
    const laptopId = list[0]?.id ?? '';
    const renamed = await tia.call('PUT', `/api/auth/user/passkeys/${laptopId}`, { name: 'Work laptop' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: laptopId, name: 'Work laptop' });
    expect((await tia.call('PUT', `/api/auth/user/passkeys/${laptopId}`, { name: ' ' })).status).toBe(400);
    expect(
      (await tia.call('POST', '/api/auth/user/passkeys', { name: 'x', response: { id: 'not a response' } }))
        .status,
    ).toBe(400);
    expect((await new Browser(cloud.url).call('GET', '/api/auth/user/passkeys')).status).toBe(401);
    // single sign-on is off here: the sign-in form offers passkeys only
    const anon = new Browser(cloud.url);
    expect((await anon.call('GET', '/api/auth/methods')).body).toEqual({ passkey: true, sso: null });
    expect((await anon.call('GET', '/api/auth/sso/start')).body).toMatchObject({
      code: 'SSO_NOT_CONFIGURED',
    });

    expect(
      (await audit('passkey.registered'))
        .filter((r) => r.actor === 'tia')
        .map((r) => r.detail)
        .sort(),
    ).toEqual(['Laptop', 'Phone']);
    expect((await audit('passkey.renamed'))[0]).toMatchObject({ actor: 'tia', detail: 'Work laptop' });
  });

  it('refuses a registration signed for another origin, and one whose challenge is not the user\u2019s', async () => {
    const una = new Browser(cloud.url);
    await una.login('una', PASSWORD);
    const wrongOrigin = await register(una, new SoftAuthenticator('localhost'), 'Evil', {
      origin: 'http://evil.example',
    });
    expect(wrongOrigin.status).toBe(400);
    expect(wrongOrigin.body).toMatchObject({ code: 'PASSKEY_REGISTRATION_FAILED' });
    // tia's challenge answered in una's session
    const tiaOptions = await tia.call('POST', '/api/auth/user/passkeys/options');
    const stolen = await una.call('POST', '/api/auth/user/passkeys', {
      name: 'Stolen',
      response: new SoftAuthenticator('localhost').register(tiaOptions.body as Options, { origin }),
    });
    expect(stolen.body).toMatchObject({ code: 'PASSKEY_CHALLENGE_INVALID' });
    const ok = await register(una, unaKey, 'Una key');
    expect(ok.status, ok.text).toBe(201);
  });

  it('signs in with a passkey alone, no login typed; the use is recorded', async () => {
    const b = new Browser(cloud.url);
    const options = await b.call('POST', '/api/auth/user/passkey/options');
    const o = options.body as Options;
    expect(o.allowCredentials ?? []).toEqual([]);
    expect(o.userVerification).toBe('required');
    const answer = await b.call('POST', '/api/auth/user/passkey', { response: laptop.assert(o, { origin }) });
    expect(answer.status, answer.text).toBe(200);
    field(answer.body, 'refresh');
    expect((await b.call('GET', '/api/auth/me')).body).toMatchObject({ login: 'tia' });
    // a synced passkey (counter always 0) signs in again and again
    for (let i = 0; i < 2; i++) {
      const { answer: again } = await passkeyAlone(new Browser(cloud.url), phone);
      expect(again.status, again.text).toBe(200);
    }
    const list = (await tia.call('GET', '/api/auth/user/passkeys')).body as Array<{
      lastUsedAt: string | null;
    }>;
    expect(list.every((p) => p.lastUsedAt !== null)).toBe(true);
    expect(
      (await audit('auth.login')).filter((r) => r.actor === 'tia' && r.detail === 'with a passkey'),
    ).toHaveLength(3);
  });

  it('refuses a replayed assertion, an expired challenge, a wrong origin, no user verification and an unknown passkey', async () => {
    const b = new Browser(cloud.url);
    const { answer, response } = await passkeyAlone(b, laptop);
    expect(answer.status).toBe(200);
    const replay = await b.call('POST', '/api/auth/user/passkey', { response });
    expect(replay.status).toBe(400);
    expect(replay.body).toMatchObject({ code: 'PASSKEY_CHALLENGE_INVALID' });

    const options = await b.call('POST', '/api/auth/user/passkey/options');
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 6 * 60_000);
      const late = await b.call('POST', '/api/auth/user/passkey', {
        response: laptop.assert(options.body as Options, { origin }),
      });
      expect(late.body).toMatchObject({ code: 'PASSKEY_CHALLENGE_INVALID' });
    } finally {
      vi.useRealTimers();
    }

    const evil = await passkeyAlone(b, laptop, { origin: 'http://evil.example' });
    expect(evil.answer.status).toBe(401);
    expect(evil.answer.body).toMatchObject({ code: 'PASSKEY_REJECTED' });
    // the refused attempt used its challenge up
    const retried = await b.call('POST', '/api/auth/user/passkey', {
      response: laptop.assert(
        {
          challenge: JSON.parse(Buffer.from(evil.response.response.clientDataJSON, 'base64url').toString())
            .challenge,
        },
        { origin },
      ),
    });
    expect(retried.body).toMatchObject({ code: 'PASSKEY_CHALLENGE_INVALID' });

    const fresh = new Browser(cloud.url);
    const noUv = await passkeyAlone(fresh, laptop, { origin, noUserVerification: true });
    expect(noUv.answer.body).toMatchObject({ code: 'PASSKEY_REJECTED' });
    const stranger = await passkeyAlone(fresh, new SoftAuthenticator('localhost'));
    expect(stranger.answer.body).toMatchObject({ code: 'PASSKEY_REJECTED' });
    expect(fresh.cookie).toBeUndefined();
    const failed = await audit('auth.passkeyFailed');
    expect(failed.length).toBeGreaterThanOrEqual(3);
    expect(failed.some((r) => /origin/i.test(r.detail))).toBe(true);
  });

  it('asks for a passkey after the password; another user\u2019s passkey is refused, the own one opens the session', async () => {
    const b = new Browser(cloud.url);
    const first = await b.call('POST', '/api/auth/user', { login: 'tia', password: PASSWORD });
    expect(first.status).toBe(401);
    expect(first.body).toMatchObject({ code: 'SECOND_FACTOR_REQUIRED' });
    const pending = pendingOf(first);
    expect(b.cookie).toBeUndefined();
    const methods = await b.call('GET', '/api/auth/user/second-factor', undefined, { cookie: pending });
    expect(methods.body).toEqual({ totp: false, passkey: true });
    expect((await b.call('GET', '/api/auth/user/second-factor')).body).toMatchObject({
      code: 'SIGN_IN_PENDING_INVALID',
    });

    const options = await b.call('POST', '/api/auth/user/second-factor/passkey/options', undefined, {
      cookie: pending,
    });
    const o = options.body as Options;
    expect(o.allowCredentials?.map((c) => c.id).sort()).toEqual([laptop.id, phone.id].sort());
    // una's passkey, properly signed for tia's challenge, is not tia's second factor
    const foreign = await b.call(
      'POST',
      '/api/auth/user/second-factor/passkey',
      { response: unaKey.assert(o, { origin }) },
      { cookie: pending },
    );
    expect(foreign.status).toBe(401);
    expect(foreign.body).toMatchObject({ code: 'PASSKEY_REJECTED' });
    expect(b.cookie).toBeUndefined();

    const again = await b.call('POST', '/api/auth/user/second-factor/passkey/options', undefined, {
      cookie: pending,
    });
    const done = await b.call(
      'POST',
      '/api/auth/user/second-factor/passkey',
      { response: laptop.assert(again.body as Options, { origin }) },
      { cookie: pending },
    );
    expect(done.status, done.text).toBe(200);
    field(done.body, 'refresh');
    expect((await b.call('GET', '/api/auth/me')).body).toMatchObject({ login: 'tia' });
    const logins = await audit('auth.login');
    expect(logins.some((r) => r.actor === 'tia' && r.detail === 'password and a passkey')).toBe(true);
    expect(
      (await audit('auth.secondFactorFailed')).some((r) => r.actor === 'tia' && /passkey/.test(r.detail)),
    ).toBe(true);
  });

  it('removes a passkey: it no longer signs in, the other sessions end; another user cannot touch it', async () => {
    const other = new Browser(cloud.url);
    expect((await passkeyAlone(other, laptop)).answer.status).toBe(200);
    const otherLive = await openLive(cloud.url, other.cookie);
    await otherLive.subscribe('/secured/events');
    const list = (await tia.call('GET', '/api/auth/user/passkeys')).body as Array<{
      id: string;
      name: string;
    }>;
    const phoneId = list.find((p) => p.name === 'Phone')?.id ?? '';

    const una = new Browser(cloud.url);
    await una.login('una', PASSWORD).catch(() => undefined);
    // una has a passkey, so her password alone is not a session: sign her in with it
    expect((await passkeyAlone(una, unaKey)).answer.status).toBe(200);
    expect(
      (await una.call('PUT', `/api/auth/user/passkeys/${phoneId}`, { name: 'Mine' })).body,
    ).toMatchObject({
      code: 'PASSKEY_NOT_FOUND',
    });
    expect((await una.call('DELETE', `/api/auth/user/passkeys/${phoneId}`)).status).toBe(404);

    const removed = await tia.call('DELETE', `/api/auth/user/passkeys/${phoneId}`);
    expect(removed.status).toBe(200);
    expect((await tia.call('DELETE', `/api/auth/user/passkeys/${phoneId}`)).status).toBe(404);
    expect((await other.call('GET', '/api/auth/me')).status).toBe(401);
    await expect.poll(() => otherLive.errors.length).toBeGreaterThan(0);
    await otherLive.close();
    expect((await tia.call('GET', '/api/auth/me')).status).toBe(200);
    const gone = await passkeyAlone(new Browser(cloud.url), phone);
    expect(gone.answer.body).toMatchObject({ code: 'PASSKEY_REJECTED' });
    expect((await audit('passkey.removed'))[0]).toMatchObject({ actor: 'tia', detail: 'Phone' });
  });

  it('lets a user enrol a passkey at a sign-in that requires a second factor; an admin reset removes passkeys', async () => {
    await cloud.server.users.create('vic', PASSWORD);
    expect((await admin.call('PUT', '/api/security/sign-in', { requireSecondFactor: true })).status).toBe(
      200,
    );
    try {
      const b = new Browser(cloud.url);
      const first = await b.call('POST', '/api/auth/user', { login: 'vic', password: PASSWORD });
      expect(first.body).toMatchObject({ code: 'SECOND_FACTOR_ENROL_REQUIRED' });
      const pending = pendingOf(first);
      const options = await b.call('POST', '/api/auth/user/passkeys/options', undefined, { cookie: pending });
      expect(options.status, options.text).toBe(200);
      const key = new SoftAuthenticator('localhost');
      const done = await b.call(
        'POST',
        '/api/auth/user/passkeys',
        { name: 'Vic key', response: key.register(options.body as Options, { origin }) },
        { cookie: pending },
      );
      expect(done.status, done.text).toBe(201);
      field(done.body, 'refresh');
      expect((await b.call('GET', '/api/auth/me')).body).toMatchObject({ login: 'vic' });
      // a passkey alone is both factors: the requirement is met without a further step
      expect((await passkeyAlone(new Browser(cloud.url), key)).answer.status).toBe(200);
    } finally {
      await admin.call('PUT', '/api/security/sign-in', { requireSecondFactor: false });
    }
    expect((await admin.call('DELETE', `/api/users/${unaId}/totp`)).status).toBe(200);
    expect((await passkeyAlone(new Browser(cloud.url), unaKey)).answer.body).toMatchObject({
      code: 'PASSKEY_REJECTED',
    });
    const una = new Browser(cloud.url);
    await una.login('una', PASSWORD);
  });
});
