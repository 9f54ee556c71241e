import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { attachStomp } from '@st/stomp';
import helmet from 'helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { beginClosing } from './closing';
import { websocketOriginCheck } from './crossSite';
import { createHttpApp, type HttpApp, type HttpAppOptions } from './http';
import { createLogger } from './logger';
import { trustProxyField } from './securityConfig';
import { CONTENT_SECURITY_POLICY, HELMET_OPTIONS } from './securityHeaders';

// Issue 14 over real sockets: security headers (2), trusted proxies (3), cross-site requests (4),
// shutdown answers (8). Each test counts what it tried and what was refused (figures for the note).

const logger = createLogger({ name: 't', level: 'silent' });

async function started(opts: Partial<HttpAppOptions> = {}) {
  const app = createHttpApp({ logger, ...opts });
  const ran: string[] = [];
  app.get('/api/thing', async () => ({ ok: true }));
  app.post('/api/thing', async (req) => {
    ran.push(`${req.method} ${req.url}`);
    return { ok: true };
  });
  app.delete('/api/thing', async (req) => {
    ran.push(`${req.method} ${req.url}`);
    return { ok: true };
  });
  app.get('/api/ip', async (req) => ({ ip: req.ip }));
  app.get('/api/boom', async () => {
    throw new Error('boom');
  });
  app.post('/api/slow', async () => {
    await sleep(300);
    return { ok: true };
  });
  const stomp = attachStomp<null>(app.server, {
    acceptUpgrade: websocketOriginCheck(opts.allowedOrigins),
    authenticate: () => ({ ok: true, principal: null }),
  });
  app.addHook('preClose', () => stomp.close());
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  return { app, ran, port, base: `http://127.0.0.1:${port}` };
}

describe('security headers on every answer', () => {
  let s: Awaited<ReturnType<typeof started>>;
  beforeAll(async () => {
    s = await started();
  });
  afterAll(async () => {
    await s?.app.close();
  });

  it.each(['/api/thing', '/api/nothing', '/api/boom'])(
    '%s carries CSP, nosniff, referrer and frame policy',
    async (path) => {
      const r = await fetch(s.base + path);
      const csp = r.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain(`connect-src 'self' ws://127.0.0.1:${s.port} wss://127.0.0.1:${s.port}`);
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
      expect(r.headers.get('referrer-policy')).toBe('same-origin');
      expect(r.headers.get('x-frame-options')).toBe('DENY');
    },
  );

  it('does not put a forged Host into the policy', async () => {
    const { request } = await import('node:http');
    const csp = await new Promise<string>((resolve, reject) => {
      const req = request(
        { port: s.port, path: '/api/thing', headers: { host: "x' 'unsafe-inline" } },
        (res) => {
          res.resume();
          resolve(String(res.headers['content-security-policy'] ?? ''));
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(csp).toContain("connect-src 'self' 'self';");
    expect(csp).not.toContain('x');
  });

  it('sends, per Host, the very headers a helmet middleware built for that request sets (kept, not rebuilt)', async () => {
    const { request } = await import('node:http');
    const answerHeaders = (host: string) =>
      new Promise<Record<string, unknown>>((resolve, reject) => {
        const req = request({ port: s.port, path: '/api/thing', headers: { host } }, (res) => {
          res.resume();
          resolve(res.headers);
        });
        req.on('error', reject);
        req.end();
      });
    /** What helmet itself sets, with all our options, for a request with this Host (the old per-request way). */
    const helmetOwn = (host: string) => {
      const set: Record<string, string> = {};
      const res = {
        setHeader: (n: string, v: unknown) => {
          set[n.toLowerCase()] = String(v);
        },
        removeHeader: () => undefined,
        getHeader: () => undefined,
      };
      helmet({ ...HELMET_OPTIONS, contentSecurityPolicy: CONTENT_SECURITY_POLICY })(
        { headers: { host } } as IncomingMessage,
        res as unknown as ServerResponse,
        () => undefined,
      );
      return set;
    };
    for (const host of [`127.0.0.1:${s.port}`, `localhost:${s.port}`, `127.0.0.1:${s.port}`, 'x"y']) {
      const own = helmetOwn(host);
      expect(Object.keys(own).length).toBeGreaterThan(8);
      const got = await answerHeaders(host);
      for (const [name, value] of Object.entries(own))
        expect([host, name, got[name]]).toEqual([host, name, value]);
    }
    expect(helmetOwn('localhost:1')['content-security-policy']).toContain('ws://localhost:1 ');
  });
});

describe('cross-site requests', () => {
  let s: Awaited<ReturnType<typeof started>>;
  beforeAll(async () => {
    s = await started({ allowedOrigins: ['https://console.example.org'] });
  });
  afterAll(async () => {
    await s?.app.close();
  });

  it('refuses every simple cross-site state change; same-origin, allowed and Origin-less calls work', async () => {
    const evil = [
      'http://evil.example',
      'http://127.0.0.1:1',
      'null',
      'https://console.example.org.evil.example',
    ];
    let tried = 0;
    let refused = 0;
    const simple: Array<{ method: string; path: string; type?: string; body?: string }> = [
      { method: 'POST', path: '/api/thing?ip=1.2.3.4' }, // query-only POST, no body
      { method: 'POST', path: '/api/thing', type: 'application/x-www-form-urlencoded', body: 'a=1' }, // form
      { method: 'POST', path: '/api/thing', type: 'text/plain', body: '{"a":1}' },
      { method: 'POST', path: '/api/thing', type: 'multipart/form-data; boundary=x', body: '--x--' },
      { method: 'DELETE', path: '/api/thing?id=1' },
    ];
    for (const origin of evil) {
      for (const req of simple) {
        tried += 1;
        const r = await fetch(s.base + req.path, {
          method: req.method,
          headers: { origin, ...(req.type ? { 'content-type': req.type } : {}) },
          ...(req.body ? { body: req.body } : {}),
        });
        expect(r.status, `${origin} ${req.method} ${req.path}`).toBe(403);
        expect(await r.json()).toMatchObject({ code: 'CROSS_SITE_REFUSED' });
        refused += 1;
      }
    }
    // A browser that sends no Origin but says the request is cross-site is refused too.
    tried += 1;
    const fetchMeta = await fetch(`${s.base}/api/thing`, {
      method: 'POST',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(fetchMeta.status).toBe(403);
    refused += 1;
    expect(s.ran).toEqual([]);

    for (const origin of [s.base, 'https://console.example.org', undefined]) {
      const r = await fetch(`${s.base}/api/thing`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(origin ? { origin } : {}) },
        body: '{}',
      });
      expect(r.status, String(origin)).toBe(200);
    }
    // Reads stay open to any origin (the browser keeps the answer from the other page: no CORS headers).
    expect((await fetch(`${s.base}/api/thing`, { headers: { origin: 'http://evil.example' } })).status).toBe(
      200,
    );
    console.info('cross-site figures', { tried, refused });
  });

  it('checks the websocket Origin: other sites refused at the handshake, own origin and none accepted', async () => {
    const open = (origin?: string) =>
      new Promise<number>((resolve) => {
        const ws = new WebSocket(
          `ws://127.0.0.1:${s.port}/api/st-ws`,
          ['v12.stomp'],
          origin ? { origin } : {},
        );
        ws.on('open', () => {
          ws.close();
          resolve(101);
        });
        ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        ws.on('error', () => resolve(-1));
      });
    expect(await open('http://evil.example')).toBe(403);
    expect(await open('null')).toBe(403);
    expect(await open(s.base)).toBe(101);
    expect(await open('https://console.example.org')).toBe(101);
    expect(await open()).toBe(101);
  });
});

describe('trusted proxies', () => {
  it('parses ST_TRUST_PROXY: off, hop counts, addresses; refuses garbage', () => {
    const f = trustProxyField();
    expect(f.parse(undefined)).toBe(false);
    expect(f.parse('false')).toBe(false);
    expect(f.parse('true')).toBe(1);
    expect(f.parse('2')).toBe(2);
    expect(f.parse('127.0.0.1, 10.0.0.0/8,loopback')).toEqual(['127.0.0.1', '10.0.0.0/8', 'loopback']);
    expect(f.safeParse('everyone').success).toBe(false);
    expect(f.safeParse('10.0.0.0/99').success).toBe(false);
  });

  it.each<[string, HttpAppOptions['trustProxy']]>([
    ['one hop', 1],
    ['named proxy', ['127.0.0.1']],
  ])(
    'with %s, rotating forged X-Forwarded-For never changes the client address',
    async (_name, trustProxy) => {
      const s = await started({ trustProxy });
      try {
        const seen = new Set<string>();
        for (let i = 0; i < 50; i++) {
          // What the client wrote, then what the proxy appended: the address it really saw.
          const r = await fetch(`${s.base}/api/ip`, {
            headers: { 'x-forwarded-for': `10.${i}.${i * 3}.${i + 1}, 203.0.113.7` },
          });
          seen.add(((await r.json()) as { ip: string }).ip);
        }
        expect([...seen]).toEqual(['203.0.113.7']);
      } finally {
        await s.app.close();
      }
    },
  );

  it('without trust, X-Forwarded-For is ignored altogether', async () => {
    const s = await started();
    try {
      const r = await fetch(`${s.base}/api/ip`, { headers: { 'x-forwarded-for': '10.9.9.9' } });
      expect(await r.json()).toEqual({ ip: '127.0.0.1' });
    } finally {
      await s.app.close();
    }
  });
});

describe('shutdown', () => {
  let s: Awaited<ReturnType<typeof started>>;
  beforeAll(async () => {
    s = await started();
  });

  it('answers requests that arrive while stopping with 503 {code, message}; the one in flight finishes', async () => {
    const inFlight = fetch(`${s.base}/api/slow`, { method: 'POST' });
    await sleep(50);
    beginClosing(s.app);
    let tried = 0;
    let refused = 0;
    for (const [method, path] of [
      ['GET', '/api/thing'],
      ['POST', '/api/thing'],
      ['GET', '/api/nothing'],
      ['GET', '/'],
    ] as const) {
      tried += 1;
      const r = await fetch(s.base + path, { method });
      expect(r.status).toBe(503);
      expect(r.headers.get('connection')).toBe('close');
      expect(await r.json()).toEqual({ code: 'SHUTTING_DOWN', message: 'The server is shutting down' });
      refused += 1;
    }
    const closed = s.app.close();
    const done = await inFlight;
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ ok: true });
    await closed;
    console.info('shutdown figures', { tried, refused });
  });
});

export type { HttpApp };
