import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { attachStomp, type StompServer } from '@st/stomp';
import { waitFor } from '@st/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { LiveChannel, liveChannelUrl } from './liveChannel';
import type { SocketLike } from './stompClient';

// The console's live channel against the real STOMP server over a real websocket. Node 20 has no global
// WebSocket, so the `ws` package opens the socket (the browser uses its own).

const quiet = { debug: () => {}, warn: () => {}, error: () => {} };
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function startServer(): Promise<{ stomp: StompServer<null>; url: string }> {
  const http: Server = createServer();
  const stomp = attachStomp<null>(http, { authenticate: () => ({ ok: true, principal: null }) });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => http.close(resolve)));
  cleanups.push(() => stomp.close());
  const { port } = http.address() as AddressInfo;
  return { stomp, url: liveChannelUrl(`http://127.0.0.1:${port}/`, 'api/st-ws') };
}

function channel(url: string, beforeConnect?: () => Promise<void>): LiveChannel {
  const live = new LiveChannel({
    url,
    ...(beforeConnect === undefined ? {} : { beforeConnect }),
    heartbeatMs: 10_000,
    reconnectDelayMs: 100,
    log: quiet,
    // (ws's socket has the browser's shape; its event types are its own)
    webSocketFactory: () => new WebSocket(url, ['v12.stomp']) as unknown as SocketLike,
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
    const live = channel(url, async () => {
      renewals += 1;
    });
    live.start();
    await waitFor(() => stomp.sessions().length === 1, { what: 'first connect' });

    stomp.closeSessions(() => true, 'session expired');
    await waitFor(() => renewals === 2 && stomp.sessions().length === 1, { what: 'reconnect' });
  });
});

describe('STOMP frames (stompClient.ts)', () => {
  it('escapes header values except in CONNECT, and reads frames back with heart-beats between them', async () => {
    const { decodeFrames, encodeFrame } = await import('./stompClient');
    expect(encodeFrame('SUBSCRIBE', { id: 'sub-0', destination: '/a:b\nc' })).toBe(
      'SUBSCRIBE\nid:sub-0\ndestination:/a\\cb\\nc\n\n\0',
    );
    expect(encodeFrame('CONNECT', { host: 'a:b' })).toBe('CONNECT\nhost:a:b\n\n\0');
    const frames = decodeFrames(
      '\nMESSAGE\nsubscription:sub-0\ndestination:/a\\cb\nx:1\nx:2\n\n{"n":1}\0\n\r\nCONNECTED\nheart-beat:0,5000\nserver:a:b\n\n\0',
    );
    expect(frames).toEqual([
      {
        command: 'MESSAGE',
        headers: { subscription: 'sub-0', destination: '/a:b', x: '1' },
        body: '{"n":1}',
      },
      { command: 'CONNECTED', headers: { 'heart-beat': '0,5000', server: 'a:b' }, body: '' },
    ]);
  });
});
