import type { Page } from '@playwright/test';
import { AlertPayload } from '@st/protocol';
import type { Simulator } from '@st/simulator';
import { type HttpReceiver, startHttpReceiver } from '@st/testkit';
import { system } from './env';
import {
  deviceRow,
  foundDevices,
  MODES,
  type Mode,
  openPanel,
  startOwnDevice,
  stopOwnDevice,
} from './panel.support';
import { expect, test } from './support/console';
import { expectAccessible } from './support/screens';
import { closeToasts, switchTheme, toasts } from './support/shell';

// The Alerts screen and the device timeline tab in Chromium, both modes, against the real servers: a real
// HTTP receiver stands for the user's webhook endpoint.

let hook: HttpReceiver;
test.beforeAll(async () => {
  hook = await startHttpReceiver();
});
test.afterAll(async () => {
  // leave no channel behind for other specs
  await fetch(`${system.gatewayUrl}/api/alerts`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ channels: [] }),
  });
  await hook.close();
});

const received = (path: string) =>
  hook.received.filter((r) => r.url === path).map((r) => AlertPayload.parse(JSON.parse(r.body)));

async function openAlerts(page: Page, mode: Mode): Promise<void> {
  await openPanel(page, mode);
  await page.getByRole('button', { name: 'Open the menu' }).click();
  await page.getByRole('menuitem', { name: 'Alerts' }).click();
  await expect(page.getByRole('heading', { name: 'Alerts', exact: true })).toBeVisible();
}

async function addWebhook(page: Page, section: string, id: string, url: string): Promise<void> {
  const form = page.getByRole('region', { name: section });
  await form.getByRole('button', { name: 'Add channel' }).click();
  await page.getByRole('menuitem', { name: 'Webhook' }).click();
  const card = form.getByTestId('channel-webhook-1');
  await card.getByLabel('Channel name').fill(id);
  await form.getByTestId(`channel-${id}`).getByLabel('URL').fill(url);
  await form.getByTestId(`channel-${id}`).getByLabel('Signing secret').fill('e2e-secret');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(toasts(page, 'Alert settings saved').first()).toBeVisible();
  await form.getByTestId(`channel-${id}`).getByRole('button', { name: 'Send test' }).click();
  await expect(toasts(page, `Test alert sent via ${id}`).first()).toBeVisible();
  await closeToasts(page);
}

for (const mode of MODES) {
  test.describe(`alerts (${mode} mode)`, () => {
    test('configure a webhook channel, send a test, see it arrive; secrets stay on the server', async ({
      page,
    }) => {
      await openAlerts(page, mode);
      const gatewayForm = 'Device alerts of this gateway';
      await addWebhook(page, gatewayForm, `hook-${mode}`, `${hook.url}/${mode}`);
      await expect.poll(() => received(`/${mode}`).map((p) => p.kind)).toEqual(['test']);
      const signature = hook.received.find((r) => r.url === `/${mode}`)?.headers['x-signature-256'];
      expect(signature).toMatch(/^sha256=[0-9a-f]{64}$/);
      const stored = await (await fetch(`${system.gatewayUrl}/api/alerts`)).text();
      expect(stored).toContain(`hook-${mode}`);
      expect(stored).not.toContain('e2e-secret');

      if (mode === 'cloud') {
        await addWebhook(page, 'My gateway-offline alerts (cloud)', 'mine', `${hook.url}/cloud-own`);
        await expect.poll(() => received('/cloud-own').map((p) => p.kind)).toEqual(['test']);
      }
      // reload: what was saved comes back, the secret only as "stored"
      await page.reload();
      const card = page.getByRole('region', { name: gatewayForm }).getByTestId(`channel-hook-${mode}`);
      await expect(card.getByLabel('URL')).toHaveValue(`${hook.url}/${mode}`);
      await expect(card.getByText('Stored; leave empty to keep it')).toBeVisible();
      await expectAccessible(page, `alerts (${mode}, light)`);
      await switchTheme(page, 'dark');
      await expectAccessible(page, `alerts (${mode}, dark)`);
      await switchTheme(page, 'light');
      // Russian, at phone width: translated, nothing wider than the screen
      await page.setViewportSize({ width: 375, height: 800 });
      await page.getByRole('button', { name: 'Switch the language to Russian' }).click();
      await expect(page.getByRole('heading', { name: 'Оповещения', exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Отправить тест' }).first()).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(overflow).toBe(false);
      await page.getByRole('button', { name: 'Switch the language to English' }).click();
      await expect(page.getByRole('heading', { name: 'Alerts', exact: true })).toBeVisible();
    });
  });

  test.describe(`device timeline (${mode} mode)`, () => {
    let own: { sim: Simulator; ip: string } | undefined;
    test.afterEach(async () => {
      if (own !== undefined) await stopOwnDevice(own);
      own = undefined;
    });

    test('the timeline tab shows a rename and a restart made from the console', async ({ page }) => {
      own = await startOwnDevice('button', `tl-${mode}`);
      const { ip } = own;
      await openPanel(page, mode);
      const device = (await foundDevices()).find((d) => d.ip === ip);
      if (device === undefined) throw new Error('own device not found');
      await deviceRow(page, device).click();
      const panel = page.getByRole('region', { name: /^Device / });
      const name = panel.getByLabel('Name', { exact: true });
      await name.fill(`renamed-${mode}`);
      await panel.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('heading', { name: `Device renamed-${mode}` })).toBeVisible();
      await panel.getByRole('tab', { name: 'Danger zone' }).click();
      await panel.getByRole('button', { name: 'Restart' }).click();
      await page
        .getByRole('dialog', { name: 'Please confirm' })
        .getByRole('button', { name: 'Confirm' })
        .click();

      await panel.getByRole('tab', { name: 'Timeline' }).click();
      const list = panel.getByRole('list', { name: 'Device timeline' });
      await expect(list.locator('li[data-kind="restart"]')).toContainText('Restart requested');
      await expect(list.locator('li[data-kind="rename"]').first()).toContainText(
        `Renamed to "renamed-${mode}"`,
      );
      if (mode === 'cloud')
        await expect(list.locator('li[data-kind="rename"]').first()).toContainText('via the cloud');
      // live: a change made elsewhere shows up without reopening the tab
      // (the device may still be rebooting from the restart above: repeat until it takes the rename)
      await expect
        .poll(
          async () =>
            (
              await fetch(`${system.gatewayUrl}/api/device/request`, {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({ device: ip, command: 'saveName', params: { name: `later-${mode}` } }),
              })
            ).status,
          { timeout: 20_000 },
        )
        .toBe(200);
      await expect(list.locator('li[data-kind="rename"]').first()).toContainText(
        `Renamed to "later-${mode}"`,
      );
      // filter by kind
      await panel.getByRole('button', { name: 'Kinds shown: all' }).click();
      await page.getByRole('checkbox', { name: 'Restart' }).check();
      await page.keyboard.press('Escape');
      await expect(panel.getByRole('button', { name: 'Kinds shown: Restart' })).toBeVisible();
      await expect(list.locator('li')).toHaveCount(1);
      await expectAccessible(page, `timeline (${mode})`);
    });
  });
}
