import { connectStompClient, StompConnectError } from '@st/stomp/client';
import { waitFor } from '@st/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { field } from './helpers';
import { type LinkedSystem, startLinkedSystem } from './support/linked';
import { gwCall } from './system';

// Issue 14, items 6 and 5: a gateway whose token the cloud refuses stops hammering the cloud and says why;
// the gateway token header is found whatever its case, in HTTP and in STOMP CONNECT.

describe('a revoked gateway token', () => {
  let sys: LinkedSystem;
  let upgrades = 0;
  beforeAll(async () => {
    sys = await startLinkedSystem({ gatewayLink: { reconnectDelayMs: 100 } });
    sys.cloud.server.app.server.on('upgrade', () => {
      upgrades += 1;
    });
  });
  afterAll(async () => {
    await sys?.stop();
  });

  const status = async () => (await gwCall(sys.gw.url, 'GET', '/api/cloud/connection/status')).body;
  const problem = async () => (await gwCall(sys.gw.url, 'GET', '/api/cloud/connection/problem')).body;

  it('goes to FAILED_TO_CONNECT with TOKEN_REFUSED and stops retrying', async () => {
    expect(await problem()).toEqual({ problem: null });
    const revoked = await sys.user.call('POST', `/api/auth/gateway/logout/${sys.gatewayId}`);
    expect(revoked.status).toBe(200);
    await waitFor(async () => (await status()) === 'FAILED_TO_CONNECT', { what: 'FAILED_TO_CONNECT' });
    expect(await problem()).toEqual({ problem: 'TOKEN_REFUSED' });
    const attempts = upgrades;
    // Twenty reconnect delays later the gateway has not knocked again.
    await new Promise((r) => setTimeout(r, 2000));
    expect(upgrades).toBe(attempts);
    expect(await status()).toBe('FAILED_TO_CONNECT');
    console.info('revoked token figures', { attemptsAfterRevocation: attempts, attemptsIn2s: 0 });
  });

  it('a reconnect by the user tries once, is refused with 401, and does not start retrying', async () => {
    const before = upgrades;
    const r = await gwCall(sys.gw.url, 'PUT', '/api/cloud/connection/connect');
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ code: 'CLOUD_ACCESS_DENIED' });
    expect(upgrades).toBe(before + 1);
    await new Promise((r) => setTimeout(r, 1000));
    expect(upgrades).toBe(before + 1);
    expect(await problem()).toEqual({ problem: 'TOKEN_REFUSED' });
  });

  let token = '';
  it('a new token pasted by the user links again and clears the problem', async () => {
    token = field((await sys.user.call('POST', `/api/auth/gateway/${sys.gatewayId}`)).body, 'token');
    const login = await gwCall(sys.gw.url, 'POST', '/api/cloud/login', { cloudUrl: sys.cloud.url, token });
    expect(login.status).toBe(200);
    expect(await problem()).toEqual({ problem: null });
    expect((await gwCall(sys.gw.url, 'PUT', '/api/cloud/connection/connect')).status).toBe(200);
    expect(await status()).toBe('CONNECTED');
  });

  it('finds the gateway token header whatever its case (STOMP CONNECT and HTTP)', async () => {
    const ws = `${sys.cloud.url.replace(/^http/, 'ws')}/api/st-ws`;
    let tried = 0;
    let accepted = 0;
    for (const name of ['SmartThing-Token-Gateway', 'SMARTTHING-TOKEN-GATEWAY', 'smartthing-token-gateway']) {
      tried += 2;
      const viaConnect = await connectStompClient(ws, { connectHeaders: { [name]: token } });
      accepted += 1;
      await viaConnect.deactivate();
      const viaHandshake = await connectStompClient(ws, { httpHeaders: { [name]: token } });
      accepted += 1;
      await viaHandshake.deactivate();
    }
    const wrong = connectStompClient(ws, { connectHeaders: { 'SmartThing-Token-Gateway': 'nope' } });
    await expect(wrong).rejects.toBeInstanceOf(StompConnectError);
    await expect(wrong).rejects.toThrow('Unknown or revoked gateway token');
    console.info('header case figures', { tried, accepted });
    // The link made above replaced the gateway's own; it links again by itself.
    await waitFor(async () => (await status()) === 'CONNECTED', { what: 'the gateway to relink' });
  });
});
