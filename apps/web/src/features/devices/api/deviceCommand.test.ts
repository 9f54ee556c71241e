import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Gateway } from '@st/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { GatewayOfflineError, HttpError, serverMessage } from '../../../api/errors';
import { HttpClient } from '../../../api/http';
import { createDeviceCaller } from './deviceCommand';
import { isRebootTimeout } from './deviceErrors';

// A real HTTP server stands in for the gateway or the cloud relay: it records what the console sends and
// answers what a device would have answered through them.
const quiet = { debug: () => {}, warn: () => {}, error: () => {} };
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

async function server(answer: (body: string) => [number, unknown] | undefined) {
  const seen: { url: string; body: string }[] = [];
  const s = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString();
    });
    req.on('end', () => {
      seen.push({ url: req.url ?? '', body });
      const reply = answer(body);
      if (reply === undefined) return; // never answers
      res.writeHead(reply[0], { 'content-type': 'application/json' });
      res.end(JSON.stringify(reply[1]));
    });
  });
  servers.push(s);
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as AddressInfo;
  return { seen, http: new HttpClient({ baseUrl: `http://127.0.0.1:${port}/`, timeoutMs: 300, log: quiet }) };
}

const home: Gateway = { id: 'g-7', name: 'Home', description: '', online: true, haveToken: true };
const info = {
  stVersion: '1.0',
  name: 'lamp-1',
  type: 'lamp',
  ip: '127.0.0.9',
  board: 'esp32',
  version: '1.4.2',
};

describe('device commands from the console', () => {
  it('in gateway mode posts {command, device, params} to /api/device/request and parses the answer', async () => {
    const { seen, http } = await server(() => [200, info]);
    const call = createDeviceCaller({
      mode: 'gateway',
      http,
      gateway: undefined,
      onGatewayOffline: () => {},
    });
    expect((await call('127.0.0.9', 'getInfo')).name).toBe('lamp-1');
    await call('127.0.0.9', 'saveName', { name: 'hall' });
    expect(seen.map((s) => [s.url, JSON.parse(s.body)])).toEqual([
      ['/api/device/request', { command: 'getInfo', device: '127.0.0.9', params: {} }],
      ['/api/device/request', { command: 'saveName', device: '127.0.0.9', params: { name: 'hall' } }],
    ]);
  });

  it("in cloud mode goes through the cloud's device relay with the gateway id", async () => {
    const { seen, http } = await server(() => [200, { light: 420, led: 0 }]);
    const call = createDeviceCaller({ mode: 'cloud', http, gateway: home, onGatewayOffline: () => {} });
    expect(await call('127.0.0.9', 'getSensors')).toEqual({ light: 420, led: 0 });
    expect(seen[0]?.url).toBe('/api/gateway/requests/device');
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({
      command: 'getSensors',
      device: '127.0.0.9',
      params: {},
      gatewayId: 'g-7',
    });
  });

  it("a device error reaches the caller with the device's own text", async () => {
    const { http } = await server(() => [400, { error: 'Name is too long' }]);
    const call = createDeviceCaller({
      mode: 'gateway',
      http,
      gateway: undefined,
      onGatewayOffline: () => {},
    });
    const error = await call('127.0.0.9', 'saveName', { name: 'x'.repeat(40) }).catch((e: unknown) => e);
    expect(serverMessage(error)).toBe('Name is too long');
  });

  it('an answer that is not what the command returns is an error, not data', async () => {
    const { http } = await server(() => [200, { uptime: 'long' }]);
    const call = createDeviceCaller({
      mode: 'gateway',
      http,
      gateway: undefined,
      onGatewayOffline: () => {},
    });
    const error = await call('127.0.0.9', 'getMetrics').catch((e: unknown) => e);
    expect(error instanceof HttpError && error.failure.kind).toBe('invalid-response');
  });

  it('a restart that gets no answer in time counts as the device rebooting', async () => {
    const { http } = await server(() => undefined);
    const call = createDeviceCaller({
      mode: 'gateway',
      http,
      gateway: undefined,
      onGatewayOffline: () => {},
    });
    expect(isRebootTimeout(await call('127.0.0.9', 'restart').catch((e: unknown) => e))).toBe(true);
  });

  it('an offline gateway gets nothing sent and the user is told', async () => {
    const { seen, http } = await server(() => [200, {}]);
    const told: string[] = [];
    const call = createDeviceCaller({
      mode: 'cloud',
      http,
      gateway: { ...home, online: false },
      onGatewayOffline: (g) => told.push(g.name),
    });
    expect(await call('127.0.0.9', 'getFeatures').catch((e: unknown) => e)).toBeInstanceOf(
      GatewayOfflineError,
    );
    expect(told).toEqual(['Home']);
    expect(seen).toEqual([]);
  });
});
