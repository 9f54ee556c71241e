import { connectStompClient, StompConnectError } from '@st/stomp/client';
import { waitFor } from '@st/testkit';
import type { Client } from '@stomp/stompjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, field, startCloud, type TestCloud, testStorage } from './helpers';
import { isOnline, type LiveClient, openLive } from './system';

/** A gateway speaking the link protocol directly with its token (what the real gateway does first). */
async function rawLink(cloud: TestCloud, token: string): Promise<{ client: Client; closed: () => boolean }> {
  let closed = false;
  const client = await connectStompClient(`${cloud.url.replace('http', 'ws')}/api/st-ws`, {
    httpHeaders: { 'smartthing-token-gateway': token },
    heartbeatIncoming: 0,
    heartbeatOutgoing: 0,
  });
  client.onWebSocketClose = () => {
    closed = true;
  };
  client.subscribe('/link/topics', () => undefined);
  client.subscribe('/link/requests', () => undefined);
  return { client, closed: () => closed };
}

describe('authorization matrix: user B and gateway tokens against user A', () => {
  let storage: Awaited<ReturnType<typeof testStorage>>;
  let cloud: TestCloud;
  const a: { browser: Browser; gatewayId: string; token: string } = {
    browser: new Browser(''),
    gatewayId: '',
    token: '',
  };
  let b: Browser;
  let bLive: LiveClient;
  let aLive: LiveClient;

  beforeAll(async () => {
    storage = await testStorage('sqlite');
    cloud = await startCloud(storage.overrides);
    await cloud.server.users.create('bob', 'bob-password-1');
    a.browser = new Browser(cloud.url);
    await a.browser.login();
    a.gatewayId = field(
      (await a.browser.call('POST', '/api/gateway/management/create', { name: 'A1' })).body,
      'id',
    );
    a.token = field((await a.browser.call('POST', `/api/auth/gateway/${a.gatewayId}`)).body, 'token');
    b = new Browser(cloud.url);
    await b.login('bob', 'bob-password-1');
    aLive = await openLive(cloud.url, a.browser.cookie);
    await aLive.subscribe('/secured/events');
    bLive = await openLive(cloud.url, b.cookie);
    await bLive.subscribe('/secured/events');
  });
  afterAll(async () => {
    await aLive?.close();
    await bLive?.close();
    await cloud?.stop();
    await storage?.stop();
  });

  it("does not list A's gateways to B and answers 404 for every management and token route", async () => {
    expect((await b.call('GET', '/api/gateway/management/list')).body).toEqual([]);
    const id = a.gatewayId;
    const calls: Array<[string, string, unknown?]> = [
      ['GET', `/api/gateway/management/${id}`],
      ['PUT', '/api/gateway/management/update', { id, name: 'stolen' }],
      ['DELETE', `/api/gateway/management/delete/${id}`],
      ['POST', `/api/auth/gateway/${id}`],
      ['POST', `/api/auth/gateway/logout/${id}`],
    ];
    for (const [method, path, body] of calls) {
      const r = await b.call(method, path, body);
      expect(r.status, `${method} ${path}`).toBe(404);
      expect(r.body).toMatchObject({ code: 'GATEWAY_NOT_FOUND' });
    }
    // A's gateway and token are untouched.
    expect((await a.browser.call('GET', `/api/gateway/management/${id}`)).body).toMatchObject({
      name: 'A1',
      haveToken: true,
    });
  });

  it("answers 404 to B for every relay kind to A's gateway, online or not", async () => {
    const link = await rawLink(cloud, a.token);
    try {
      await waitFor(() => isOnline(a.browser, a.gatewayId));
      const id = a.gatewayId;
      const relays: Array<[string, unknown]> = [
        [`/api/gateway/requests/${id}`, { url: '/api/build', method: 'GET' }],
        ['/api/gateway/requests/device', { gatewayId: id, device: '127.0.0.1', command: 'getInfo' }],
        ['/api/gateway/requests/command', { gatewayId: id, command: 'PING' }],
      ];
      for (const [path, body] of relays) {
        const r = await b.call('POST', path, body);
        expect(r.status, path).toBe(404);
      }
      // The owner was told about the link; B's live channel heard nothing.
      await waitFor(() => (aLive.messages.get('/secured/events')?.length ?? 0) > 0);
      expect(bLive.messages.get('/secured/events')).toEqual([]);
    } finally {
      await link.client.deactivate();
    }
  });

  it("refuses B's subscription to A's gateway topics with an ERROR frame", async () => {
    const live = await openLive(cloud.url, b.cookie);
    const refused = new Promise<string>((resolve) => {
      live.client.onStompError = (f) => resolve(f.headers.message ?? '');
    });
    live.client.subscribe(`/secured/gateway/${a.gatewayId}/devices/found`, () => undefined);
    expect(await refused).toContain('not found');
    await live.close();
  });

  it('does not let a gateway token act as a user', async () => {
    const asGateway = { 'SmartThing-Token-Gateway': a.token };
    const anon = new Browser(cloud.url);
    const list = await anon.call('GET', '/api/gateway/management/list', undefined, asGateway);
    expect(list.status).toBe(403);
    expect(list.body).toMatchObject({ code: 'USER_TOKEN_REQUIRED' });
    const create = await anon.call('POST', '/api/gateway/management/create', { name: 'x' }, asGateway);
    expect(create.status).toBe(403);
    const relay = await anon.call(
      'POST',
      `/api/gateway/requests/${a.gatewayId}`,
      { url: '/api/build', method: 'GET' },
      asGateway,
    );
    expect(relay.status).toBe(403);
    const token = await anon.call('POST', `/api/auth/gateway/${a.gatewayId}`, undefined, asGateway);
    expect(token.status).toBe(403);
    // A gateway may not subscribe to user topics either.
    const client = await connectStompClient(`${cloud.url.replace('http', 'ws')}/api/st-ws`, {
      httpHeaders: { 'smartthing-token-gateway': a.token },
    });
    const refused = new Promise<string>((resolve) => {
      client.onStompError = (f) => resolve(f.headers.message ?? '');
    });
    client.subscribe('/secured/events', () => undefined);
    expect(await refused).toContain('Not allowed');
    await client.deactivate();
  });

  it('refuses a live connection without a session or with a revoked token', async () => {
    await expect(connectStompClient(`${cloud.url.replace('http', 'ws')}/api/st-ws`)).rejects.toBeInstanceOf(
      StompConnectError,
    );
    await expect(
      connectStompClient(`${cloud.url.replace('http', 'ws')}/api/st-ws`, {
        httpHeaders: { 'smartthing-token-gateway': 'stg_forged' },
      }),
    ).rejects.toBeInstanceOf(StompConnectError);
  });

  it("closes a browser's live connection when its session ends (logout)", async () => {
    const c = new Browser(cloud.url);
    await c.login('bob', 'bob-password-1');
    const live = await openLive(cloud.url, c.cookie);
    let closed = false;
    live.client.onWebSocketClose = () => {
      closed = true;
    };
    await live.subscribe('/secured/events');
    expect((await c.call('POST', '/api/auth/user/logout')).status).toBe(200);
    await waitFor(() => closed, { what: 'the live connection to close' });
    await live.close();
  });

  it('keeps one link per gateway: a second connection with the token replaces the first', async () => {
    const first = await rawLink(cloud, a.token);
    await waitFor(() => isOnline(a.browser, a.gatewayId));
    const events = aLive.messages.get('/secured/events') ?? [];
    const before = events.length;
    const second = await rawLink(cloud, a.token);
    try {
      await waitFor(() => first.closed(), { what: 'the first link to be closed' });
      expect(second.closed()).toBe(false);
      expect(await isOnline(a.browser, a.gatewayId)).toBe(true);
      await waitFor(() => events.length > before);
      expect(events.slice(before).map((e) => Reflect.get(Object(e), 'event'))).not.toContain('DISCONNECTED');
    } finally {
      await second.client.deactivate();
      await first.client.deactivate();
    }
  });
});
