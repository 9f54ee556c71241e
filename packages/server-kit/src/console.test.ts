import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serveConsole } from './console';
import { registerErrorHandling } from './errors';
import { createHttpApp, type HttpApp } from './http';
import { createLogger } from './logger';
import { registerOpenApi } from './openapi';

const runtime = { mode: 'gateway' as const, basePath: '/', version: '9.9.9' };
const dirs: string[] = [];
const apps: HttpApp[] = [];

async function start(webDist: string): Promise<string> {
  const app = createHttpApp({ logger: createLogger({ name: 't', level: 'silent' }) });
  registerErrorHandling(app);
  await registerOpenApi(app, { title: 'Test', version: '1.0.0' });
  app.get('/api/ping', () => 'pong');
  await serveConsole(app, { webDist, runtime });
  await app.listen({ port: 0, host: '127.0.0.1' });
  apps.push(app);
  const addr = app.server.address();
  return `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
}

let built: string;
let bare: string;

beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'st-web-'));
  dirs.push(dist);
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<html><head><!--st-runtime--></head><body>console</body></html>');
  writeFileSync(join(dist, 'assets', 'app-123.js'), 'console.log(1)');
  writeFileSync(join(dist, 'favicon.svg'), '<svg/>');
  built = await start(dist);
  bare = await start(join(dist, 'does-not-exist'));
});
afterAll(async () => {
  for (const a of apps) await a.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('serveConsole', () => {
  it('serves index.html with the runtime config for any console route (history mode)', async () => {
    for (const path of ['/', '/devices/found', '/logs?x=1', '/index.html']) {
      const res = await fetch(built + path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      const html = await res.text();
      expect(html).toContain('console');
      expect(html).not.toContain('<!--st-runtime-->');
      expect(html).toContain('9.9.9');
    }
  });

  it('serves built assets with long caching, and 404s a missing asset instead of the page', async () => {
    const js = await fetch(`${built}/assets/app-123.js`);
    expect(js.status).toBe(200);
    expect(await js.text()).toBe('console.log(1)');
    expect(js.headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`${built}/favicon.svg`)).status).toBe(200);
    expect((await fetch(`${built}/assets/missing.js`)).status).toBe(404);
  });

  it('serves the new page after the console is rebuilt while the server runs', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'st-web-'));
    dirs.push(dist);
    const index = join(dist, 'index.html');
    writeFileSync(index, '<html><head><!--st-runtime--></head><body>first build</body></html>');
    const url = await start(dist);
    expect(await (await fetch(url)).text()).toContain('first build');
    writeFileSync(index, '<html><head><!--st-runtime--></head><body>second build</body></html>');
    utimesSync(index, new Date(), new Date(Date.now() + 5000));
    expect(await (await fetch(url)).text()).toContain('second build');
  });

  it('never leaves the build directory', async () => {
    const res = await fetch(`${built}/..%2f..%2f..%2fetc%2fpasswd`);
    expect(await res.text()).not.toContain('root:');
  });

  it('keeps /api answering JSON: real routes work, unknown ones are a 404 with a message', async () => {
    expect(await (await fetch(`${built}/api/ping`)).text()).toBe('pong');
    const res = await fetch(`${built}/api/unknown/thing`);
    expect(res.status).toBe(404);
    expect(z.object({ message: z.string() }).parse(await res.json()).message).toContain('/api/unknown/thing');
  });

  it('says how to build the console when there is no build', async () => {
    const res = await fetch(`${bare}/devices`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('npm run build');
  });

  it('publishes the OpenAPI document with the routes', async () => {
    const doc = z
      .object({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) })
      .parse(await (await fetch(`${built}/api/docs/json`)).json());
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toContain('/api/ping');
    expect((await fetch(`${built}/api/docs`)).status).toBeLessThan(400);
  });
});
