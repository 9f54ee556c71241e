import { request } from 'node:http';
import { waitFor } from '@st/testkit';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { harnessPerTest, headersOf } from '../testing/harness';

const start = harnessPerTest();

function upgradeStatus(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.on('open', () => {
      ws.close();
      resolve(101);
    });
    ws.on('error', reject);
  });
}

describe('server lifecycle', () => {
  it('serves only its path: other upgrade paths get 404 and plain HTTP is untouched', async () => {
    const harness = await start({ authenticate: () => ({ ok: true, principal: null }) });
    expect(await upgradeStatus(harness.url)).toBe(101);
    expect(await upgradeStatus(`${harness.url}?token=1`)).toBe(101);
    expect(await upgradeStatus(harness.url.replace('/api/st-ws', '/api/other'))).toBe(404);
    const status = await new Promise<number>((resolve) =>
      request(harness.url.replace('ws:', 'http:'), (res) => resolve(res.statusCode ?? 0)).end(),
    );
    expect(status).toBe(404);
  });

  it('closes the sessions matching a predicate (e.g. one gateway’s) with ERROR and leaves the rest', async () => {
    const harness = await start({
      authenticate: ({ request }) => ({
        ok: true,
        principal: { gateway: request.headers['x-gateway'] ?? '' },
      }),
    });
    const reasons: string[] = [];
    harness.stomp.on('disconnected', (s, reason) => reasons.push(`${s.principal.gateway}: ${reason}`));
    const doomed = await harness.raw({ 'x-gateway': 'g1' });
    await doomed.connect();
    const doomedToo = await harness.raw({ 'x-gateway': 'g1' });
    await doomedToo.connect();
    const kept = await harness.raw({ 'x-gateway': 'g2' });
    await kept.connect();
    expect(harness.stomp.closeSessions((s) => s.principal.gateway === 'g1', 'Gateway token deleted')).toBe(2);
    expect(headersOf(await doomed.frame('ERROR')).message).toBe('Gateway token deleted');
    await doomed.closed();
    await doomedToo.closed();
    expect(reasons).toEqual(['g1: Gateway token deleted', 'g1: Gateway token deleted']);
    expect(harness.stomp.sessions().map((s) => s.principal.gateway)).toEqual(['g2']);
    expect(kept.closeCode).toBeUndefined();
  });

  it('closes politely on close(): clients see websocket close 1001 and new upgrades are refused', async () => {
    const harness = await start({ authenticate: () => ({ ok: true, principal: null }) });
    const raw = await harness.raw();
    await raw.connect();
    const client = await harness.client();
    const closes: number[] = [];
    client.onWebSocketClose = (event: { code: number }) => closes.push(event.code);
    await harness.stomp.close();
    expect(await raw.closed()).toBe(1001);
    await waitFor(() => closes.length === 1);
    expect(closes).toEqual([1001]);
    expect(raw.frames.some((f) => f.command === 'ERROR')).toBe(false);
    expect(await upgradeStatus(harness.url)).toBe(404);
  });
});
