// Issue 21: the console is installable (manifest), kept by its service worker, and when its server is down
// it opens from the cache with a clear "gateway / cloud unreachable" state and a retry, in both modes.
// Each mode runs against a server of its own, stopped and started again by the test.
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './support/console';
import { OwnCloud } from './support/ownCloud';
import { OwnGateway } from './support/ownGateway';
import { expectAccessible } from './support/screens';

const CACHE = 'st-console-v1';

/** Waits until the service worker controls the page and has kept the shell. */
async function workerReady(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(async () => {
        if (!navigator.serviceWorker.controller) return false;
        const cache = await caches.open('st-console-v1');
        return (await cache.match('st-shell')) !== undefined;
      }),
    )
    .toBe(true);
}

async function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async (name) => {
    const cache = await caches.open(name);
    return (await cache.keys()).map((r) => r.url);
  }, CACHE);
}

/** Every /api/ answer the page received came from the server, none from the service worker. */
function watchApi(context: BrowserContext): { fromWorker: string[]; seen: string[] } {
  const out = { fromWorker: [] as string[], seen: [] as string[] };
  context.on('response', (res) => {
    if (!new URL(res.url()).pathname.startsWith('/api/')) return;
    out.seen.push(res.url());
    if (res.fromServiceWorker()) out.fromWorker.push(res.url());
  });
  return out;
}

async function offlineScreenChecks(page: Page, title: string) {
  const state = page.getByTestId('offline-state');
  await expect(state).toBeVisible();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => localStorage.setItem('color-theme', t), theme);
    await page.reload();
    await expect(state).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await expectAccessible(page, `offline state (${theme})`);
  }
}

test.describe('installable console with an offline state', () => {
  test('gateway mode: manifest, shell kept, "Gateway unreachable" with retry while the gateway is down', async ({
    page,
    context,
    consoleGuard,
  }) => {
    const gateway = new OwnGateway();
    try {
      await gateway.start();
      const api = watchApi(context);
      await page.goto(`${gateway.url}/panel`);
      await expect(page.getByRole('complementary', { name: 'Device search' })).toBeVisible();
      const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
      const manifest = await (
        await page.request.get(new URL(manifestHref ?? '', `${gateway.url}/`).href)
      ).json();
      expect(manifest).toMatchObject({ display: 'standalone', start_url: './' });
      expect(manifest.icons.length).toBeGreaterThanOrEqual(2);
      await workerReady(page);
      // A visit through the worker: the API still goes to the server, nothing of it is kept.
      await page.goto(`${gateway.url}/logs`);
      await expect(page.getByTestId('logs-count')).toBeVisible();
      expect(api.seen.length).toBeGreaterThan(0);
      expect(api.fromWorker).toEqual([]);
      const kept = await cachedUrls(page);
      expect(kept.some((u) => /\/assets\/.+\.js$/.test(u))).toBe(true);
      expect(kept.filter((u) => new URL(u).pathname.startsWith('/api'))).toEqual([]);

      // The page's live channel and API calls fail while the gateway is down; that is the point. A poll that
      // lands while the gateway shuts down gets its 503 SHUTTING_DOWN, which Chromium prints too.
      consoleGuard.allow(/ERR_CONNECTION_REFUSED|WebSocket|Failed to fetch|net::ERR/);
      consoleGuard.allow(/status of 503 \(Service Unavailable\) \(http:\/\/[^)]+\/api\//);
      await gateway.stop();
      await page.goto(`${gateway.url}/settings`);
      await offlineScreenChecks(page, 'Gateway unreachable');
      await gateway.start();
      await page.getByRole('button', { name: 'Retry' }).click();
      await expect(page.getByRole('heading', { name: 'Saved device settings' })).toBeVisible();
      await expect(page.getByTestId('offline-state')).toHaveCount(0);
    } finally {
      await gateway.remove();
    }
  });

  test('a screen whose code cannot be downloaded (server gone since the page opened) gives the offline state, not a blank page', async ({
    page,
    consoleGuard,
  }) => {
    const gateway = new OwnGateway();
    try {
      await gateway.start();
      await page.goto(`${gateway.url}/panel`);
      await expect(page.getByRole('complementary', { name: 'Device search' })).toBeVisible();
      // The header's widgets mount after the first paint; a request of theirs still on its way as the
      // gateway stops is answered 503 (closing), as it would be for a user.
      consoleGuard.allow(
        /ERR_CONNECTION_REFUSED|WebSocket|Failed to fetch|net::ERR|dynamically imported|preload CSS|fetching the script|stopped on an error|503 \(Service Unavailable\)/,
      );
      await gateway.stop();
      // In-page navigation to a screen never opened: its chunk is neither loaded nor kept by the worker.
      await page.getByRole('button', { name: 'Open the menu' }).click();
      await page.getByRole('menuitem', { name: 'OTA updates' }).click();
      await expect(page.getByTestId('offline-state')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Gateway unreachable' })).toBeVisible();
      await expectAccessible(page, 'offline state after a failed download');
      await gateway.start();
      // The offline state also retries by itself every 5 s: its reload may come before this click does.
      await page
        .getByRole('button', { name: 'Retry' })
        .click({ timeout: 3000 })
        .catch(() => undefined);
      await expect(page.getByRole('heading', { name: 'Available firmwares' })).toBeVisible();
      await expect(page.getByTestId('offline-state')).toHaveCount(0);
    } finally {
      await gateway.remove();
    }
  });

  test('cloud mode: "Cloud unreachable" with retry while the cloud is down, in Russian too', async ({
    page,
    consoleGuard,
  }) => {
    const cloud = new OwnCloud();
    try {
      await cloud.start();
      await page.goto(cloud.url);
      await page.getByRole('textbox', { name: 'Login' }).fill(cloud.login);
      await page.getByRole('textbox', { name: 'Password' }).fill(cloud.password);
      await page.getByRole('button', { name: 'Log in' }).click();
      await expect(page.getByRole('heading', { name: 'Select a gateway' })).toBeVisible();
      await workerReady(page);
      // Both languages used once while online, so both catalogs are kept.
      await page.evaluate(() => localStorage.setItem('locale', 'ru'));
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Выберите шлюз' })).toBeVisible();
      await page.evaluate(() => localStorage.setItem('locale', 'en'));
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Select a gateway' })).toBeVisible();
      expect((await cachedUrls(page)).filter((u) => new URL(u).pathname.startsWith('/api'))).toEqual([]);

      await cloud.stop();
      consoleGuard.allow(/ERR_CONNECTION_REFUSED|WebSocket|Failed to fetch|net::ERR/);
      await page.goto(`${cloud.url}/gateways`);
      await offlineScreenChecks(page, 'Cloud unreachable');
      await page.evaluate(() => localStorage.setItem('locale', 'ru'));
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Облако недоступно' })).toBeVisible();
      await page.evaluate(() => localStorage.setItem('locale', 'en'));
      await cloud.start();
      await page.getByRole('button', { name: /Retry|Повторить/ }).click();
      await expect(page.getByRole('heading', { name: 'Select a gateway' })).toBeVisible();
    } finally {
      await cloud.remove();
    }
  });
});
