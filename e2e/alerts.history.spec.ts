// A device's own offline threshold and the alert history on the Alerts screen (issue 36, item 14), gateway
// mode and cloud mode (through the relay to the system's gateway); a real HTTP receiver stands for the user's
// webhook endpoint.
import type { Page } from '@playwright/test';
import { type HttpReceiver, startHttpReceiver } from '@st/testkit';
import { system } from './env';
import { openPanel, startOwnDevice, stopOwnDevice } from './panel.support';
import { expect, test } from './support/console';
import { expectAccessible, saveScreenshot } from './support/screens';
import { inBothThemes } from './support/shell';

let hook: HttpReceiver;
const putAlerts = (body: unknown) =>
  fetch(`${system.gatewayUrl}/api/alerts`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

test.beforeAll(async () => {
  hook = await startHttpReceiver();
});
test.afterAll(async () => {
  // leave no channel behind for other specs
  await putAlerts({ channels: [] });
  await hook.close();
});

type OwnDevice = Awaited<ReturnType<typeof startOwnDevice>>;

/** One webhook channel to the receiver's path; the gateway's own threshold is an hour, so only a device's
 * own one can raise an alert in time. */
async function useHook(path: string): Promise<void> {
  const answer = await putAlerts({
    channels: [{ id: 'e2e-hook', type: 'webhook', url: `${hook.url}${path}` }],
    deviceOfflineAfter: 3600,
  });
  expect(answer.status).toBe(200);
}

async function openAlerts(page: Page): Promise<void> {
  await page.goto(`${system.gatewayUrl}/alerts`);
  await expect(page.getByRole('heading', { name: 'Alerts', exact: true })).toBeVisible();
}

/**
 * Sets a 1 s offline threshold for the own device on the Alerts screen on screen, takes the device offline,
 * and waits for the alert at the webhook and in the screen's history (delivered).
 */
async function thresholdFires(page: Page, own: OwnDevice, hookPath: string) {
  const thresholds = page.getByRole('region', { name: 'Offline threshold per device' });
  await thresholds.getByRole('textbox', { name: 'Device address' }).fill(own.ip);
  await thresholds.getByLabel('Offline longer than (seconds)').fill('1');
  await thresholds.getByRole('button', { name: 'Set' }).click();
  const listed = thresholds.getByRole('list', { name: 'Offline threshold per device' });
  await expect(listed.locator(`li[data-ip="${own.ip}"]`)).toContainText('alert after 1 second offline');

  const device = own.sim.devices[0];
  if (!device) throw new Error('no device');
  await device.goOffline();
  await expect
    .poll(
      () =>
        hook.received.some(
          (r) => r.url === hookPath && r.body.includes('"device-offline"') && r.body.includes(`"${own.ip}"`),
        ),
      { timeout: 30_000 },
    )
    .toBe(true);

  const history = page.getByRole('region', { name: 'Alert history' });
  await history.getByRole('textbox', { name: 'Device address' }).fill(own.ip);
  // the screen asks again every 10 s
  const entry = history.locator('li[data-kind="device-offline"]').first();
  await expect(entry).toBeVisible({ timeout: 15_000 });
  await expect(entry).toContainText('Device offline');
  await expect(entry).toContainText(`(${own.ip})`);
  await expect(entry).toContainText('to e2e-hook (Webhook)');
  await expect(entry.getByTestId('alert-outcome')).toHaveText('Delivered');
  return { thresholds, listed, history, device };
}

/** Takes the device's own threshold away again on the screen. */
async function clearThreshold(page: Page, ip: string): Promise<void> {
  const thresholds = page.getByRole('region', { name: 'Offline threshold per device' });
  await thresholds.getByRole('button', { name: `Use the gateway's time for ${ip} again` }).click();
  await expect(thresholds.getByText('Every device uses the time above.')).toBeVisible();
}

test('a device alerts after its own offline threshold; the history says what fired, where, and how it went', async ({
  page,
  consoleGuard,
}) => {
  test.setTimeout(120_000);
  // the bad address below is refused on purpose
  consoleGuard.allow(/status of 400 .*\/api\/alerts\/thresholds/);
  await useHook('/history');
  const own = await startOwnDevice('lamp', 'alert-thr');
  try {
    await openAlerts(page);
    const { thresholds, history, device } = await thresholdFires(page, own, '/history');
    await expect(history.locator('li[data-kind="device-offline"]').first()).toContainText(
      `alert-thr (${own.ip})`,
    );
    // a bad address is refused by the gateway, and said so
    await thresholds.getByRole('textbox', { name: 'Device address' }).fill('not-an-address');
    await thresholds.getByRole('button', { name: 'Set' }).click();
    await expect(thresholds.getByRole('alert')).toContainText('The threshold was not saved');
    await expect(thresholds.getByRole('alert')).toContainText('Not a valid ip');

    // a delivery that fails: the history shows it is retried, with the error
    hook.failNext(...Array.from({ length: 50 }, () => 503));
    await device.goOnline();
    await history.getByLabel('Kind').selectOption({ label: 'Device back online' });
    const failing = history.locator('li[data-kind="device-online"]').first();
    await expect(failing.getByTestId('alert-error')).toContainText('HTTP 503', { timeout: 30_000 });
    await expect(failing.getByTestId('alert-outcome')).toHaveText('Retrying');
    await expect(history.locator('li[data-kind="device-offline"]')).toHaveCount(0);
    hook.clearFailures();
    await history.getByLabel('Kind').selectOption({ label: 'All kinds' });
    await expect(history.locator('li[data-kind="device-offline"]').first()).toBeVisible();
    await history.scrollIntoViewIfNeeded();
    await inBothThemes(page, async (theme) => {
      await expectAccessible(page, `alerts with thresholds and history (${theme})`);
      await saveScreenshot(page, 'alerts-history', theme);
    });
    await clearThreshold(page, own.ip);
  } finally {
    await stopOwnDevice(own);
  }
});

test('cloud mode: the threshold is set and the history read through the relay', async ({ page }) => {
  test.setTimeout(120_000);
  await useHook('/history-cloud');
  const own = await startOwnDevice('lamp', 'alert-thr-cloud');
  try {
    await openPanel(page, 'cloud');
    await page.goto(page.url().replace(/\/panel$/, '/alerts'));
    await expect(page.getByRole('heading', { name: 'Alerts', exact: true })).toBeVisible();
    await thresholdFires(page, own, '/history-cloud');
    await clearThreshold(page, own.ip);
  } finally {
    await stopOwnDevice(own);
  }
});
