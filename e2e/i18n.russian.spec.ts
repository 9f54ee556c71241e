// Russian where the console used to show English or raw codes, or let Russian words collide: the device
// timeline's entries, the audit trail's "What" column, the fleet overview's column headers, the device tabs
// (one line at 1280 px; at 390 px the open tab is in view), the backups table and a chart's legend on a phone.
import type { Locator, Page } from '@playwright/test';
import { STORAGE_KEYS } from '@st/protocol';
import { system } from './env';
import { openPanel, systemDevice } from './panel.support';
import { expect, test } from './support/console';
import { signIn } from './support/shell';

async function toRussian(page: Page): Promise<void> {
  await page.evaluate((key) => window.localStorage.setItem(key, 'ru'), STORAGE_KEYS.locale);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
}

/** Boxes of the locator's elements whose content is wider than the element itself. */
const overflowing = (items: Locator) =>
  items.evaluateAll((els) =>
    els.filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent?.trim() ?? ''),
  );

test('the timeline, the overview headers and the device tabs in Russian (gateway mode, 1280 px)', async ({
  page,
}) => {
  await openPanel(page, 'gateway');
  await toRussian(page);
  const lamp = await systemDevice('lamp');
  await page.goto(`${system.gatewayUrl}/panel?device=${lamp.ip}`);
  const panel = page.getByRole('region', { name: /^Устройство / });
  const list = panel.getByRole('tablist');
  await expect(list.getByRole('tab').first()).toBeVisible();

  // the tabs: one line, every tab in view without scrolling
  const tops = await list
    .getByRole('tab')
    .evaluateAll((tabs) => tabs.map((t) => t.getBoundingClientRect().top));
  expect(new Set(tops).size, `tab rows at ${tops.join(', ')}`).toBe(1);
  expect(await overflowing(list)).toEqual([]);

  // the timeline: the device was found when the system started; its entries speak Russian
  await list.getByRole('tab', { name: 'Хронология' }).click();
  const timeline = panel.getByTestId('device-timeline');
  await expect(timeline).toContainText(/Найдено|Снова в сети/);
  await expect(timeline).not.toContainText(/\b(Found|Lost|Back after|Renamed|Rebooted|requested)\b/);

  // the overview: each header within its column ("Прошивка" and "Время работы" side by side, apart)
  await page.goto(`${system.gatewayUrl}/overview`);
  const headers = page.getByRole('columnheader');
  await expect(headers.filter({ hasText: 'Время работы' })).toBeVisible();
  expect(await overflowing(headers)).toEqual([]);
  const box = async (name: string) =>
    (await headers.filter({ hasText: name }).boundingBox()) ?? { x: 0, width: 0 };
  const firmware = await box('Прошивка');
  const uptime = await box('Время работы');
  expect(firmware.x + firmware.width).toBeLessThanOrEqual(uptime.x + 1);
});

test("the audit trail's What column in Russian (cloud mode)", async ({ page }) => {
  await signIn(page);
  await toRussian(page);
  await page.getByRole('button', { name: /Открыть учётную запись/ }).click();
  await page.getByRole('link', { name: 'Журнал действий' }).click();
  const table = page.getByTestId('audit-table');
  const login = table.locator('tr[data-action="auth.login"]').first();
  await expect(login).toContainText('Вход · только пароль');
  await expect(table).not.toContainText('auth.login');
  await expect(table).not.toContainText('password only');
});

test('on a phone in Russian: the open tab in view, the chart legend, the backups table without sideways scroll', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await openPanel(page, 'gateway');
  await toRussian(page);
  const weather = await systemDevice('weather');
  await page.goto(`${system.gatewayUrl}/panel?device=${weather.ip}&tab=timeline`);
  const panel = page.getByRole('region', { name: /^Устройство / });
  const list = panel.getByRole('tablist');
  const inView = async (name: string) => {
    const tab = await list.getByRole('tab', { name }).boundingBox();
    const row = await list.boundingBox();
    return tab !== null && row !== null && tab.x >= row.x - 1 && tab.x + tab.width <= row.x + row.width + 1;
  };
  await expect(list.getByRole('tab', { name: 'Хронология' })).toHaveAttribute('aria-selected', 'true');
  await expect.poll(() => inView('Хронология')).toBe(true);
  await list.getByRole('tab', { name: 'Датчики' }).click();
  await expect.poll(() => inView('Датчики')).toBe(true);
  // the legend names the time in Russian (uPlot's own word is English)
  const legend = panel.locator('.u-legend').first();
  await expect(legend).toContainText('Время');
  await expect(legend).not.toContainText('Time');

  // the backups table: every column in view, the history button as its icon (the gateway's first
  // scheduled backup comes a minute after it first started)
  await page.goto(`${system.gatewayUrl}/settings`);
  const backups = page.getByRole('table', { name: 'Устройства с копиями' });
  await expect(async () => {
    await page.reload();
    await expect(backups).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 90_000 });
  const wide = await backups.evaluate((t) => {
    const scroller = t.parentElement as HTMLElement;
    return scroller.scrollWidth > scroller.clientWidth + 1;
  });
  expect(wide).toBe(false);
  const history = backups.getByRole('button', { name: /^История / }).first();
  const button = await history.boundingBox();
  const table = await backups.boundingBox();
  expect((button?.x ?? 0) + (button?.width ?? 0)).toBeLessThanOrEqual((table?.x ?? 0) + (table?.width ?? 0));
});
