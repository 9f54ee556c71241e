// Russian where the console used to show English or raw codes, or let Russian words collide: the device
// timeline's entries, the audit trail's "What" column, the fleet overview's column headers, the device tabs
// (one line at 1280 px).
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
  await expect(table.locator('tr[data-action="auth.login"]').first()).toContainText('Вход');
  await expect(table).not.toContainText('auth.login');
});
