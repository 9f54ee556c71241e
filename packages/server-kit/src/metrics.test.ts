import { formatServerTiming } from '@st/protocol';
import { parseMetrics } from '@st/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { registerErrorHandling } from './errors';
import { createHttpApp, type HttpApp } from './http';
import { createLogger } from './logger';
import { isPrivateAddress, type MetricsAccess, registerMetrics, setServerTiming } from './metrics';

let app: HttpApp | undefined;

async function server(access: MetricsAccess): Promise<HttpApp> {
  app = createHttpApp({ logger: createLogger({ name: 'test', level: 'silent' }) });
  registerErrorHandling(app);
  registerMetrics(app, access);
  app.get('/api/things/:id', async () => ({ ok: true }));
  app.get('/api/relayed', async (_req, reply) =>
    reply.header('server-timing', formatServerTiming([{ name: 'link', durMs: 12 }])).send({ ok: true }),
  );
  // set with its entries kept (the relay's way): the hook observes them as the header reads
  app.get('/api/kept', async (_req, reply) =>
    setServerTiming(reply, [
      { name: 'link', durMs: 7.04 },
      { name: 'device', durMs: 2.96 },
      { name: 'bad name', durMs: 1 },
      { name: 'gateway', durMs: Number.NaN },
    ]).send({ ok: true }),
  );
  await app.ready();
  return app;
}

afterEach(async () => {
  await app?.close();
  app = undefined;
});

describe('isPrivateAddress', () => {
  it('accepts loopback, private and link-local addresses (v4, v6, v4-mapped) and refuses public ones', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.5',
      '192.168.1.10',
      '::1',
      'fd00::1',
      '::ffff:192.168.0.2',
    ])
      expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ['8.8.8.8', '172.32.0.1', '2001:db8::1', '::ffff:1.1.1.1', 'not-an-ip'])
      expect(isPrivateAddress(a), a).toBe(false);
  });
});

describe('/metrics', () => {
  it('counts every route by its pattern and status, with latency and relay hops, in the text format', async () => {
    const a = await server({ enabled: true });
    await a.inject({ url: '/api/things/1' });
    await a.inject({ url: '/api/things/2' });
    await a.inject({ url: '/api/nothing' });
    await a.inject({ url: '/api/relayed' });
    const res = await a.inject({ url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const m = parseMetrics(res.body);
    expect(m.value('http_requests_total', { route: '/api/things/:id', status: '200' })).toBe(2);
    expect(m.value('http_requests_total', { route: 'unmatched', status: '404' })).toBe(1);
    expect(m.types.get('http_request_duration_seconds')).toBe('HISTOGRAM');
    expect(m.value('http_request_duration_seconds_count', { route: '/api/things/:id' })).toBe(2);
    expect(m.value('relay_hop_duration_seconds_count', { hop: 'link' })).toBe(1);
    expect(m.value('relay_hop_duration_seconds_sum', { hop: 'link' })).toBeCloseTo(0.012);
    // the kept entries: the same figures as the header they wrote (7.0 and 3.0 ms), the invalid ones skipped
    const kept = await a.inject({ url: '/api/kept' });
    expect(kept.headers['server-timing']).toBe('link;dur=7, device;dur=3');
    const after = parseMetrics((await a.inject({ url: '/metrics', remoteAddress: '127.0.0.1' })).body);
    expect(after.value('relay_hop_duration_seconds_count', { hop: 'link' })).toBe(2);
    expect(after.value('relay_hop_duration_seconds_sum', { hop: 'link' })).toBeCloseTo(0.019);
    expect(after.value('relay_hop_duration_seconds_sum', { hop: 'device' })).toBeCloseTo(0.003);
    expect(after.value('relay_hop_duration_seconds_count', { hop: 'gateway' })).toBe(0);
    // process figures: memory and event-loop lag
    expect(m.value('process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(m.has('nodejs_eventloop_lag_seconds')).toBe(true);
  });

  it('answers only private addresses by default', async () => {
    const a = await server({ enabled: true });
    expect((await a.inject({ url: '/metrics', remoteAddress: '192.168.1.20' })).statusCode).toBe(200);
    const outside = await a.inject({ url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(outside.statusCode).toBe(403);
    expect(outside.json()).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('wants the bearer token from every address when a token is set', async () => {
    const a = await server({ enabled: true, token: 'scrape-token-0123456789' });
    const none = await a.inject({ url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    const wrong = await a.inject({
      url: '/metrics',
      remoteAddress: '127.0.0.1',
      headers: { authorization: 'Bearer scrape-token-0123456788' },
    });
    expect(wrong.statusCode).toBe(401);
    const right = await a.inject({
      url: '/metrics',
      remoteAddress: '203.0.113.9',
      headers: { authorization: 'Bearer scrape-token-0123456789' },
    });
    expect(right.statusCode).toBe(200);
    expect(parseMetrics(right.body).has('http_requests_total')).toBe(true);
  });

  it('is gone when turned off, while requests are still served', async () => {
    const a = await server({ enabled: false });
    expect((await a.inject({ url: '/metrics', remoteAddress: '127.0.0.1' })).statusCode).toBe(404);
    expect((await a.inject({ url: '/api/things/1' })).statusCode).toBe(200);
  });
});
