import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Gateway } from '@st/protocol';
import { GATEWAY_ROUTES } from '@st/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { GatewayOfflineError, HttpError } from './errors';
import { createGatewayFetch } from './gatewayFetch';
import { HttpClient } from './http';
import { gatewayCall } from './routes';

const quiet = { debug: () => {}, warn: () => {}, error: () => {} };
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

interface Seen {
  method: string;
  url: string;
  body: string;
}

/** Records every request and answers `answer(seen)` as JSON. */
async function recorder(answer: (seen: Seen) => [number, unknown]) {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => {
      const entry = { method: req.method ?? '', url: req.url ?? '', body };
      seen.push(entry);
      const [status, value] = answer(entry);
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    seen,
    http: new HttpClient({ baseUrl: `http://127.0.0.1:${port}/`, timeoutMs: 2000, log: quiet }),
  };
}

const home: Gateway = { id: 'g-1', name: 'home', description: '', online: true, haveToken: true };
const notification = {
  id: 'n1',
  device: { name: 'lamp', type: 'light', ip: '127.0.0.5' },
  dateTime: '2026-01-02T03:04:05.000Z',
  notification: { message: 'Hot!', type: 'warning' },
};

describe('gatewayFetch', () => {
  it('in cloud mode sends the gateway call through the relay and parses the passed-through answer', async () => {
    const { seen, http } = await recorder(() => [200, [notification]]);
    const offline: string[] = [];
    const fetchGateway = createGatewayFetch({
      mode: 'cloud',
      http,
      onGatewayOffline: (g) => offline.push(g.name),
    });

    const list = await fetchGateway(home, gatewayCall(GATEWAY_ROUTES, 'gateway.notifications.list'));

    expect(list.map((n) => n.notification.message)).toEqual(['Hot!']);
    expect(seen).toEqual([
      {
        method: 'POST',
        url: '/api/gateway/requests/g-1',
        body: '{"url":"/api/notification","method":"GET"}',
      },
    ]);
    expect(offline).toEqual([]);
  });

  it('in cloud mode passes a query through to the gateway inside the relayed url', async () => {
    const { seen, http } = await recorder(() => [200, { ok: true }]);
    const fetchGateway = createGatewayFetch({ mode: 'cloud', http, onGatewayOffline: () => {} });

    await fetchGateway(
      home,
      gatewayCall(GATEWAY_ROUTES, 'gateway.notifications.seen', { query: { id: 'n 1' } }),
    );

    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({ url: '/api/notification?id=n+1', method: 'DELETE' });
  });

  it('an offline gateway gets nothing sent, and the user is told', async () => {
    const { seen, http } = await recorder(() => [200, []]);
    const offline: string[] = [];
    const fetchGateway = createGatewayFetch({
      mode: 'cloud',
      http,
      onGatewayOffline: (g) => offline.push(g.name),
    });

    const error = await fetchGateway(
      { ...home, online: false },
      gatewayCall(GATEWAY_ROUTES, 'gateway.notifications.list'),
    ).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(GatewayOfflineError);
    expect(offline).toEqual(['home']);
    expect(seen).toEqual([]);
  });

  it("passes the gateway's error status through the relay to the caller", async () => {
    const { http } = await recorder(() => [503, { code: 'GATEWAY_OFFLINE', message: 'Gateway is offline!' }]);
    const fetchGateway = createGatewayFetch({ mode: 'cloud', http, onGatewayOffline: () => {} });

    const error = await fetchGateway(home, gatewayCall(GATEWAY_ROUTES, 'gateway.build')).catch(
      (e: unknown) => e,
    );

    expect(error instanceof HttpError && error.status).toBe(503);
  });

  it('in gateway mode calls the gateway directly', async () => {
    const { seen, http } = await recorder(() => [
      200,
      { version: '1.0.0', buildTime: '2026-01-01T00:00:00.000Z', mode: 'gateway' },
    ]);
    const fetchGateway = createGatewayFetch({ mode: 'gateway', http, onGatewayOffline: () => {} });

    const build = await fetchGateway(undefined, gatewayCall(GATEWAY_ROUTES, 'gateway.build'));

    expect(build.mode).toBe('gateway');
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual(['GET /api/build']);
  });
});
