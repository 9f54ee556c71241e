import { createConnection } from 'node:net';
import { formatDeviceLogLine } from '@st/protocol';
import { loopbackBlock, waitFor } from '@st/testkit';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { z } from 'zod';
import { http, subscribe } from './helpers';
import { gatewayForFile } from './support/harness';

const gw = gatewayForFile();

const Stats = z.object({ logs: z.object({ stored: z.number(), pauses: z.number(), tcpLines: z.number() }) });

/** A browser that subscribes to the log stream and then stops reading its socket (a frozen tab). */
async function frozenSubscriber(url: string): Promise<WebSocket> {
  const ws = new WebSocket(url, ['v12.stomp']);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  ws.send('CONNECT\naccept-version:1.2\nhost:gw\nheart-beat:0,0\n\n\0');
  await new Promise<void>((resolve) => ws.once('message', () => resolve()));
  ws.send('SUBSCRIBE\nid:0\ndestination:/devices/logs\nreceipt:r\n\n\0');
  await new Promise<void>((resolve) => ws.once('message', () => resolve()));
  ws.pause();
  return ws;
}

describe('a subscriber that stops reading', () => {
  it('holds device logs back for a while, then no longer: every line is still stored and delivered to the others', async () => {
    const frozen = await frozenSubscriber(gw.wsUrl);
    const healthy = await subscribe(gw.wsUrl, '/devices/logs');
    const [address] = loopbackBlock(1);
    const device = createConnection({ port: gw.logPort, host: '127.0.0.1', localAddress: address });
    await new Promise<void>((resolve) => device.once('connect', () => resolve()));
    // About 10 MB for the frozen subscriber: more than the socket buffers hold, less than the 16 MiB after which
    // the STOMP server drops a slow consumer, so only the gateway's stall limit lets ingest go on.
    const total = 40_000;
    const padding = 'x'.repeat(200);
    let text = '';
    for (let i = 0; i < total; i++) {
      text += formatDeviceLogLine({ name: 'chatty', level: 20, tag: 'flood', message: `${i} ${padding}` });
    }
    device.write(text);
    await waitFor(
      async () => Stats.parse((await http(gw.base, 'GET', '/api/stats')).body).logs.stored >= total,
      { what: 'every line stored', timeoutMs: 60_000 },
    );
    await waitFor(() => healthy.messages.length >= total, {
      what: 'every line delivered',
      timeoutMs: 60_000,
    });
    const stats = Stats.parse((await http(gw.base, 'GET', '/api/stats')).body).logs;
    expect(stats.pauses).toBeGreaterThan(0);
    expect(frozen.readyState).toBe(WebSocket.OPEN);
    expect(stats.stored).toBe(total);
    device.destroy();
    frozen.terminate();
    await healthy.close();
  }, 90_000);
});
