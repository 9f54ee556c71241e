import { createSocket } from 'node:dgram';
import { createConnection } from 'node:net';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { http } from './helpers';
import { gatewayForFile } from './support/harness';

const gw = gatewayForFile();

const ErrorBody = z.object({ code: z.string(), message: z.string().min(1) });
/** Never an outside address: a random string that is not an IPv4 address, or a loopback one. */
const notRoutable = fc.oneof(
  fc.string({ maxLength: 30 }).filter((s) => !/^\d+\.\d+\.\d+\.\d+/.test(s.trim())),
  fc.constantFrom('127.0.0.300', '127.1', '::1', 'localhost'),
);

async function expectClientError(method: string, path: string, body?: unknown): Promise<void> {
  const r = await http(gw.base, method, path, body);
  expect(r.status, `${method} ${path} -> ${r.status} ${r.text}`).toBeLessThan(500);
  if (r.status >= 400) ErrorBody.parse(r.body);
}

describe('bad input never crashes the gateway', () => {
  it('answers arbitrary JSON bodies on every write route with a 4xx and a message', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue({ maxDepth: 3 }), async (body) => {
        await expectClientError('POST', '/api/device/request', body);
        await expectClientError('POST', '/api/devices/settings', body);
        await expectClientError('POST', '/api/notification', body);
      }),
      { numRuns: 40 },
    );
  });

  it('answers arbitrary query values with a 4xx and a message', async () => {
    await fc.assert(
      fc.asyncProperty(notRoutable, fc.string({ maxLength: 20 }), async (ip, text) => {
        const q = encodeURIComponent(ip);
        const t = encodeURIComponent(text);
        await expectClientError('POST', `/api/devices/saved?ip=${q}`);
        await expectClientError('PUT', `/api/devices/saved?ip=${q}`);
        await expectClientError('DELETE', `/api/devices/saved?ip=${q}`);
        await expectClientError('GET', `/api/device/request/commands?ip=${q}&name=${t}`);
        await expectClientError('GET', `/api/devices/logs?level=${t}&limit=${t}&device=${t}`);
        await expectClientError('DELETE', `/api/devices/settings/${t || 'x'}`);
        await expectClientError('DELETE', `/api/notification?id=${t}`);
      }),
      { numRuns: 40 },
    );
  });

  it('survives random datagrams on the discovery and log ports and random bytes on the log server', async () => {
    const sender = createSocket('udp4');
    await new Promise<void>((resolve) => sender.bind(0, '127.0.0.1', () => resolve()));
    sender.setMulticastInterface('127.0.0.1');
    const socket = createConnection({ port: gw.logPort, host: '127.0.0.1' });
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const samples = fc.sample(fc.uint8Array({ maxLength: 600 }), 200);
    for (const bytes of samples) {
      sender.send(bytes, gw.setup.discoveryPort, '224.1.1.1');
      sender.send(bytes, gw.logPort, '224.1.1.1');
      socket.write(bytes);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    sender.close();
    socket.destroy();
    const stats = z
      .object({ discovery: z.record(z.string(), z.number()), logs: z.record(z.string(), z.number()) })
      .parse((await http(gw.base, 'GET', '/api/stats')).body);
    expect(stats.discovery.malformed).toBeGreaterThan(0);
    expect(stats.logs.malformed).toBeGreaterThan(0);
    expect((await http(gw.base, 'GET', '/api/devices/found')).status).toBe(200);
  });
});
