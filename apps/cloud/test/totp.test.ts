import { PENDING_SIGN_IN } from '@st/protocol';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Answer,
  Browser,
  field,
  type StorageKind,
  startCloud,
  type TestCloud,
  testStorage,
} from './helpers';
import { openLive } from './system';

// The TOTP second factor over real sockets: enrolment, sign-in in two steps, a used code refused, recovery codes
// single use, the login limits on codes, an administrator's requirement (enrol at sign-in) and reset.

const PASSWORD = 'password-of-someone';

const codeAt = (secret: string, at: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: at,
  });

function pendingOf(a: Answer): string {
  const c = a.headers.getSetCookie().find((x) => x.startsWith(`${PENDING_SIGN_IN.cookieName}=`));
  if (!c) throw new Error(`no pending cookie in ${a.status} ${a.text}`);
  return c.split(';')[0] ?? '';
}

describe.each<StorageKind>(['sqlite', 'postgres'])('TOTP second factor on %s', (kind) => {
  let storage: Awaited<ReturnType<typeof testStorage>>;
  let cloud: TestCloud;
  let admin: Browser;
  let secret = '';
  /** the code that confirmed the enrolment: it must not sign in afterwards */
  let confirmCode = '';
  let recovery: string[] = [];
  let tiaId = '';

  const passwordStep = (b: Browser, login: string) =>
    b.call('POST', '/api/auth/user', { login, password: PASSWORD });
  const secondStep = (b: Browser, pending: string, body: Record<string, string>) =>
    b.call('POST', '/api/auth/user/second-factor', body, { cookie: pending });

  beforeAll(async () => {
    storage = await testStorage(kind);
    cloud = await startCloud({ ...storage.overrides, loginMaxFailures: 12 });
    admin = new Browser(cloud.url);
    await admin.login();
    tiaId = (await cloud.server.users.create('tia', PASSWORD)).id;
    await cloud.server.users.create('una', PASSWORD);
  });
  afterAll(async () => {
    await cloud?.stop();
    await storage?.stop();
  });

  it('enrols with an otpauth URI and the secret as text, confirmed by a first code; ten recovery codes; other sessions end', async () => {
    const tia = new Browser(cloud.url);
    await tia.login('tia', PASSWORD);
    const other = new Browser(cloud.url);
    await other.login('tia', PASSWORD);
    const otherLive = await openLive(cloud.url, other.cookie);
    await otherLive.subscribe('/secured/events');
    const started = await tia.call('POST', '/api/auth/user/totp/enrol');
    expect(started.status).toBe(200);
    secret = field(started.body, 'secret');
    expect(field(started.body, 'uri')).toMatch(
      new RegExp(`^otpauth://totp/SmartThing:tia\\?.*secret=${secret}`),
    );
    expect((await tia.call('GET', '/api/auth/user/totp')).body).toEqual({
      totp: false,
      recoveryCodesLeft: 0,
      required: false,
    });
    const wrong = await tia.call('POST', '/api/auth/user/totp/confirm', {
      code: codeAt(secret, Date.now() + 300_000),
    });
    expect(wrong.body).toMatchObject({ code: 'SECOND_FACTOR_CODE_WRONG' });
    expect((await tia.call('POST', '/api/auth/user/totp/confirm', { code: '12' })).status).toBe(400);
    confirmCode = codeAt(secret, Date.now());
    const ok = await tia.call('POST', '/api/auth/user/totp/confirm', { code: confirmCode });
    expect(ok.status).toBe(200);
    recovery = (ok.body as { recoveryCodes: string[] }).recoveryCodes;
    expect(recovery).toHaveLength(10);
    expect(new Set(recovery).size).toBe(10);
    expect((await tia.call('GET', '/api/auth/user/totp')).body).toEqual({
      totp: true,
      recoveryCodesLeft: 10,
      required: false,
    });
    expect((await tia.call('POST', '/api/auth/user/totp/enrol')).body).toMatchObject({
      code: 'TOTP_ALREADY_ON',
    });
    // changing the second factor ended the other session, on HTTP and on the live channel
    expect((await other.call('GET', '/api/auth/me')).status).toBe(401);
    await expect.poll(() => otherLive.errors.length).toBeGreaterThan(0);
    await otherLive.close();
    expect((await tia.call('GET', '/api/auth/me')).status).toBe(200);
  });

  it('signs in in two steps; the code used to confirm and a code used to sign in are refused a second time', async () => {
    const b = new Browser(cloud.url);
    const first = await passwordStep(b, 'tia');
    expect(first.status).toBe(401);
    expect(first.body).toMatchObject({ code: 'SECOND_FACTOR_REQUIRED' });
    const pending = pendingOf(first);
    expect(b.cookie).toBeUndefined();
    // the pending cookie is no session
    expect((await b.call('GET', '/api/auth/me', undefined, { cookie: pending })).status).toBe(401);
    const replayConfirm = await secondStep(b, pending, { code: confirmCode });
    expect(replayConfirm.body).toMatchObject({ code: 'SECOND_FACTOR_CODE_WRONG' });
    const next = codeAt(secret, Date.now() + 30_000);
    const done = await secondStep(b, pending, { code: next });
    expect(done.status, done.text).toBe(200);
    expect(field(done.body, 'refresh')).toMatch(/^str_/);
    expect((await b.call('GET', '/api/auth/me')).body).toMatchObject({ login: 'tia' });
    const again = new Browser(cloud.url);
    const p2 = pendingOf(await passwordStep(again, 'tia'));
    expect((await secondStep(again, p2, { code: next })).body).toMatchObject({
      code: 'SECOND_FACTOR_CODE_WRONG',
    });
    expect(again.cookie).toBeUndefined();
    expect((await secondStep(again, 'st_pending=forged.value', { code: next })).body).toMatchObject({
      code: 'SIGN_IN_PENDING_INVALID',
    });
    expect((await secondStep(again, p2, { code: next, recoveryCode: recovery[0] ?? '' })).status).toBe(400);
  });

  it('a recovery code signs in once', async () => {
    const b = new Browser(cloud.url);
    const p = pendingOf(await passwordStep(b, 'tia'));
    const used = recovery[0]?.toUpperCase() ?? '';
    expect((await secondStep(b, p, { recoveryCode: used })).status).toBe(200);
    const c = new Browser(cloud.url);
    const p2 = pendingOf(await passwordStep(c, 'tia'));
    expect((await secondStep(c, p2, { recoveryCode: used })).body).toMatchObject({
      code: 'SECOND_FACTOR_CODE_WRONG',
    });
    expect((await b.call('GET', '/api/auth/user/totp')).body).toMatchObject({ recoveryCodesLeft: 9 });
    const logins = (await admin.call('GET', '/api/audit?action=auth.login&actor=tia')).body as Array<{
      detail: string;
    }>;
    expect(logins.map((l) => l.detail)).toEqual(
      expect.arrayContaining(['with a recovery code', 'with a TOTP code', 'password only']),
    );
    const failed = (await admin.call('GET', '/api/audit?action=auth.secondFactorFailed')).body as unknown[];
    expect(failed.length).toBeGreaterThanOrEqual(3);
  });

  it('requires enrolment at sign-in when an admin requires a second factor; an admin resets one', async () => {
    const una = new Browser(cloud.url);
    expect((await una.call('PUT', '/api/security/sign-in', { requireSecondFactor: true })).status).toBe(401);
    await passwordStep(una, 'una'); // no factor yet, not required: signed in
    expect(
      (await una.call('PUT', '/api/security/sign-in', { requireSecondFactor: true })).body,
    ).toMatchObject({
      code: 'ADMIN_REQUIRED',
    });
    expect((await admin.call('PUT', '/api/security/sign-in', { requireSecondFactor: 'yes' })).status).toBe(
      400,
    );
    expect((await admin.call('PUT', '/api/security/sign-in', { requireSecondFactor: true })).body).toEqual({
      requireSecondFactor: true,
    });
    const fresh = new Browser(cloud.url);
    const first = await passwordStep(fresh, 'una');
    expect(first.status).toBe(403);
    expect(first.body).toMatchObject({ code: 'SECOND_FACTOR_ENROL_REQUIRED' });
    expect(fresh.cookie).toBeUndefined();
    const pending = pendingOf(first);
    // an enrol-pending sign-in cannot pass the code step
    expect((await secondStep(fresh, pending, { code: '123456' })).body).toMatchObject({
      code: 'SIGN_IN_PENDING_INVALID',
    });
    const started = await fresh.call('POST', '/api/auth/user/totp/enrol', undefined, { cookie: pending });
    expect(started.status).toBe(200);
    const unaSecret = field(started.body, 'secret');
    const done = await fresh.call(
      'POST',
      '/api/auth/user/totp/confirm',
      { code: codeAt(unaSecret, Date.now()) },
      { cookie: pending },
    );
    expect(done.status, done.text).toBe(200);
    expect((done.body as { recoveryCodes: string[] }).recoveryCodes).toHaveLength(10);
    expect(field(done.body, 'refresh')).toMatch(/^str_/);
    expect((await fresh.call('GET', '/api/auth/me')).body).toMatchObject({ login: 'una' });
    // the admin resets tia's second factor: her sessions end, and (still required) she enrols at her next sign-in
    const tia = new Browser(cloud.url);
    const p = pendingOf(await passwordStep(tia, 'tia'));
    expect((await secondStep(tia, p, { recoveryCode: recovery[1] ?? '' })).status).toBe(200);
    expect((await admin.call('DELETE', `/api/users/${tiaId}/totp`)).status).toBe(200);
    expect((await tia.call('GET', '/api/auth/me')).status).toBe(401);
    expect((await admin.call('DELETE', `/api/users/${tiaId}/totp`)).body).toMatchObject({
      code: 'TOTP_NOT_ON',
    });
    expect((await passwordStep(new Browser(cloud.url), 'tia')).body).toMatchObject({
      code: 'SECOND_FACTOR_ENROL_REQUIRED',
    });
    const resets = (await admin.call('GET', '/api/audit?action=totp.reset')).body as Array<{
      detail: string;
    }>;
    expect(resets).toEqual([expect.objectContaining({ detail: 'tia' })]);
    expect((await admin.call('PUT', '/api/security/sign-in', { requireSecondFactor: false })).status).toBe(
      200,
    );
  });

  it('counts wrong codes with the login limits: then even a right code is refused with 429', async () => {
    const b = new Browser(cloud.url);
    const first = await passwordStep(b, 'una');
    const pending = pendingOf(first);
    let status = 0;
    for (let i = 0; i < 20 && status !== 429; i++) {
      status = (await secondStep(b, pending, { code: '000000' })).status;
    }
    expect(status).toBe(429);
    const right = await secondStep(b, pending, { code: '111111' });
    expect(right.status).toBe(429);
    expect(right.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
