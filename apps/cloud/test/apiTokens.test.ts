import {
  buildPath,
  DEVICE_COMMAND_ACCESS,
  type DeviceCommandName,
  isSecretRead,
  RELAY_ROUTE_ACCESS,
  type RelayableRouteName,
  ROUTES,
} from '@st/protocol';
import { connectStompClient } from '@st/stomp/client';
import { waitFor } from '@st/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, field, type StorageKind, startCloud, type TestCloud, testStorage } from './helpers';
import { type EchoLink, openEchoLink } from './support/echoLink';
import { type LiveClient, openLive } from './system';

// API tokens over real sockets: scopes capped by the user's role on every relayed route and device command,
// gateway limits, refusal on account and token management and on the live channel, revocation at once; and the
// sessions list, where ending a session stops its HTTP calls and its live channel at once.

const PASSWORD = 'password-of-someone';
const DAY = 86_400_000;

describe.each<StorageKind>(['sqlite', 'postgres'])('API tokens and sessions on %s', (kind) => {
  let storage: Awaited<ReturnType<typeof testStorage>>;
  let cloud: TestCloud;
  let link: EchoLink;
  let owner: Browser;
  let g = '';
  let g2 = '';
  const live: LiveClient[] = [];

  const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });
  const makeToken = async (as: Browser, body: Record<string, unknown>) => {
    const r = await as.call('POST', '/api/auth/user/tokens', { expiresAt: Date.now() + DAY, ...body });
    expect(r.status, r.text).toBe(201);
    return { id: field((r.body as { token: unknown }).token, 'id'), secret: field(r.body, 'secret') };
  };
  const anon = () => new Browser(cloud.url);

  beforeAll(async () => {
    storage = await testStorage(kind);
    cloud = await startCloud(storage.overrides);
    owner = new Browser(cloud.url);
    await owner.login();
    g = field((await owner.call('POST', '/api/gateway/management/create', { name: 'G' })).body, 'id');
    g2 = field((await owner.call('POST', '/api/gateway/management/create', { name: 'G2' })).body, 'id');
    const token = field((await owner.call('POST', `/api/auth/gateway/${g}`)).body, 'token');
    link = await openEchoLink(cloud.url, token, owner, g);
  });
  afterAll(async () => {
    for (const l of live) await l.close();
    await link?.close();
    await cloud?.stop();
    await storage?.stop();
  });

  /** Every relayed gateway route, every device command and PING: [label, path, body, access]. */
  const relayCalls = () => {
    const calls: Array<[string, string, unknown, 'read' | 'write']> = [];
    for (const [name, access] of Object.entries(RELAY_ROUTE_ACCESS) as Array<
      [RelayableRouteName, 'read' | 'write']
    >) {
      const def = ROUTES[name];
      calls.push([
        name,
        `/api/gateway/requests/${g}`,
        { url: buildPath(def.path, { id: 'x' }), method: def.method },
        access,
      ]);
    }
    for (const [command, access] of Object.entries(DEVICE_COMMAND_ACCESS) as Array<
      [DeviceCommandName, 'read' | 'write']
    >) {
      calls.push([
        command,
        '/api/gateway/requests/device',
        { gatewayId: g, device: '127.0.0.1:8080', command, params: {} },
        access,
      ]);
    }
    calls.push(['PING', '/api/gateway/requests/command', { gatewayId: g, command: 'PING' }, 'read']);
    return calls;
  };

  it('a read token reads every relayed read and is refused every write, before the link', async () => {
    const { secret } = await makeToken(owner, { name: 'grafana', scope: 'read' });
    const before = link.received.length;
    const calls = relayCalls();
    expect(calls.filter((c) => c[3] === 'write').length).toBeGreaterThan(20);
    const wrong: string[] = [];
    for (const [label, path, body, access] of calls) {
      const r = await anon().call('POST', path, body, bearer(secret));
      // A read token sees what a viewer sees: a settings dump's Wi-Fi password masked. The echo link's answer is
      // no dump, so it cannot be masked and is refused (502) rather than passed on.
      const masked = ROUTES[label as RelayableRouteName] && isSecretRead(label as RelayableRouteName);
      const want = access === 'read' ? (masked ? 502 : 200) : 403;
      if (
        r.status !== want ||
        (access === 'write' && (r.body as { code?: string }).code !== 'API_TOKEN_SCOPE')
      )
        wrong.push(`${label}: ${r.status} ${r.text}`);
    }
    expect(wrong).toEqual([]);
    expect(link.received.length - before).toBe(calls.filter((c) => c[3] === 'read').length);
    const raw = await fetch(`${cloud.url}/api/gateway/requests/${g}/raw?method=POST&url=/api/ota/firmware`, {
      method: 'POST',
      headers: { ...bearer(secret), 'content-type': 'application/octet-stream' },
      body: new Uint8Array([1, 2, 3]),
    });
    expect(raw.status).toBe(403);
    // the write refusals are in the audit trail, naming the token
    const denied = (await owner.call('GET', `/api/audit?gatewayId=${g}&action=relay.device`)).body as Array<
      Record<string, unknown>
    >;
    expect(denied).toEqual(
      expect.arrayContaining([expect.objectContaining({ outcome: 'denied', detail: 'API token "grafana"' })]),
    );
  });

  it('an operate token writes, but never more than its user: a viewer’s operate token only reads', async () => {
    const { secret } = await makeToken(owner, { name: 'ha', scope: 'operate' });
    const write = { gatewayId: g, device: '127.0.0.1:8080', command: 'callAction', params: { name: 'on' } };
    expect((await anon().call('POST', '/api/gateway/requests/device', write, bearer(secret))).status).toBe(
      200,
    );
    await cloud.server.users.create('viewer', PASSWORD);
    const shared = await owner.call('POST', '/api/gateway/management/share', {
      gatewayId: g,
      login: 'viewer',
      role: 'viewer',
    });
    expect(shared.status).toBe(200);
    const viewer = new Browser(cloud.url);
    await viewer.login('viewer', PASSWORD);
    const vt = await makeToken(viewer, { name: 'script', scope: 'operate' });
    const refused = await anon().call('POST', '/api/gateway/requests/device', write, bearer(vt.secret));
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'ROLE_FORBIDDEN' });
    const list = (await anon().call('GET', '/api/gateway/management/list', undefined, bearer(vt.secret)))
      .body;
    expect(list).toEqual([expect.objectContaining({ id: g, role: 'viewer' })]);
  });

  it('a token limited to one gateway is refused on another; it lists only its gateways', async () => {
    const { secret } = await makeToken(owner, { name: 'one', scope: 'operate', gatewayIds: [g] });
    const ping = (id: string) =>
      anon().call(
        'POST',
        '/api/gateway/requests/command',
        { gatewayId: id, command: 'PING' },
        bearer(secret),
      );
    expect((await ping(g)).status).toBe(200);
    const other = await ping(g2);
    expect(other.status).toBe(403);
    expect(other.body).toMatchObject({ code: 'API_TOKEN_SCOPE' });
    expect(
      (await anon().call('GET', `/api/gateway/management/${g2}`, undefined, bearer(secret))).status,
    ).toBe(403);
    const list = (await anon().call('GET', '/api/gateway/management/list', undefined, bearer(secret))).body;
    expect(list).toEqual([expect.objectContaining({ id: g, role: 'operator' })]);
  });

  it('refuses tokens on account, token, share and user management and on the live channel', async () => {
    const { secret, id } = await makeToken(owner, { name: 'everything', scope: 'operate' });
    const refused: Array<[string, string, unknown?]> = [
      ['GET', '/api/auth'],
      ['GET', '/api/auth/me'],
      ['GET', '/api/auth/user/tokens'],
      ['POST', '/api/auth/user/tokens', { name: 'x', scope: 'read', expiresAt: Date.now() + DAY }],
      ['DELETE', `/api/auth/user/tokens/${id}`],
      ['GET', '/api/auth/user/sessions'],
      ['GET', '/api/auth/user/sso'],
      ['POST', '/api/auth/user/sso/link'],
      ['DELETE', '/api/auth/user/sso/x'],
      ['POST', '/api/auth/user/password', { currentPassword: 'a', newPassword: 'bbbbbbbbbb' }],
      ['POST', '/api/auth/user/logout-all'],
      ['GET', '/api/users'],
      ['GET', `/api/gateway/management/shares/${g}`],
      ['POST', '/api/gateway/management/create', { name: 'by-token' }],
      ['DELETE', `/api/gateway/management/delete/${g2}`],
      ['POST', `/api/auth/gateway/${g2}`],
      ['GET', '/api/audit'],
    ];
    const wrong: string[] = [];
    for (const [method, path, body] of refused) {
      const r = await anon().call(method, path, body, bearer(secret));
      if (r.status !== 403 || (r.body as { code?: string }).code !== 'API_TOKEN_NOT_ALLOWED')
        wrong.push(`${method} ${path}: ${r.status} ${r.text}`);
    }
    expect(wrong).toEqual([]);
    await expect(
      connectStompClient(`${cloud.url.replace(/^http/, 'ws')}/api/st-ws`, {
        httpHeaders: bearer(secret),
        heartbeatIncoming: 0,
        heartbeatOutgoing: 0,
      }),
    ).rejects.toThrow(/API tokens/);
  });

  it('shows a token once, records its last use, revokes it at once; bad input is 4xx', async () => {
    const { secret, id } = await makeToken(owner, { name: 'cron', scope: 'read' });
    const listed = (await owner.call('GET', '/api/auth/user/tokens')).body as Array<Record<string, unknown>>;
    const row = listed.find((t) => t.id === id);
    expect(row).toMatchObject({ name: 'cron', scope: 'read', gatewayIds: null, lastUsedAt: null });
    expect(JSON.stringify(listed)).not.toContain(secret);
    expect((await anon().call('GET', '/api/gateway/management/list', undefined, bearer(secret))).status).toBe(
      200,
    );
    const used = (await owner.call('GET', '/api/auth/user/sessions')).body as {
      tokens: Array<Record<string, unknown>>;
    };
    expect(used.tokens.find((t) => t.id === id)).toMatchObject({
      lastUsedAddress: '127.0.0.1',
      lastUsedAt: expect.any(String),
    });
    const audit = (await owner.call('GET', '/api/audit?action=apiToken.used')).body as Array<
      Record<string, unknown>
    >;
    expect(audit.some((r) => String(r.detail).startsWith('"cron" GET /api/gateway/management/list'))).toBe(
      true,
    );
    expect((await owner.call('DELETE', `/api/auth/user/tokens/${id}`)).status).toBe(200);
    const after = await anon().call('GET', '/api/gateway/management/list', undefined, bearer(secret));
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ code: 'API_TOKEN_INVALID' });
    expect((await owner.call('DELETE', `/api/auth/user/tokens/${id}`)).body).toMatchObject({
      code: 'API_TOKEN_NOT_FOUND',
    });
    const bad = async (body: Record<string, unknown>) =>
      (await owner.call('POST', '/api/auth/user/tokens', body)).status;
    expect(await bad({ name: 'x', scope: 'admin', expiresAt: Date.now() + DAY })).toBe(400);
    expect(await bad({ name: '', scope: 'read', expiresAt: Date.now() + DAY })).toBe(400);
    expect(await bad({ name: 'x', scope: 'read' })).toBe(400);
    expect(await bad({ name: 'x', scope: 'read', expiresAt: Date.now() - 1000 })).toBe(400);
    expect(await bad({ name: 'x', scope: 'read', expiresAt: Date.now() + 400 * DAY })).toBe(400);
    expect(await bad({ name: 'x', scope: 'read', expiresAt: Date.now() + DAY, gatewayIds: ['nope'] })).toBe(
      404,
    );
    const expiring = await makeToken(owner, { name: 'short', scope: 'read', expiresAt: Date.now() + 1500 });
    expect(
      (await anon().call('GET', '/api/gateway/management/list', undefined, bearer(expiring.secret))).status,
    ).toBe(200);
    await waitFor(
      async () =>
        (await anon().call('GET', '/api/gateway/management/list', undefined, bearer(expiring.secret)))
          .status === 401,
    );
  });

  it('lists sessions with device, address and last seen; ending one stops its HTTP calls and live channel at once', async () => {
    await cloud.server.users.create('sam', PASSWORD);
    const phone = new Browser(cloud.url);
    const laptop = new Browser(cloud.url);
    const phoneUa =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1';
    const r = await phone.call(
      'POST',
      '/api/auth/user',
      { login: 'sam', password: PASSWORD },
      { 'user-agent': phoneUa },
    );
    expect(r.status).toBe(200);
    await laptop.call(
      'POST',
      '/api/auth/user',
      { login: 'sam', password: PASSWORD },
      { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0' },
    );
    const overview = (await laptop.call('GET', '/api/auth/user/sessions')).body as {
      sessions: Array<{ id: string; current: boolean; device: string; address: string; lastSeenAt: string }>;
    };
    expect(overview.sessions.map((s) => [s.device, s.current, s.address])).toEqual([
      ['Firefox on Linux', true, '127.0.0.1'],
      ['Safari on iOS', false, '127.0.0.1'],
    ]);
    const phoneSession = overview.sessions.find((s) => !s.current)?.id ?? '';
    const phoneLive = await openLive(cloud.url, phone.cookie);
    live.push(phoneLive);
    await phoneLive.subscribe('/secured/events');
    expect((await phone.call('GET', '/api/auth/me')).status).toBe(200);
    expect((await laptop.call('DELETE', `/api/auth/user/sessions/${phoneSession}`)).status).toBe(200);
    // at once: the very next call of the ended session is refused
    expect((await phone.call('GET', '/api/auth/me')).status).toBe(401);
    await waitFor(() => phoneLive.errors.length > 0, { what: 'the ended session’s live channel to close' });
    expect((await laptop.call('GET', '/api/auth/me')).status).toBe(200);
    const left = (await laptop.call('GET', '/api/auth/user/sessions')).body as { sessions: unknown[] };
    expect(left.sessions).toHaveLength(1);
    expect((await laptop.call('DELETE', `/api/auth/user/sessions/${phoneSession}`)).body).toMatchObject({
      code: 'SESSION_NOT_FOUND',
    });
    // another user's session is not found either
    const ownerSessions = (await owner.call('GET', '/api/auth/user/sessions')).body as {
      sessions: Array<{ id: string }>;
    };
    const ownerSession = ownerSessions.sessions[0]?.id ?? '';
    expect((await laptop.call('DELETE', `/api/auth/user/sessions/${ownerSession}`)).status).toBe(404);
    const ended = (await owner.call('GET', '/api/audit?action=session.ended')).body as unknown[];
    expect(ended.length).toBeGreaterThanOrEqual(1);
  });
});
