// Issue 36 items 11 and 13 (drawer): the history charts carry units on the axis, time labels without
// repeats, and a text sensor's history as its list of changes; the overview's device drawer names the device
// once. On the shared system's weather station (numeric and text sensors, sampled every 3 s).
import { system } from './env';
import { foundDevices, openPanel } from './panel.support';
import { expect, test } from './support/console';
import { expectAccessible, saveScreenshot } from './support/screens';
import { inBothThemes } from './support/shell';

const ticks = async (chart: import('@playwright/test').Locator, axis: 'x' | 'y') =>
  ((await chart.getAttribute(`data-${axis}-ticks`)) ?? '').split('|').filter((t) => t !== '');

test('charts show units and unrepeated times, a text sensor its changes; the drawer names the device once', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const weather = (await foundDevices()).find((d) => d.type === 'weather');
  if (weather === undefined) throw new Error('the shared system has no weather station');

  // the overview's drawer: its title names the device, the panel inside does not again
  await page.goto(`${system.gatewayUrl}/overview`);
  await page.getByRole('textbox', { name: 'Filter devices' }).fill(weather.ip);
  await page.getByRole('button', { name: `Open the control panel of ${weather.name}` }).click();
  const drawer = page.getByRole('dialog', { name: `Device ${weather.name}` });
  await expect(drawer.getByRole('tab', { name: 'Sensors' })).toBeVisible();
  await expect(drawer.getByText(`Device ${weather.name}`, { exact: true })).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  await openPanel(page, 'gateway');
  await page.getByRole('button', { name: `Open device ${weather.name} (${weather.ip})` }).click();
  const panel = page.getByRole('region', { name: `Device ${weather.name}` });
  await panel.getByRole('tab', { name: 'Sensors' }).click();
  const chart = panel.locator('[data-chart="temperature"] [data-testid="history-chart"]');
  await expect
    .poll(async () => Number(await chart.getAttribute('data-points')), { timeout: 30_000 })
    .toBeGreaterThan(2);
  const x = await ticks(chart, 'x');
  expect(x.length).toBeGreaterThan(1);
  // no label twice in a row ("12:05 AM 12:05 AM")
  expect(x.filter((label, i) => label === x[i - 1])).toEqual([]);
  // a text sensor: the list of its changes, each with its time
  const changes = panel.locator('[data-changes="forecast"] [data-testid="text-change"]');
  await expect(changes.first()).toBeVisible({ timeout: 20_000 });
  await expect(changes.first()).toContainText(/\d{1,2}:\d{2}:\d{2}/);
  await expect(panel.locator('[data-changes="forecast"] [data-testid="history-chart"]')).toHaveCount(0);
  await inBothThemes(page, async (theme) => {
    await expectAccessible(page, `sensor charts (${theme})`, ['[data-testid="sensor-charts"]']);
    await panel.getByTestId('sensor-charts').scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'charts-sensors', theme);
  });

  // the metrics: uptime in hours, free heap in KiB, on the axis
  await panel.getByRole('tab', { name: 'Metrics' }).click();
  const uptime = panel.locator('[data-chart="uptime"] [data-testid="history-chart"]');
  const heap = panel.locator('[data-chart="heap"] [data-testid="history-chart"]');
  await expect(uptime).toHaveAttribute('data-unit', 'h', { timeout: 20_000 });
  await expect(heap).toHaveAttribute('data-unit', 'KiB');
  await expect.poll(async () => (await ticks(uptime, 'y')).every((t) => t.endsWith('\u00a0h'))).toBe(true);
  await expect.poll(async () => (await ticks(heap, 'y')).every((t) => t.endsWith('\u00a0KiB'))).toBe(true);
});
