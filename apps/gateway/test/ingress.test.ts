import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GatewaySetup, gatewaySetup, type RunningGateway, startGateway } from './helpers';

// Home Assistant's ingress serves an add-on under /api/hassio_ingress/<token>/, strips that prefix before it
// forwards a request, and names it in X-Ingress-Path. A small proxy here does the same over real sockets.
const PREFIX = '/api/hassio_ingress/t0k3n';

function withConsole(setup: GatewaySetup): string {
  const webDist = join(setup.dataDir, 'web');
  mkdirSync(join(webDist, 'assets'), { recursive: true });
  writeFileSync(
    join(webDist, 'index.html'),
    '<!doctype html><html><head><!--st-runtime--><script type="module" src="./assets/main-1.js"></script></head><body>app</body></html>',
  );
  writeFileSync(join(webDist, 'assets', 'main-1.js'), 'export {}');
  return webDist;
}

/** An ingress-like proxy in front of `target`: PREFIX/x -> target/x with X-Ingress-Path: PREFIX. */
function ingressProxy(target: string): Promise<Server> {
  const to = new URL(target);
  const server = createServer((req, res) => {
    const url = req.url ?? '/';
    if (!url.startsWith(`${PREFIX}/`)) {
      res.writeHead(404).end();
      return;
    }
    const upstream = request(
      {
        host: to.hostname,
        port: to.port,
        method: req.method,
        path: url.slice(PREFIX.length),
        headers: { ...req.headers, host: to.host, 'x-ingress-path': PREFIX },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const page = async (base: string, path: string, ingressPath?: string) => {
  const r = await fetch(new URL(path, base), {
    headers: ingressPath === undefined ? {} : { 'x-ingress-path': ingressPath },
  });
  return { status: r.status, text: await r.text(), headers: r.headers };
};
const baseHref = (html: string) => /<base href="([^"]*)">/.exec(html)?.[1];

describe('the console under a path prefix (Home Assistant ingress)', () => {
  let trusting: { setup: GatewaySetup; gw: RunningGateway; proxy: Server; proxyBase: string };
  let untrusting: { setup: GatewaySetup; gw: RunningGateway };

  beforeAll(async () => {
    const setup = await gatewaySetup();
    const gw = await startGateway(setup, { webDist: withConsole(setup), trustProxy: ['loopback'] });
    const proxy = await ingressProxy(gw.base);
    const proxyBase = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    trusting = { setup, gw, proxy, proxyBase };
    const other = await gatewaySetup();
    untrusting = { setup: other, gw: await startGateway(other, { webDist: withConsole(other) }) };
  });

  afterAll(async () => {
    await new Promise((resolve) => trusting?.proxy.close(resolve));
    for (const g of [trusting, untrusting]) {
      await g?.gw.stop();
      g?.setup.cleanup();
    }
  });

  it('gives the page the proxy prefix as its base, and its assets and API calls resolve through the proxy', async () => {
    const entry = `${trusting.proxyBase}${PREFIX}/`;
    const html = await page(entry, './devices');
    expect(html.status).toBe(200);
    expect(baseHref(html.text)).toBe(`${PREFIX}/`);
    expect(html.text).toContain(`&quot;basePath&quot;:&quot;${PREFIX}/&quot;`);
    // Home Assistant frames the panel from its own origin
    expect(html.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(html.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    // what the browser does: relative URLs against <base href> on the page's origin
    const base = new URL(baseHref(html.text) ?? '/', trusting.proxyBase);
    const script = /src="([^"]+)"/.exec(html.text)?.[1] ?? '';
    const asset = await page(base.toString(), script);
    expect(new URL(script, base).pathname).toBe(`${PREFIX}/assets/main-1.js`);
    expect([asset.status, asset.text]).toEqual([200, 'export {}']);
    const build = await fetch(new URL('api/build', base));
    expect(new URL('api/build', base).pathname).toBe(`${PREFIX}/api/build`);
    expect(build.status).toBe(200);
    expect(((await build.json()) as { mode: string }).mode).toBe('gateway');
  });

  it('keeps "/" as the base without the header or with a malformed prefix', async () => {
    const plain = await page(trusting.gw.base, '/');
    expect(baseHref(plain.text)).toBe('/');
    expect(plain.headers.get('x-frame-options')).toBe('DENY');
    expect(plain.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    for (const bad of ['/a/../b', 'relative', '/a b', '//evil.example', '/x/"onload="y']) {
      expect(baseHref((await page(trusting.gw.base, '/', bad)).text)).toBe('/');
    }
  });

  it('ignores X-Ingress-Path from a client that is not a trusted proxy', async () => {
    const html = await page(untrusting.gw.base, '/', PREFIX);
    expect(html.status).toBe(200);
    expect(baseHref(html.text)).toBe('/');
  });
});
