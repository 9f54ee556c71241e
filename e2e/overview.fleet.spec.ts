// The fleet overview as a fleet tool (issue 36, items 7 and 14): at phone width one card per device keeps
// the name, the status and the values in view (the table was cut after Board); the overview carries the
// device list's bulk selection and its "update available" badge (the same components).
import type { Page } from '@playwright/test';
import { type Firmware, OverviewRow } from '@st/protocol';
import { z } from 'zod';
import { system } from './env';
import { addFirmware, deleteFirmware, type OwnFleet, startFleet, stopFleet } from './fleet.support';
import { foundDevices, type Mode } from './panel.support';
import { expect, test } from './support/console';
import { expectAccessible, saveScreenshot } from './support/screens';
import { inBothThemes } from './support/shell';

const PHONE = { width: 390, height: 844 };
const DESK = { width: 1280, height: 800 };

async function openOverview(page: Page, mode: Mode): Promise<void> {
  if (mode === 'gateway') {
    await page.goto(system.gatewayUrl);
    await page.waitForURL(/\/overview$/);
  } else {
    await page.goto(system.cloudUrl);
    const login = page.getByLabel('Login');
    await expect(login.or(page.getByText('Home', { exact: true }).first())).toBeVisible();
    if (await login.isVisible()) {
      await login.fill(system.login);
      await page.getByRole('textbox', { name: 'Password' }).fill(system.password);
      await page.getByRole('button', { name: 'Log in' }).click();
    }
    await page.getByText('Home', { exact: true }).first().click();
    await page.waitForURL(/\/overview$/);
  }
  await expect(page.getByRole('heading', { name: 'Fleet overview' })).toBeVisible();
}

const cards = (page: Page) => page.getByRole('list', { name: 'Fleet overview' });
const table = (page: Page) => page.getByRole('table', { name: 'Fleet overview' });
const overviewRows = async () =>
  z.array(OverviewRow).parse(await (await fetch(`${system.gatewayUrl}/api/devices/overview`)).json());
/** How far the page scrolls sideways (0: nothing is cut or pushed off screen). */
const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

for (const mode of ['gateway', 'cloud'] as const) {
  test(`at phone width each device is a card with its name, status and values (${mode} mode)`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(PHONE);
    await openOverview(page, mode);
    const weather = (await foundDevices()).find((d) => d.type === 'weather');
    if (!weather) throw new Error('no weather device');
    await page.getByRole('textbox', { name: 'Filter devices' }).fill(weather.name);
    const card = cards(page).locator(`li[data-ip="${weather.ip}"]`);
    await expect(card.getByText(weather.name, { exact: true })).toBeVisible();
    await expect(card.locator('[data-online="true"]')).toBeVisible();
    const value = card.locator('[data-sensor="temperature"] [data-value]');
    await expect(value).toHaveText(/^-?\d/);
    // the value is inside the screen, not cut or scrolled away
    const box = await value.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await expect(table(page)).toHaveCount(0);
    // the owner (cloud) and the gateway's user may choose devices here too
    await expect(
      card.getByRole('checkbox', { name: `Select ${weather.name} (${weather.ip})` }),
    ).toBeVisible();

    // back at desk width: the table, with the same values
    await page.setViewportSize(DESK);
    await expect(
      table(page).locator(`tr[data-ip="${weather.ip}"] [data-sensor="temperature"] [data-value]`),
    ).toHaveText(/^-?\d/);
    await page.getByRole('textbox', { name: 'Filter devices' }).fill('');
    if (mode === 'gateway') {
      await page.setViewportSize(PHONE);
      await expect(cards(page)).toBeVisible();
      await inBothThemes(page, async (theme) => {
        await expectAccessible(page, `overview cards (phone, ${theme})`);
        await saveScreenshot(page, 'overview-phone', theme);
      });
    }
  });
}

test.describe('bulk selection and update badges on the overview (gateway mode)', () => {
  let image: Firmware | undefined;
  let fleet: OwnFleet | undefined;
  test.beforeAll(async () => {
    // the shared lamps run 1.4.2: only this spec's old lamp is outdated by 1.3.11
    image = await addFirmware('lamp', '1.3.11');
  });
  test.afterAll(async () => {
    if (fleet) await stopFleet(fleet);
    if (image) await deleteFirmware(image.id);
  });

  test('an outdated device has the badge; chosen devices get the bulk bar, and a bulk restart runs', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const names = ['ovw-old', 'ovw-new'];
    fleet = await startFleet('lamp', names, ['1.3.8', '1.3.11']);
    const [oldIp = '', newIp = ''] = fleet.ips;
    await openOverview(page, 'gateway');
    await page.getByRole('textbox', { name: 'Filter devices' }).fill('ovw-');
    const oldRow = table(page).locator(`tr[data-ip="${oldIp}"]`);
    const newRow = table(page).locator(`tr[data-ip="${newIp}"]`);
    await expect(oldRow.getByTestId('update-badge')).toHaveAttribute('data-version', '1.3.11');
    await expect(newRow).toBeVisible();
    await expect(newRow.getByTestId('update-badge')).toHaveCount(0);

    await oldRow.getByRole('checkbox', { name: `Select ovw-old (${oldIp})` }).check();
    // choosing does not open the device panel
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await expect(bar).toContainText('1 device selected');
    await page.getByRole('checkbox', { name: 'Select every device in Fleet overview' }).check();
    await expect(bar).toContainText('2 devices selected');
    await inBothThemes(page, async (theme) => {
      await expectAccessible(page, `overview with a selection (${theme})`);
      await saveScreenshot(page, 'overview-selection', theme);
    });

    // the phone cards carry the same badge and choice
    await page.setViewportSize(PHONE);
    const oldCard = cards(page).locator(`li[data-ip="${oldIp}"]`);
    await expect(oldCard.getByTestId('update-badge')).toBeVisible();
    await expect(oldCard.getByRole('checkbox', { name: `Select ovw-old (${oldIp})` })).toBeChecked();
    await page.setViewportSize(DESK);

    await bar.getByRole('button', { name: 'Restart' }).click();
    const confirm = page.getByRole('dialog', { name: 'Please confirm' });
    await expect(confirm).toContainText('Restart these devices?');
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    const dialog = page.getByRole('dialog', { name: 'Restart the selected devices' });
    for (const ip of [oldIp, newIp])
      await expect(dialog.locator(`[data-testid="fleet-outcome"][data-ip="${ip}"]`)).toContainText(
        'The device accepted the restart',
      );
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await expect(dialog).toBeHidden();
    expect((await overviewRows()).some((r) => r.ip === oldIp)).toBe(true);
  });
});
