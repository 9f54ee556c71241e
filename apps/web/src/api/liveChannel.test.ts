import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { attachStomp, type StompServer } from '@st/stomp';
import { waitFor } from '@st/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { LiveChannel, type LiveSocket, liveChannelUrl } from './liveChannel';

// The console's live channel against the real STOMP server over a real websocket. Node 20 has no global
// WebSocket, so the `ws` package opens the socket (the browser uses its own).

const quiet = { debug: () => {}, warn: () => {}, error: () => {} };
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function startServer(heartbeat?: {
  outgoing: number;
  incoming: number;
}): Promise<{ stomp: StompServer<null>; url: string }> {
  const http: Server = createServer();
  const stomp = attachStomp<null>(http, {
    authenticate: () => ({ ok: true, principal: null }),
    ...(heartbeat === undefined ? {} : { heartbeat }),
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => http.close(resolve)));
  cleanups.push(() => stomp.close());
  const { port } = http.address() as AddressInfo;
  return { stomp, url: liveChannelUrl(`http://127.0.0.1:${port}/`, 'api/st-ws') };
}

const socket = (url: string) => new WebSocket(url, ['v12.stomp']) as unknown as LiveSocket;

function channel(
  url: string,
  options: { beforeConnect?: () => Promise<void>; heartbeatMs?: number; factory?: () => LiveSocket } = {},
): LiveChannel {
  const live = new LiveChannel({
    url,
    ...(options.beforeConnect === undefined ? {} : { beforeConnect: options.beforeConnect }),
    heartbeatMs: options.heartbeatMs ?? 10_000,
    reconnectDelayMs: 100,
    log: quiet,
    // (ws's socket has the browser's shape; its event types are its own)
    webSocketFactory: options.factory ?? (() => socket(url)),
  });
  cleanups.push(() => live.stop());
  return live;
}

describe('live channel', () => {
  it('delivers parsed JSON to a subscription made before the connection was up', async () => {
    const { stomp, url } = await startServer();
    const live = channel(url);
    const got: unknown[] = [];
    live.subscribe('/connection/status', (payload) => got.push(payload));
    live.start();

    await waitFor(() => stomp.subscriberCount('/connection/status') === 1, { what: 'subscription' });
    await stomp.publishJson('/connection/status', { status: 'CONNECTED' });

    await waitFor(() => got.length === 1, { what: 'message' });
    expect(got).toEqual([{ status: 'CONNECTED' }]);
  });

  it('restores every subscription after the link drops and reconnects', async () => {
    const { stomp, url } = await startServer();
    const live = channel(url);
    const events: unknown[] = [];
    const notes: unknown[] = [];
    let reconnects = 0;
    live.onReconnect(() => {
      reconnects += 1;
    });
    live.subscribe('/secured/events', (payload) => events.push(payload));
    live.start();
    live.subscribe('/secured/notifications', (payload) => notes.push(payload));
    await waitFor(() => stomp.subscriberCount('/secured/notifications') === 1, {
      what: 'first subscriptions',
    });

    expect(stomp.closeSessions(() => true, 'dropped by test')).toBe(1);
    await waitFor(() => stomp.sessions().length === 1 && stomp.subscriberCount('/secured/events') === 1, {
      what: 'reconnect',
    });
    await waitFor(() => stomp.subscriberCount('/secured/notifications') === 1, {
      what: 'second subscription',
    });
    await stomp.publishJson('/secured/events', { event: 'CONNECTED' });
    await stomp.publishJson('/secured/notifications', { id: 'n1' });

    await waitFor(() => events.length === 1 && notes.length === 1, { what: 'messages after reconnect' });
    expect(events).toEqual([{ event: 'CONNECTED' }]);
    expect(notes).toEqual([{ id: 'n1' }]);
    expect(reconnects).toBe(1);
  });

  it('stops delivering once unsubscribed, and stop() closes the session', async () => {
    const { stomp, url } = await startServer();
    const live = channel(url);
    const got: unknown[] = [];
    const unsubscribe = live.subscribe('/devices/found', (payload) => got.push(payload));
    live.start();
    await waitFor(() => stomp.subscriberCount('/devices/found') === 1, { what: 'subscription' });

    unsubscribe();
    await waitFor(() => stomp.subscriberCount('/devices/found') === 0, { what: 'unsubscribe' });
    await live.stop();

    await waitFor(() => stomp.sessions().length === 0, { what: 'session closed' });
    expect(got).toEqual([]);
  });

  it('renews the session before every connect, so a reconnect after the access cookie expired is accepted', async () => {
    const { stomp, url } = await startServer();
    let renewals = 0;
    const live = channel(url, {
      beforeConnect: async () => {
        renewals += 1;
      },
    });
    live.start();
    await waitFor(() => stomp.sessions().length === 1, { what: 'first connect' });

    stomp.closeSessions(() => true, 'session expired');
    await waitFor(() => renewals === 2 && stomp.sessions().length === 1, { what: 'reconnect' });
  });
});

describe('live channel resilience', () => {
  it('keeps trying when the socket cannot be opened, or the step before connecting fails', async () => {
    const { stomp, url } = await startServer();
    let tries = 0;
    const live = channel(url, {
      beforeConnect: async () => {
        if (tries === 0) throw new Error('session check failed');
      },
      factory: () => {
        tries += 1;
        if (tries <= 2) throw new SyntaxError('The socket could not be opened');
        return socket(url);
      },
    });
    live.subscribe('/devices/found', () => {});
    live.start();
    await waitFor(() => stomp.subscriberCount('/devices/found') === 1, { what: 'connected after failures' });
    expect(tries).toBe(3);
  });

  it('sends heart-beats: a server that drops silent clients keeps the session while nothing else is sent', async () => {
    const { stomp, url } = await startServer({ outgoing: 100, incoming: 100 });
    const live = channel(url, { heartbeatMs: 100 });
    let connects = 0;
    live.onConnectionChange((connected) => {
      if (connected) connects += 1;
    });
    live.start();
    await waitFor(() => stomp.sessions().length === 1, { what: 'connect' });
    const [session] = stomp.sessions();
    // ten heart-beat periods with no frame but heart-beats (the server drops a client silent for 2-3)
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(stomp.sessions().map((s) => s.id)).toEqual([session?.id]);
    expect(connects).toBe(1);
  });

  it('forgets a subscription dropped while the link is down, and makes every other once again', async () => {
    const { stomp, url } = await startServer();
    const live = channel(url);
    const got: unknown[] = [];
    live.subscribe('/secured/events', (payload) => got.push(payload));
    const drop = live.subscribe('/secured/notifications', () => {});
    live.start();
    await waitFor(() => stomp.subscriberCount('/secured/notifications') === 1, { what: 'subscriptions' });
    const down = new Promise<void>((resolve) => {
      const off = live.onConnectionChange((connected) => {
        if (connected) return;
        off();
        drop();
        resolve();
      });
    });
    stomp.closeSessions(() => true, 'dropped by test');
    await down;
    await waitFor(() => stomp.subscriberCount('/secured/events') === 1, { what: 'reconnect' });
    expect(stomp.sessions()[0]?.destinations()).toEqual(['/secured/events']);
    await stomp.publishJson('/secured/events', { n: 1 });
    await waitFor(() => got.length === 1, { what: 'message' });
    // a second copy of the handler would have delivered it twice by the time a second message arrives
    await stomp.publishJson('/secured/events', { n: 2 });
    await waitFor(() => got.length >= 2, { what: 'second message' });
    expect(got).toEqual([{ n: 1 }, { n: 2 }]);
  });
});
