// Fleet overview and sensor charts (issue 15), in both modes: every device listed with live status and
// values, sort and filter, a row opening the device panel, and a sensor chart that shows points and then the
// gap left by a device that went offline. The system's gateway samples every 3 s (global-setup.ts).
import type { Page } from '@playwright/test';
import { OverviewRow } from '@st/protocol';
import { z } from 'zod';
import { system } from './env';
import { foundDevices, MODES, type Mode, startOwnDevice, stopOwnDevice } from './panel.support';
import { expect, test } from './support/console';
import { expectAccessible } from './support/screens';

async function openOverview(page: Page, mode: Mode): Promise<void> {
  if (mode === 'gateway') {
    // the root of a gateway is its fleet overview
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

const table = (page: Page) => page.getByRole('table', { name: 'Fleet overview' });
/** Every row the gateway's overview holds: found devices, saved ones and those seen before (offline). */
const overviewRows = async () =>
  z.array(OverviewRow).parse(await (await fetch(`${system.gatewayUrl}/api/devices/overview`)).json());
const row = (page: Page, ip: string) => table(page).locator(`tr[data-ip="${ip}"]`);

// Devices other specs started and stopped stay listed offline (the gateway remembers what it heard): each
// test starts from the devices that are here now. One not yet counted lost answers 409 and stays listed.
test.beforeEach(async () => {
  for (const r of await overviewRows())
    if (r.remembered && !r.online && !r.saved)
      await fetch(`${system.gatewayUrl}/api/devices/seen?ip=${encodeURIComponent(r.ip)}`, {
        method: 'DELETE',
      });
});

for (const mode of MODES) {
  test.describe(`fleet overview, ${mode} mode`, () => {
    test('lists every device with its status and latest values; sort and filter work', async ({ page }) => {
      await openOverview(page, mode);
      const devices = await foundDevices();
      expect(devices.length).toBeGreaterThanOrEqual(4);
      for (const d of devices) {
        await expect(row(page, d.ip).locator('[data-online="true"]')).toBeVisible();
        await expect(row(page, d.ip).getByText(d.name, { exact: true })).toBeVisible();
      }
      const weather = devices.find((d) => d.type === 'weather');
      if (!weather) throw new Error('no weather device');
      // values arrive from the sampler (live topic or the overview itself)
      await expect(row(page, weather.ip).locator('[data-sensor="temperature"] [data-value]')).toHaveText(
        /^-?\d/,
      );

      // sort by name, descending on the second click
      const names = () => table(page).locator('tbody [data-cell="name"]').allTextContents();
      const sorted = [...devices.map((d) => d.name)].sort((a, b) =>
        a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' }),
      );
      await page.getByRole('button', { name: 'Sort by Name' }).click();
      await expect
        .poll(async () => (await names()).filter((n) => sorted.includes(n)))
        .toEqual([...sorted].reverse());
      await page.getByRole('button', { name: 'Sort by Name' }).click();
      await expect.poll(async () => (await names()).filter((n) => sorted.includes(n))).toEqual(sorted);

      // filter by type (devices other specs stopped stay listed as offline: the gateway remembers them)
      const weathers = (await overviewRows()).filter((r) => r.type === 'weather').length;
      await page.getByRole('textbox', { name: 'Filter devices' }).fill('weather');
      await expect(table(page).locator('tbody tr')).toHaveCount(weathers);
      await expect(page.getByTestId('overview-count')).toHaveText(
        new RegExp(`^${weathers} of \\d+ devices?$`),
      );
      await page.getByRole('textbox', { name: 'Filter devices' }).fill('no such device');
      await expect(page.getByText('No device matches the filter.')).toBeVisible();
    });

    test('a sensor chart shows points, and a gap after its device went offline; status goes live', async ({
      page,
      consoleGuard,
    }) => {
      test.setTimeout(90_000);
      // the panel of an offline device fails to load its tabs: that is expected here
      consoleGuard.allow(/status of 50\d/);
      const own = await startOwnDevice('weather', `chart-${mode}`);
      try {
        await openOverview(page, mode);
        // only this device's row, so that it stays in view when it goes offline (offline rows sort last, and
        // the devices other specs stopped are listed offline too)
        await page.getByRole('textbox', { name: 'Filter devices' }).fill(`chart-${mode}`);
        await expect(row(page, own.ip).locator('[data-online="true"]')).toBeVisible();
        await page.getByRole('button', { name: `Open the control panel of chart-${mode}` }).click();
        const drawer = page.getByRole('dialog', { name: `Device chart-${mode}` });
        await drawer.getByRole('tab', { name: 'Sensors' }).click();
        const chart = drawer.locator('[data-chart="temperature"] [data-testid="history-chart"]');
        await expect(chart).toBeVisible();
        await expect(chart.locator('canvas')).toBeVisible();
        await expect
          .poll(async () => Number(await chart.getAttribute('data-points')), { timeout: 30_000 })
          .toBeGreaterThan(2);
        // a longer range is read from the 5-minute rollups
        await drawer.getByRole('radio', { name: '24 h' }).first().check({ force: true });
        await expect(drawer.getByText(/per 5 min$/).first()).toBeVisible();
        await drawer.getByRole('radio', { name: '1 h' }).first().check({ force: true });
        await expect(drawer.getByText(/every sample$/).first()).toBeVisible();

        // the device drops off the network: its row turns offline live, and the chart gets a gap
        const device = own.sim.devices[0];
        if (!device) throw new Error('no device');
        await device.goOffline();
        // (the drawer is modal: the table behind it is hidden from the accessibility tree, not from the eye)
        const behind = page
          .getByRole('table', { name: 'Fleet overview', includeHidden: true })
          .locator(`tr[data-ip="${own.ip}"]`);
        await expect(behind.locator('[data-online="false"]')).toHaveCount(1, { timeout: 20_000 });
        await device.goOnline();
        // the chart reloads every 15 s; choosing the range again reloads it now
        await expect
          .poll(
            async () => {
              await drawer.getByText('24 h', { exact: true }).click();
              await drawer.getByText('1 h', { exact: true }).click();
              return Number(await chart.getAttribute('data-gaps'));
            },
            { timeout: 45_000, intervals: [3000] },
          )
          .toBeGreaterThan(0);
      } finally {
        await stopOwnDevice(own);
      }
    });
  });
}

test('the overview is axe-clean in both themes and speaks Russian with Russian numbers and durations', async ({
  page,
}) => {
  await openOverview(page, 'gateway');
  const listed = (await overviewRows()).length;
  await expect(page.getByTestId('overview-count')).toHaveText(`${listed} of ${listed} devices`);
  await expectAccessible(page, 'overview (light)');
  await page.getByRole('button', { name: 'Switch to the dark theme' }).click();
  await expectAccessible(page, 'overview (dark)');
  await page.getByRole('button', { name: 'Switch to the light theme' }).click();

  await page.getByRole('button', { name: 'Switch the language to Russian' }).click();
  await expect(page.getByRole('heading', { name: 'Обзор устройств' })).toBeVisible();
  await expect(page.getByTestId('overview-count')).toHaveText(
    new RegExp(`^${listed} из ${listed} устройств[а]?$`),
  );
  // uptime in Russian units (Intl), e.g. "5 мин 3 с", in the column headed "Время работы" (found by its
  // header: selection and other columns come and go before it)
  const table = page.getByRole('table', { name: 'Обзор устройств' });
  const headers = await table.locator('thead th').allInnerTexts();
  const column = headers.findIndex((h) => h.includes('Время работы'));
  expect(column, headers.join(' | ')).toBeGreaterThanOrEqual(0);
  const uptime = table.locator('tbody tr').first().locator('td').nth(column);
  await expect(uptime).toHaveText(/(д|ч|мин|с)/);
  await page.getByRole('button', { name: 'Switch the language to English' }).click();
  await expect(page.getByRole('heading', { name: 'Fleet overview' })).toBeVisible();
});
