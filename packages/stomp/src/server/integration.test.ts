import { freeTcpPort, waitFor } from '@st/testkit';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { connectStompClient } from '../client/node-client';
import { harnessPerTest } from '../testing/harness';
import { attachStomp } from './attach';
import { jsonPublisher } from './json-publisher';

const start = harnessPerTest();

describe('mounting and fan-out under pressure', () => {
  it('mounts on a Fastify app next to its routes and closes with it', async () => {
    const app = Fastify();
    app.get('/api/info', async () => ({ ok: true }));
    const stomp = attachStomp(app.server, { authenticate: () => ({ ok: true, principal: 'browser' }) });
    app.addHook('preClose', () => stomp.close());
    const port = await freeTcpPort();
    await app.listen({ port, host: '127.0.0.1' });
    const client = await connectStompClient(`ws://127.0.0.1:${port}/api/st-ws`);
    const closes: number[] = [];
    client.onWebSocketClose = (event: { code: number }) => closes.push(event.code);
    const got: string[] = [];
    client.subscribe('/devices/found', (m) => got.push(m.body));
    await waitFor(() => stomp.subscriberCount('/devices/found') === 1);
    const publish = jsonPublisher<{
      '/devices/found': { ip: string };
      [k: `/ota/${string}`]: { progress: number };
    }>(stomp);
    await publish('/devices/found', { ip: '127.0.0.5' });
    await waitFor(() => got.length === 1);
    expect(JSON.parse(got[0] ?? '')).toEqual({ ip: '127.0.0.5' });
    expect((await fetch(`http://127.0.0.1:${port}/api/info`)).status).toBe(200);
    await app.close();
    expect(closes).toEqual([1001]);
    await client.deactivate();
  });

  it('drops a subscriber that stops reading instead of buffering without bound, and keeps the others', async () => {
    const harness = await start({
      authenticate: () => ({ ok: true, principal: null }),
      maxBufferedBytes: 1024 * 1024,
    });
    const reasons: string[] = [];
    harness.stomp.on('disconnected', (_s, reason) => reasons.push(reason));
    const stuck = await harness.raw();
    await stuck.connect();
    stuck.send('SUBSCRIBE\nid:0\ndestination:/logs\nreceipt:r\n\n\0');
    await stuck.frame('RECEIPT');
    stuck.ws.pause();
    const healthy = await harness.client();
    let received = 0;
    healthy.subscribe('/logs', () => received++);
    await waitFor(() => harness.stomp.subscriberCount('/logs') === 2);
    const line = 'x'.repeat(16 * 1024);
    let published = 0;
    while (reasons.length === 0 && published < 20_000) {
      for (let i = 0; i < 10; i++) void harness.stomp.publish('/logs', line);
      published += 10;
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(reasons).toEqual([expect.stringContaining('Slow consumer')]);
    await waitFor(() => received === published, { what: 'the healthy subscriber to get everything' });
    expect(harness.stomp.subscriberCount('/logs')).toBe(1);
  });
});
