import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ROUTES } from '@st/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { GATEWAY_SIGN_IN_CHECK, screenFirstGets } from '../app/screenLoaders';
import { clearEarlyGets, EARLY_FRESH_MS, startEarlyGets } from './earlyGets';
import { HttpError } from './errors';
import { send } from './transport';

// A real HTTP server counting the requests per path: an answer asked for early must not be asked again.
const servers: Server[] = [];
afterEach(async () => {
  clearEarlyGets();
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

async function serve(status: (path: string) => number) {
  const hits = new Map<string, number>();
  let served = 0;
  const server = createServer((req, res) => {
    const path = req.url ?? '';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    served++;
    res.writeHead(status(path), { 'content-type': 'application/json' });
    res.end(JSON.stringify({ path, served }));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return { base, hits };
}

const Answer = z.object({ path: z.string(), served: z.number() });
const get = (baseUrl: string, path: string) =>
  send({ baseUrl, timeoutMs: 2000 }, { method: 'GET', path, schema: Answer });

describe('answers asked for at start-up', () => {
  it("serves the screen's own GET from the early answer, once", async () => {
    const { base, hits } = await serve(() => 200);
    startEarlyGets([`${base}api/devices/found`]);
    const first = await get(base, '/api/devices/found');
    expect(first.served).toBe(1);
    expect(hits.get('/api/devices/found')).toBe(1);
    // A second request asks the server.
    const second = await get(base, '/api/devices/found');
    expect(second.served).toBe(2);
    expect(hits.get('/api/devices/found')).toBe(2);
  });

  it('asks again when the early answer was refused (signed out) or is stale', async () => {
    let refuse = true;
    const { base, hits } = await serve(() => (refuse ? 401 : 200));
    startEarlyGets([`${base}api/devices/saved`]);
    // (the server has refused the early GET before it may accept)
    while (hits.get('/api/devices/saved') !== 1) await new Promise((resolve) => setTimeout(resolve, 10));
    refuse = false;
    expect((await get(base, '/api/devices/saved')).served).toBe(2);
    expect(hits.get('/api/devices/saved')).toBe(2);

    startEarlyGets([`${base}api/devices/found`], fetch, Date.now() - EARLY_FRESH_MS - 1);
    expect((await get(base, '/api/devices/found')).served).toBe(4);
    expect(hits.get('/api/devices/found')).toBe(2);
  });

  it('leaves other methods alone and still fails a refused GET the usual way', async () => {
    const { base, hits } = await serve((path) => (path.endsWith('denied') ? 403 : 200));
    startEarlyGets([`${base}api/x`, `${base}api/denied`]);
    await send(
      { baseUrl: base, timeoutMs: 2000 },
      { method: 'POST', path: '/api/x', body: {}, schema: Answer },
    );
    expect(hits.get('/api/x')).toBe(2);
    await expect(get(base, '/api/denied')).rejects.toBeInstanceOf(HttpError);
    expect(hits.get('/api/denied')).toBe(2);
  });

  it('names the paths of the route catalog', () => {
    expect(GATEWAY_SIGN_IN_CHECK).toBe(ROUTES['gateway.auth.state'].path);
    expect(screenFirstGets.panel).toEqual([
      ROUTES['gateway.devices.searchEnabled'].path,
      ROUTES['gateway.devices.found'].path,
      ROUTES['gateway.devices.saved.list'].path,
    ]);
  });
});
