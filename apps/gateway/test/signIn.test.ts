import { GATEWAY_ROUTES, ROUTE_NAMES, ROUTES } from '@st/protocol';
import { connectStompClient, StompConnectError } from '@st/stomp/client';
import { describe, expect, it } from 'vitest';
import { http } from './helpers';
import { gatewayForFile } from './support/harness';

// Issue 14, item 9: with ST_GATEWAY_PASSWORD set, every API route and the websocket refuse without the
// session cookie; devices' notifications keep working; sign-in is rate limited.

const PASSWORD = 'correct horse battery';
const gw = gatewayForFile({ gateway: { gatewayPassword: PASSWORD } });

/** Every gateway route of the catalog as a concrete request (parameters filled in). */
const ROUTE_CALLS = ROUTE_NAMES.map((n) => ROUTES[n])
  .filter((r) => r.server === 'gateway')
  .map((r) => ({ method: r.method, path: r.path.replace(/:[A-Za-z]+/g, '1') }));

describe('gateway sign-in with a password', () => {
  it('refuses every API route without a session, but not the sign-in routes, build info and device posts', async () => {
    let tried = 0;
    let refused = 0;
    for (const { method, path } of ROUTE_CALLS) {
      const open =
        path.startsWith('/api/gateway/auth') ||
        (method === 'GET' && path === '/api/build') ||
        (method === 'POST' && path === '/api/notification');
      const r = await http(gw.base, method, path, method === 'GET' || method === 'DELETE' ? undefined : {});
      if (open) {
        expect(r.status, `${method} ${path}`).not.toBe(401);
        continue;
      }
      tried += 1;
      expect(r.status, `${method} ${path}`).toBe(401);
      expect(r.body).toMatchObject({ code: 'GATEWAY_SIGN_IN_REQUIRED' });
      refused += 1;
    }
    // A forged relay marker does not help.
    tried += 1;
    const forged = await http(gw.base, 'GET', '/api/devices/found', undefined, {
      'st-cloud-request': 'true',
    });
    expect(forged.status).toBe(401);
    refused += 1;
    const posted = await http(gw.base, 'POST', '/api/notification', {
      device: { name: 'lamp', type: 'lamp', ip: '127.0.0.9' },
      notification: { message: 'still works', type: 'info' },
    });
    expect(posted.status).toBe(200);
    console.info('sign-in figures (routes)', { tried, refused });
  });

  it('refuses the websocket without a session, accepts it with one', async () => {
    await expect(connectStompClient(gw.wsUrl)).rejects.toBeInstanceOf(StompConnectError);
    const signIn = await fetch(`${gw.base}${GATEWAY_ROUTES['gateway.auth.signIn'].path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: PASSWORD }),
    });
    expect(signIn.status).toBe(200);
    const setCookie = signIn.headers.getSetCookie().join(';');
    expect(setCookie).toMatch(/^st_gateway_session=[^;]+; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Strict/);
    const cookie = setCookie.split(';')[0] ?? '';
    const client = await connectStompClient(gw.wsUrl, { httpHeaders: { cookie } });
    await client.deactivate();
    const found = await http(gw.base, 'GET', '/api/devices/found', undefined, { cookie });
    expect(found.status).toBe(200);
    expect((await http(gw.base, 'GET', '/api/gateway/auth', undefined, { cookie })).body).toEqual({
      enabled: true,
      signedIn: true,
      canSetPassword: false,
    });
    const tampered = `${cookie.slice(0, -2)}xx`;
    expect((await http(gw.base, 'GET', '/api/devices/found', undefined, { cookie: tampered })).status).toBe(
      401,
    );
  });

  it('refuses setting another password from the console, and rate-limits wrong passwords', async () => {
    const set = await http(gw.base, 'POST', '/api/gateway/auth/password', { password: 'another-password' });
    expect(set.status).toBe(409);
    expect(set.body).toMatchObject({ code: 'GATEWAY_PASSWORD_ALREADY_SET' });
    const statuses: number[] = [];
    for (let i = 0; i < 15; i++) {
      statuses.push(
        (await http(gw.base, 'POST', '/api/gateway/auth/sign-in', { password: `wrong${i}` })).status,
      );
    }
    // One sign-in above counted too: the limit is 10 a minute per address.
    expect(statuses.filter((s) => s === 401).length).toBe(9);
    expect(statuses.filter((s) => s === 429).length).toBe(6);
    console.info('sign-in figures (wrong passwords)', { tried: 15, refused401: 9, limited429: 6 });
  });
});

describe('gateway without a password (the default)', () => {
  const open = gatewayForFile();
  it('answers without a session and offers to set the first password, which then protects it', async () => {
    expect((await http(open.base, 'GET', '/api/devices/found')).status).toBe(200);
    expect((await http(open.base, 'GET', '/api/gateway/auth')).body).toEqual({
      enabled: false,
      signedIn: false,
      canSetPassword: true,
    });
    const short = await http(open.base, 'POST', '/api/gateway/auth/password', { password: 'short' });
    expect(short.status).toBe(400);
    const res = await fetch(`${open.base}/api/gateway/auth/password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: 'a-new-password' }),
    });
    expect(res.status).toBe(200);
    const cookie = (res.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
    expect((await http(open.base, 'GET', '/api/devices/found')).status).toBe(401);
    expect((await http(open.base, 'GET', '/api/devices/found', undefined, { cookie })).status).toBe(200);
  });
});

describe('the cloud relay with a password set', () => {
  it('runs relayed requests (the in-process relay carries the process secret), not forged ones', async () => {
    const { startGatewayWithDevices } = await import('./support/harness');
    const { runLinkRequest } = await import('../src/cloud/requests');
    const running = await startGatewayWithDevices({ gateway: { gatewayPassword: PASSWORD } });
    try {
      expect((await http(running.gw.base, 'GET', '/api/devices/found')).status).toBe(401);
      const relayed = await runLinkRequest(running.gw.gateway.app, {
        id: 'r1',
        kind: 'relay',
        method: 'GET',
        url: '/api/devices/found',
        headers: { 'st-cloud-request': 'true' },
        timeoutMs: 1000,
      });
      expect(relayed.status).toBe(200);
    } finally {
      await running.stop();
    }
  });
});
