// Counts agree with their words in both languages (i18next plural forms by Intl.PluralRules): the device
// list's bulk selection says "1 device selected" / "2 devices selected", and in Russian "1 устройство",
// "2 устройства", "5 устройств" (gateway mode; five devices of the spec's own).
import type { Page } from '@playwright/test';
import { STORAGE_KEYS } from '@st/protocol';
import { type OwnFleet, startFleet, stopFleet } from './fleet.support';
import { openPanel } from './panel.support';
import { expect, test } from './support/console';

let fleet: OwnFleet | undefined;

test.afterAll(async () => {
  if (fleet !== undefined) await stopFleet(fleet);
});

const NAMES = ['plural-a', 'plural-b', 'plural-c', 'plural-d', 'plural-e'];

/** Filters the device list to the spec's devices and returns the found list (all five shown). */
async function showOwnDevices(page: Page) {
  await page.getByRole('searchbox').first().fill('plural-');
  const found = page.locator('[data-device-ip]').filter({ hasText: /plural-/ });
  await expect(found).toHaveCount(NAMES.length);
  return found;
}

test('the bulk selection counts devices with the plural form each language needs', async ({ page }) => {
  test.setTimeout(120_000);
  fleet = await startFleet(
    'lamp',
    NAMES,
    NAMES.map(() => '1.3.9'),
  );
  const [ipA = '', ipB = ''] = fleet.ips;

  await openPanel(page, 'gateway');
  await showOwnDevices(page);
  await page
    .getByRole('checkbox', { name: `Select ${NAMES[0]} (${ipA})` })
    .first()
    .check();
  const bar = page.getByRole('region', { name: 'Bulk actions' });
  await expect(bar).toContainText('1 device selected');
  await page
    .getByRole('checkbox', { name: `Select ${NAMES[1]} (${ipB})` })
    .first()
    .check();
  await expect(bar).toContainText('2 devices selected');

  await page.evaluate((key) => window.localStorage.setItem(key, 'ru'), STORAGE_KEYS.locale);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await showOwnDevices(page);
  await page
    .getByRole('checkbox', { name: `Выбрать ${NAMES[0]} (${ipA})` })
    .first()
    .check();
  const ruBar = page.getByRole('region', { name: 'Действия с выбранными' });
  await expect(ruBar).toContainText('Выбрано 1 устройство');
  await page
    .getByRole('checkbox', { name: `Выбрать ${NAMES[1]} (${ipB})` })
    .first()
    .check();
  await expect(ruBar).toContainText('Выбрано 2 устройства');
  await page.getByRole('checkbox', { name: /^Выбрать все устройства в списке «Найденные/ }).check();
  await expect(ruBar).toContainText('Выбрано 5 устройств');
});
