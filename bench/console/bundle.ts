// What the browser downloads to show each console route, on a first visit (empty cache) and a repeat visit
// (same browser profile: HTTP cache and service worker): the bytes on the wire as our server sends them
// (compressed, headers included, counted by a proxy), the part of them that is JS and CSS, and for
// comparison with earlier figures the gzip -9 size of the JS and CSS files the route loads.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import type { WireCounter } from './wire';

const webDist = new URL('../../apps/web/dist', import.meta.url).pathname;

export interface RouteBundle {
  /** every byte the server sent for the first visit, KiB */
  readonly firstVisitKiB: number;
  /** of which JS and CSS files, KiB as sent (brotli) */
  readonly firstVisitAssetsKiB: number;
  /** every byte the server sent for a repeat visit, KiB */
  readonly repeatVisitKiB: number;
  /** JS and CSS bytes the repeat visit took from the network, KiB */
  readonly repeatVisitAssetsKiB: number;
  readonly jsGzipKiB: number;
  readonly cssGzipKiB: number;
  /** the same JS and CSS files as brotli (the .br copies the server sends), KiB */
  readonly jsCssBrKiB: number;
  readonly files: number;
  /**
   * What this route downloads that its mode's first screen (cloud sign-in, gateway device panel) did not:
   * the cost of reaching it after the first screen, gzip -9 and brotli, KiB. Absent on the first screens.
   */
  readonly addsGzipKiB?: number;
  readonly addsBrKiB?: number;
}

/** A measured route and the asset files (under dist/) it loaded. */
export interface MeasuredRoute {
  readonly figures: RouteBundle;
  readonly files: ReadonlySet<string>;
}

const kib = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

function gzipBytes(file: string): number {
  return gzipSync(readFileSync(join(webDist, file)), { level: 9 }).length;
}

const brBytes = (file: string) => statSync(join(webDist, `${file}.br`)).size;

/** `route` with what it loads beyond `first` (its mode's first screen). */
export function withAdds(route: MeasuredRoute, first: MeasuredRoute): RouteBundle {
  const added = [...route.files].filter((f) => !first.files.has(f));
  const sum = (size: (file: string) => number) => kib(added.reduce((n, f) => n + size(f), 0));
  return { ...route.figures, addsGzipKiB: sum(gzipBytes), addsBrKiB: sum(brBytes) };
}

/** JS and CSS bytes the page received from the network (not from a cache or the service worker). */
async function watchAssets(page: Page): Promise<{ files: Set<string>; wireBytes: () => number }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const assetRequests = new Map<string, string>();
  const files = new Set<string>();
  let wire = 0;
  cdp.on('Network.responseReceived', (e) => {
    const path = new URL(e.response.url).pathname;
    const at = path.indexOf('/assets/');
    if (at < 0 || !/\.(js|css)$/.test(path)) return;
    files.add(path.slice(at + 1));
    if (!e.response.fromServiceWorker && !e.response.fromDiskCache) assetRequests.set(e.requestId, path);
  });
  cdp.on('Network.loadingFinished', (e) => {
    if (assetRequests.has(e.requestId)) wire += e.encodedDataLength;
  });
  return { files, wireBytes: () => wire };
}

async function visit(page: Page, url: string, ready: string): Promise<void> {
  await page.goto(url);
  await page.locator(ready).first().waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
}

/**
 * Opens `path` through the counting proxy in a fresh profile (after `prepare`, e.g. a login), waits for
 * `ready` and for the service worker to keep the shell, then visits it again in the same profile.
 */
export async function measureRoute(
  browser: Browser,
  wire: WireCounter,
  path: string,
  ready: string,
  prepare?: (origin: string, page: Page) => Promise<void>,
): Promise<MeasuredRoute> {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    if (prepare) await prepare(wire.url, page);
    const first = await watchAssets(page);
    wire.reset();
    await visit(page, `${wire.url}${path}`, ready);
    // (a string: this package's type check has no DOM types)
    await page.waitForFunction(
      `(async () => navigator.serviceWorker.controller !== null &&
        (await (await caches.open('st-console-v1')).match('st-shell')) !== undefined)()`,
      undefined,
      { timeout: 30_000 },
    );
    await page.waitForLoadState('networkidle');
    const firstVisit = wire.bytes();
    const firstAssets = first.wireBytes();

    const again = await context.newPage();
    const repeat = await watchAssets(again);
    await page.close();
    wire.reset();
    await visit(again, `${wire.url}${path}`, ready);
    const repeatVisit = wire.bytes();

    let js = 0;
    let css = 0;
    let br = 0;
    for (const file of first.files) {
      if (file.endsWith('.js')) js += gzipBytes(file);
      else css += gzipBytes(file);
      br += brBytes(file);
    }
    const figures: RouteBundle = {
      firstVisitKiB: kib(firstVisit),
      firstVisitAssetsKiB: kib(firstAssets),
      repeatVisitKiB: kib(repeatVisit),
      repeatVisitAssetsKiB: kib(repeat.wireBytes()),
      jsGzipKiB: kib(js),
      cssGzipKiB: kib(css),
      jsCssBrKiB: kib(br),
      files: first.files.size,
    };
    return { figures, files: first.files };
  } finally {
    await context.close();
  }
}
