// What the browser downloads to show each console route: every JS and CSS file the page requests (entry,
// shared chunks, the route's lazy chunk), gzip-compressed at level 9 the way a server would send it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';

const webDist = new URL('../../apps/web/dist', import.meta.url).pathname;

export interface RouteBundle {
  readonly jsGzipKiB: number;
  readonly cssGzipKiB: number;
  readonly files: number;
}

function gzipKiB(file: string): number {
  return gzipSync(readFileSync(join(webDist, file)), { level: 9 }).length / 1024;
}

/** Opens `url` in a fresh page, waits for the `ready` selector, (after `prepare`, e.g. a login) and sums the assets it loaded from dist/assets. */
export async function measureRoute(
  browser: Browser,
  url: string,
  ready: string,
  prepare?: (origin: string, page: import('playwright-core').Page) => Promise<void>,
): Promise<RouteBundle> {
  const context = await browser.newContext();
  const page = await context.newPage();
  if (prepare) await prepare(new URL(url).origin, page);
  const assets = new Set<string>();
  page.on('response', (res) => {
    const path = new URL(res.url()).pathname;
    const at = path.indexOf('/assets/');
    if (at >= 0 && /\.(js|css)$/.test(path)) assets.add(path.slice(at + 1));
  });
  await page.goto(url);
  await page.locator(ready).first().waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  await context.close();
  let js = 0;
  let css = 0;
  for (const file of assets) {
    if (file.endsWith('.js')) js += gzipKiB(file);
    else css += gzipKiB(file);
  }
  return { jsGzipKiB: Math.round(js * 10) / 10, cssGzipKiB: Math.round(css * 10) / 10, files: assets.size };
}
