// A first visit downloads each of the console's files once: start-up imports the screen the address names
// beside the routed console (app/App.tsx preloadFirstScreen), and a file both need, or a preload the browser
// could not match to the real request (another request mode), must not be fetched twice. The console guard
// also fails a page that prints such a preload warning.
import { system } from './env';
import { expect, test } from './support/console';

for (const screen of ['logs', 'settings', 'ota'] as const) {
  test(`a first visit to /${screen} downloads every asset once (gateway mode)`, async ({ page, context }) => {
    // each test has a context of its own: nothing cached, no service worker yet
    const requested = new Map<string, number>();
    context.on('request', (request) => {
      // (not the service worker's copies of what the page loaded: it registers 3 s after load and reads
      // them from the HTTP cache, features/delivery/serviceWorker.ts; on a slow machine that is before idle)
      if (request.serviceWorker() !== null) return;
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/assets/')) requested.set(pathname, (requested.get(pathname) ?? 0) + 1);
    });
    await page.goto(`${system.gatewayUrl}/${screen}`);
    await expect(page.getByRole('main')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect([...requested.keys()].filter((p) => p.endsWith('.css')).length).toBeGreaterThan(1);
    expect([...requested].filter(([, count]) => count > 1)).toEqual([]);
  });
}
