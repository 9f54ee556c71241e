import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveConsole } from './console';
import { API_COMPRESSION_THRESHOLD_BYTES, negotiateEncoding, registerCompression } from './delivery';
import { registerErrorHandling } from './errors';
import { createHttpApp, type HttpApp } from './http';
import { createLogger } from './logger';

interface RawAnswer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  /** the body decoded according to its Content-Encoding */
  readonly text: string;
  /** bytes on the wire */
  readonly encodedBytes: number;
}

/** A plain HTTP GET (fetch would add its own Accept-Encoding and decode silently). */
function get(base: string, path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const enc = res.headers['content-encoding'];
        const body =
          raw.length === 0
            ? raw
            : enc === 'br'
              ? brotliDecompressSync(raw)
              : enc === 'gzip'
                ? gunzipSync(raw)
                : raw;
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          text: body.toString('utf8'),
          encodedBytes: raw.length,
        });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

// One file of each type the console build holds, with the copies the build writes (apps/web/vite-precompress.ts).
const FILES: Record<string, { body: string; type: string }> = {
  'assets/index-Ab12Cd34.js': {
    body: `export const x = ${JSON.stringify('a'.repeat(3000))};`,
    type: 'javascript',
  },
  'assets/startup-Xy98Zw76.css': { body: `.a{color:red}\n`.repeat(200), type: 'text/css' },
  'assets/en-Qq11Rr22.json': {
    body: JSON.stringify({ 'menu.devices': 'Devices'.repeat(100) }),
    type: 'json',
  },
  'assets/font-Ff00Gg11.ttf': { body: 'FONTDATA'.repeat(300), type: 'font/ttf' },
  'icon.svg': {
    body: `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(300)}</svg>`,
    type: 'image/svg+xml',
  },
  'manifest.webmanifest': {
    body: JSON.stringify({ name: 'SmartThing', x: 'y'.repeat(500) }),
    type: 'manifest+json',
  },
};
const PAGE = `<html><head><!--st-runtime--></head><body>${'console '.repeat(300)}</body></html>`;

const runtime = { mode: 'gateway' as const, basePath: '/', version: '9.9.9' };
let base: string;
let app: HttpApp;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'st-web-delivery-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), PAGE);
  for (const [rel, { body }] of Object.entries(FILES)) {
    writeFileSync(join(dist, rel), body);
    writeFileSync(join(dist, `${rel}.br`), brotliCompressSync(Buffer.from(body)));
    writeFileSync(join(dist, `${rel}.gz`), gzipSync(Buffer.from(body)));
  }
  app = createHttpApp({ logger: createLogger({ name: 't', level: 'silent' }) });
  registerErrorHandling(app);
  await registerCompression(app);
  app.get('/api/big', async () => ({
    items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `device-${i}` })),
  }));
  app.get('/api/small', async () => ({ ok: true }));
  app.get('/api/firmware', async (_req, reply) =>
    reply.type('application/octet-stream').send(Buffer.alloc(64 * 1024, 7)),
  );
  await serveConsole(app, { webDist: dist, runtime });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
});
afterAll(async () => {
  await app.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('negotiateEncoding', () => {
  it('prefers br, then gzip, honours q=0 and *', () => {
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiateEncoding('gzip, deflate')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('*, br;q=0')).toBe('gzip');
    expect(negotiateEncoding('identity')).toBeUndefined();
    expect(negotiateEncoding(undefined)).toBeUndefined();
    expect(negotiateEncoding('')).toBeUndefined();
  });
});

describe('console delivery', () => {
  for (const [rel, { body, type }] of Object.entries(FILES)) {
    it(`${rel}: br when accepted, gzip otherwise, identity when neither (Vary: Accept-Encoding)`, async () => {
      const br = await get(base, `/${rel}`, { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.status).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toContain(type);
      expect(br.text).toBe(body);
      expect(br.encodedBytes).toBeLessThan(Buffer.byteLength(body));
      const gz = await get(base, `/${rel}`, { 'accept-encoding': 'gzip, deflate' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gz.text).toBe(body);
      const plain = await get(base, `/${rel}`);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.text).toBe(body);
      for (const a of [br, gz, plain])
        expect(String(a.headers.vary).toLowerCase()).toContain('accept-encoding');
    });
  }

  it('hashed assets are immutable for a year; files without a hash are revalidated', async () => {
    const js = await get(base, '/assets/index-Ab12Cd34.js', { 'accept-encoding': 'br' });
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const manifest = await get(base, '/manifest.webmanifest', { 'accept-encoding': 'br' });
    expect(manifest.headers['cache-control']).toBe('public, max-age=0');
    const etag = String(manifest.headers.etag);
    expect(
      (await get(base, '/manifest.webmanifest', { 'if-none-match': etag, 'accept-encoding': 'br' })).status,
    ).toBe(304);
  });

  it('the page: compressed, no-cache with an ETag, 304 on revalidation, 200 again when the build changes', async () => {
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['', undefined],
    ] as const) {
      const page = await get(base, '/devices/found', accept ? { 'accept-encoding': accept } : {});
      expect(page.status).toBe(200);
      expect(page.headers['content-encoding']).toBe(encoding);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.text).toContain('9.9.9');
      expect(String(page.headers.vary).toLowerCase()).toContain('accept-encoding');
    }
    const first = await get(base, '/', { 'accept-encoding': 'br' });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    const again = await get(base, '/logs', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.encodedBytes).toBe(0);
    expect((await get(base, '/', { 'if-none-match': '"other"' })).status).toBe(200);
  });

  it('API answers above the threshold are compressed when accepted; small and binary ones are not', async () => {
    const big = await get(base, '/api/big', { 'accept-encoding': 'gzip, br' });
    expect(big.headers['content-encoding']).toBe('br');
    expect(big.headers.vary).toContain('accept-encoding');
    expect(JSON.parse(big.text).items).toHaveLength(200);
    expect(big.encodedBytes).toBeLessThan(Buffer.byteLength(big.text) / 3);
    const gz = await get(base, '/api/big', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await get(base, '/api/big');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(Buffer.byteLength(plain.text)).toBeGreaterThan(API_COMPRESSION_THRESHOLD_BYTES);
    const small = await get(base, '/api/small', { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    const firmware = await get(base, '/api/firmware', { 'accept-encoding': 'br' });
    expect(firmware.headers['content-encoding']).toBeUndefined();
    expect(firmware.encodedBytes).toBe(64 * 1024);
  });
});
