import { createLogger } from '@st/server-kit';
import { waitFor } from '@st/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditLog } from '../src/audit/log';
import { openDatabase } from '../src/db/connect';
import { ADMIN, Browser, field, type StorageKind, startCloud, type TestCloud, testStorage } from './helpers';
import { openLive } from './system';

describe.each<StorageKind>(['sqlite', 'postgres'])('accounts on %s', (kind) => {
  let storage: Awaited<ReturnType<typeof testStorage>>;
  let cloud: TestCloud;
  let admin: Browser;

  beforeAll(async () => {
    storage = await testStorage(kind);
    cloud = await startCloud(storage.overrides);
    admin = new Browser(cloud.url);
    await admin.login();
  });
  afterAll(async () => {
    await cloud?.stop();
    await storage?.stop();
  });

  it('makes the first user admin and lets an invited user set a password once', async () => {
    expect((await admin.call('GET', '/api/auth/me')).body).toMatchObject({ login: ADMIN.login, admin: true });
    const made = await admin.call('POST', '/api/users', { login: 'invited', invite: true });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ user: { login: 'invited', admin: false, invited: true } });
    expect(made.body).not.toHaveProperty('password');
    const token = field(made.body, 'inviteToken');
    const anon = new Browser(cloud.url);
    expect(
      (await anon.call('POST', '/api/auth/user', { login: 'invited', password: 'anything-at-all' })).status,
    ).toBe(401);
    expect((await anon.call('POST', '/api/auth/invite', { token, password: 'short' })).status).toBe(400);
    expect(
      (await anon.call('POST', '/api/auth/invite', { token, password: 'invited-password' })).status,
    ).toBe(200);
    const again = await anon.call('POST', '/api/auth/invite', { token, password: 'another-password' });
    expect(again.body).toMatchObject({ code: 'INVITE_INVALID' });
    await anon.login('invited', 'invited-password');
    expect((await anon.call('GET', '/api/auth/me')).body).toMatchObject({ admin: false });
    expect((await admin.call('POST', '/api/users', { login: 'invited' })).body).toMatchObject({
      code: 'USER_EXISTS',
    });
  });

  it('an invite accepted ten times at once sets one password: one 200, the others 400 INVITE_INVALID', async () => {
    const made = await admin.call('POST', '/api/users', { login: 'racer', invite: true });
    const token = field(made.body, 'inviteToken');
    const anon = new Browser(cloud.url);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        anon.call('POST', '/api/auth/invite', { token, password: `racer-password-${i}` }),
      ),
    );
    const won = answers.flatMap((a, i) => (a.status === 200 ? [i] : []));
    expect(won).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200)) {
      expect(a.status).toBe(400);
      expect(a.body).toMatchObject({ code: 'INVITE_INVALID' });
    }
    // the winner's password is the one that works
    await anon.login('racer', `racer-password-${won[0]}`);
    const other = (won[0] ?? 0) === 0 ? 1 : 0;
    const wrong = await new Browser(cloud.url).call('POST', '/api/auth/user', {
      login: 'racer',
      password: `racer-password-${other}`,
    });
    expect(wrong.status).toBe(401);
  });

  it('expires an invite link (audited), shows its expiry to admins, and issues a new one', async () => {
    // A second node on the same storage with a one-second invite lifetime (the setting is in hours).
    const short = await startCloud({ ...storage.overrides, inviteTtlHours: 1 / 3600 });
    try {
      const shortAdmin = new Browser(short.url);
      await shortAdmin.login();
      const made = await shortAdmin.call('POST', '/api/users', { login: 'late', invite: true });
      const user = (made.body as { user: { id: string; inviteExpiresAt: number } }).user;
      expect(user.inviteExpiresAt).toBeGreaterThan(0);
      const old = field(made.body, 'inviteToken');
      await waitFor(async () => Date.now() > user.inviteExpiresAt, { what: 'the invite to expire' });
      const anon = new Browser(cloud.url);
      const late = await anon.call('POST', '/api/auth/invite', { token: old, password: 'late-password' });
      expect(late.status).toBe(400);
      expect(late.body).toMatchObject({ code: 'INVITE_EXPIRED' });
      // Still invited, with the (past) expiry, for the admin; the node with the default lifetime re-issues it.
      const listed = ((await admin.call('GET', '/api/users')).body as Array<Record<string, unknown>>).find(
        (u) => u.login === 'late',
      );
      expect(listed).toMatchObject({ invited: true, inviteExpiresAt: user.inviteExpiresAt });
      const again = await admin.call('POST', `/api/users/${user.id}/invite`);
      expect(again.status).toBe(200);
      const renewed = (again.body as { user: { inviteExpiresAt: number } }).user.inviteExpiresAt;
      expect(renewed - user.inviteExpiresAt).toBeGreaterThan(70 * 3_600_000); // the default: 72 h
      expect(
        (await anon.call('POST', '/api/auth/invite', { token: old, password: 'late-password' })).body,
      ).toMatchObject({ code: 'INVITE_INVALID' });
      const token = field(again.body, 'inviteToken');
      expect((await anon.call('POST', '/api/auth/invite', { token, password: 'late-password' })).status).toBe(
        200,
      );
      await anon.login('late', 'late-password');
      expect((await anon.call('GET', '/api/gateway/management/list')).status).toBe(200);
      // Once a password is set there is no invite to re-issue; a stranger to the admin role cannot either.
      expect((await admin.call('POST', `/api/users/${user.id}/invite`)).body).toMatchObject({
        code: 'INVITE_NOT_PENDING',
      });
      expect((await anon.call('POST', `/api/users/${user.id}/invite`)).status).toBe(403);
      expect((await admin.call('POST', '/api/users/nobody/invite')).status).toBe(404);
      await waitFor(async () => {
        const rows = (await admin.call('GET', '/api/audit?actor=late')).body as Array<{ action: string }>;
        const actions = rows.map((r) => r.action);
        return actions.includes('user.inviteExpired') && actions.includes('user.inviteAccepted');
      });
      const reissued = (await admin.call('GET', '/api/audit?action=user.inviteReissued')).body;
      expect(reissued).toEqual([expect.objectContaining({ actor: ADMIN.login, detail: 'late' })]);
    } finally {
      await short.stop();
    }
  });

  it('changes the own password (other sessions end), resets one, and signs out everywhere', async () => {
    const made = await admin.call('POST', '/api/users', { login: 'pat' });
    const id = field((made.body as { user: unknown }).user, 'id');
    const one = new Browser(cloud.url);
    const two = new Browser(cloud.url);
    await one.login('pat', field(made.body, 'password'));
    await two.login('pat', field(made.body, 'password'));
    const wrong = await one.call('POST', '/api/auth/user/password', {
      currentPassword: 'nope',
      newPassword: 'pat-password-2',
    });
    expect(wrong.body).toMatchObject({ code: 'PASSWORD_WRONG' });
    const changed = await one.call('POST', '/api/auth/user/password', {
      currentPassword: field(made.body, 'password'),
      newPassword: 'pat-password-2',
    });
    expect(changed.status).toBe(200);
    expect((await one.call('GET', '/api/auth/me')).status).toBe(200);
    expect((await two.call('GET', '/api/auth/me')).status).toBe(401);

    const reset = await admin.call('POST', `/api/users/${id}/password`);
    const fresh = field(reset.body, 'password');
    expect((await one.call('GET', '/api/auth/me')).status).toBe(401);
    expect(
      (
        await new Browser(cloud.url).call('POST', '/api/auth/user', {
          login: 'pat',
          password: 'pat-password-2',
        })
      ).status,
    ).toBe(401);
    const a = new Browser(cloud.url);
    const b = new Browser(cloud.url);
    await a.login('pat', fresh);
    // A reset password is one-time again: first a change (refused until then), then a normal one.
    expect((await a.call('GET', '/api/gateway/management/list')).body).toMatchObject({
      code: 'PASSWORD_CHANGE_REQUIRED',
    });
    for (const [currentPassword, newPassword] of [
      [fresh, 'pat-password-3'],
      ['pat-password-3', 'pat-password-4'],
    ]) {
      expect((await a.call('POST', '/api/auth/user/password', { currentPassword, newPassword })).status).toBe(
        200,
      );
    }
    await b.login('pat', 'pat-password-4');
    const live = await openLive(cloud.url, b.cookie);
    await live.subscribe('/secured/events');
    expect((await a.call('POST', '/api/auth/user/logout-all')).status).toBe(200);
    await waitFor(() => live.errors.length > 0, { what: 'the live channel to end' });
    expect((await a.call('GET', '/api/auth/me')).status).toBe(401);
    expect((await b.call('GET', '/api/auth/me')).status).toBe(401);
    await live.close();
    const audit = (await admin.call('GET', '/api/audit?actor=pat')).body as Array<{ action: string }>;
    expect(audit.map((r) => r.action)).toEqual(
      expect.arrayContaining([
        'auth.oneTimePasswordChanged',
        'auth.passwordChanged',
        'auth.logoutAll',
        'auth.login',
      ]),
    );
  });

  it('refuses an admin disabling or un-admining themselves, and audits failed sign-ins with the address', async () => {
    const me = (await admin.call('GET', '/api/auth/me')).body;
    const id = field(me, 'id');
    expect((await admin.call('PUT', `/api/users/${id}`, { disabled: true })).body).toMatchObject({
      code: 'SELF_CHANGE_REFUSED',
    });
    expect((await admin.call('PUT', `/api/users/${id}`, { admin: false })).body).toMatchObject({
      code: 'SELF_CHANGE_REFUSED',
    });
    expect((await admin.call('PUT', '/api/users/nobody', { admin: true })).status).toBe(404);
    await new Browser(cloud.url).call('POST', '/api/auth/user', { login: 'ghost', password: 'whatever-1' });
    const failed = (await admin.call('GET', '/api/audit?action=auth.loginFailed&actor=ghost')).body;
    expect(failed).toEqual([expect.objectContaining({ outcome: '401', address: '127.0.0.1' })]);
    expect((await admin.call('GET', '/api/audit?from=abc')).status).toBe(400);
  });

  it('prunes audit rows older than the retention', async () => {
    const db = await openDatabase(
      kind === 'sqlite'
        ? { kind: 'sqlite', file: `${storage.overrides.dataDir}/cloud.db` }
        : { kind: 'postgres', url: storage.overrides.databaseUrl ?? '' },
    );
    try {
      const log = new AuditLog(db, createLogger({ name: 'test', level: 'silent' }), {
        retentionDays: 30,
        pruneEveryMs: 3_600_000,
      });
      const old = new Date(Date.now() - 31 * 86_400_000).toISOString();
      await db
        .insertInto('audit_log')
        .values({
          id: 'old-row',
          at: old,
          action: 'auth.login',
          actor: 'old',
          outcome: '200',
          actor_id: null,
          gateway_id: null,
          device: null,
          command: null,
          detail: null,
          duration_ms: null,
          address: null,
        })
        .execute();
      expect(await log.prune()).toBe(1);
      const left = (await admin.call('GET', '/api/audit?actor=old')).body;
      expect(left).toEqual([]);
      expect(
        ((await admin.call('GET', '/api/audit?action=auth.login')).body as unknown[]).length,
      ).toBeGreaterThan(0);
    } finally {
      await db.destroy();
    }
  });
});
