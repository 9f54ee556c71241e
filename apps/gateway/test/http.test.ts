import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BuildInfo, PRODUCT_VERSION, ROUTE_NAMES, ROUTES } from '@st/protocol';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ErrorBody, http } from './helpers';
import { gatewayForFile } from './support/harness';

const gw = gatewayForFile({
  gateway: (setup) => {
    const webDist = join(setup.dataDir, 'web');
    mkdirSync(join(webDist, 'assets'), { recursive: true });
    writeFileSync(
      join(webDist, 'index.html'),
      '<!doctype html><html><head><!--st-runtime--></head><body>app</body></html>',
    );
    writeFileSync(join(webDist, 'assets', 'main-1.js'), 'export {}');
    return { webDist, buildTime: '2026-01-02T03:04:05.000Z' };
  },
});

describe('gateway HTTP surface', () => {
  it('reports its version, build time and mode', async () => {
    const info = BuildInfo.parse((await http(gw.base, 'GET', '/api/build')).body);
    expect(info).toEqual({
      version: PRODUCT_VERSION,
      buildTime: '2026-01-02T03:04:05.000Z',
      mode: 'gateway',
    });
  });

  it('serves the console with the gateway runtime config on any console path', async () => {
    for (const path of ['/', '/devices', '/logs/deep/link']) {
      const page = await http(gw.base, 'GET', path);
      expect(page.status).toBe(200);
      expect(page.text).toContain('&quot;mode&quot;:&quot;gateway&quot;');
      expect(page.text).toContain('<body>app</body>');
    }
    expect((await http(gw.base, 'GET', '/assets/main-1.js')).text).toBe('export {}');
  });

  it('answers unknown API paths with a JSON 404, never the console page', async () => {
    for (const [method, path] of [
      ['GET', '/api/nothing'],
      ['POST', '/api/devices/unknown'],
      ['DELETE', '/api'],
    ] as const) {
      const r = await http(gw.base, method, path);
      expect(r.status).toBe(404);
      expect(ErrorBody.parse(r.body).code).toBe('ROUTE_NOT_FOUND');
    }
  });

  it('publishes an OpenAPI document of its routes at /api/docs', async () => {
    const doc = z
      .object({ paths: z.record(z.string(), z.unknown()) })
      .parse((await http(gw.base, 'GET', '/api/docs/json')).body);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/build',
        '/api/devices/found',
        '/api/devices/saved',
        '/api/devices/logs',
        '/api/devices/settings',
        '/api/device/request',
        '/api/notification',
      ]),
    );
    expect((await http(gw.base, 'GET', '/api/docs')).status).toBeLessThan(400);
  });

  it('lists every gateway route of the catalog in /api/docs, the sign-in routes included', async () => {
    const doc = z
      .object({ paths: z.record(z.string(), z.record(z.string(), z.unknown())) })
      .parse((await http(gw.base, 'GET', '/api/docs/json')).body);
    const listed = new Set(
      Object.entries(doc.paths).flatMap(([path, ops]) =>
        Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
      ),
    );
    const missing = ROUTE_NAMES.map((n) => ROUTES[n])
      .filter((r) => r.server === 'gateway')
      .map((r) => `${r.method} ${r.path.replace(/:([A-Za-z]+)/g, '{$1}')}`)
      .filter((op) => !listed.has(op));
    expect(missing).toEqual([]);
    expect(listed).toContain('POST /api/gateway/auth/sign-in');
  });

  it('answers wrong content types and broken bodies with a 4xx and a message', async () => {
    const xml = await http(gw.base, 'POST', '/api/device/request', '<x/>', {
      'content-type': 'application/xml',
    });
    expect(xml.status).toBe(415);
    expect(ErrorBody.parse(xml.body).message.length).toBeGreaterThan(0);
    const broken = await http(gw.base, 'POST', '/api/devices/settings', '{', {
      'content-type': 'application/json',
    });
    expect(broken.status).toBe(400);
    expect(ErrorBody.parse(broken.body).code).toBe('BAD_JSON');
    const badId = await http(gw.base, 'DELETE', '/api/devices/settings/%E0%A4%A');
    expect(badId.status).toBeGreaterThanOrEqual(400);
    expect(badId.status).toBeLessThan(500);
  });
});
