// Issue 36 item 15 at phone width and in Russian: the cloud's overview across gateways (/fleet) at 390 px reads
// whole (no card, badge or header cut or pushing the page sideways), its counts in Russian with their plurals,
// and its search finds a device of the shared "Home" gateway.
import type { Locator } from '@playwright/test';
import { STORAGE_KEYS } from '@st/protocol';
import { system } from './env';
import { systemDevice } from './panel.support';
import { expect, test } from './support/console';
import { saveScreenshot } from './support/screens';
import { signIn } from './support/shell';

/** Texts of the locator's elements whose content is wider than the element, or that end past the viewport. */
const cut = (items: Locator) =>
  items.evaluateAll((els) =>
    els
      .filter(
        (el) =>
          el.scrollWidth > el.clientWidth + 1 ||
          el.getBoundingClientRect().right > document.documentElement.clientWidth + 1,
      )
      .map((el) => el.textContent?.trim() ?? ''),
  );

test('/fleet at 390 px in Russian: whole cards, Russian counts, a device found', async ({ page }) => {
  await signIn(page);
  await page.evaluate((key) => window.localStorage.setItem(key, 'ru'), STORAGE_KEYS.locale);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${system.cloudUrl}/fleet`);
  await expect(page.getByRole('heading', { name: 'Все шлюзы' })).toBeVisible();
  const home = page.getByRole('listitem', { name: 'Home', exact: true });
  const counts = home.getByTestId('fleet-counts');
  // (4 of the system's devices: "устройств"; other specs' own devices may come and go)
  await expect(counts.locator('[data-count="devices"]')).toHaveText(
    /^В сети \d+ из \d+ (устройства|устройств)$/,
  );
  await expect(counts.locator('[data-count="outdated"]')).toHaveText(/^\d+ с устаревшей прошивкой$/);
  await expect(counts.locator('[data-count="crashLooping"]')).toHaveText(/^\d+ в цикле сбоев$/);
  await expect(home).toContainText('В сети');
  await expect(home).toContainText('Данные от');

  // nothing wider than the phone, nothing cut inside a card
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const card = page.getByTestId('fleet-gateway');
  expect(await cut(card)).toEqual([]);
  expect(await cut(card.locator('.st-Badge-root, a, button, p'))).toEqual([]);
  expect(await cut(page.getByRole('heading', { level: 1 }))).toEqual([]);
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
    await saveScreenshot(page, 'fleet-phone-ru', theme);
  }

  // the search by a device's name, in Russian, at this width
  const lamp = await systemDevice('lamp');
  await page.getByRole('searchbox', { name: 'Поиск шлюзов и устройств' }).fill(lamp.name);
  const match = home.getByTestId('fleet-match').first();
  await expect(match).toContainText(`${lamp.name} (${lamp.ip})`);
  await expect(match).toContainText(/В сети|Не в сети/);
  expect(await cut(home.getByTestId('fleet-match'))).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
