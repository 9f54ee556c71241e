import { expect, type Page, test } from '@playwright/test';
import type { DeviceLogLine } from '@st/protocol';
import {
  feedLogLines,
  logCounts,
  MODES,
  openScreen,
  randomToken,
  screenshotBothThemes,
  waitUntilLive,
} from './logs.support';

const LINES = 100_000;
const EVERY = 1000;

const renderedRows = (page: Page) =>
  page.getByRole('list', { name: 'Log lines' }).locator('li[data-log-row]');

function* burst(token: string): Generator<DeviceLogLine> {
  for (let i = 0; i < LINES; i++) {
    const needle = i % EVERY === 0 ? ` needle-${token}` : '';
    yield {
      name: `bulk-${i % 7}`,
      level: i % 4 === 0 ? 30 : 20,
      tag: `tag${i % 13}`,
      message: `line ${i}${needle}`,
    };
  }
}

for (const mode of MODES) {
  test(`logs screen holds ${LINES} live lines, scrolls and filters them with few rows in the page (${mode} mode)`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const token = randomToken();
    await openScreen(page, mode, 'logs');
    await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
    await waitUntilLive(page, token);
    const before = (await logCounts(page)).held;
    await feedLogLines(burst(token), { perSecond: 5000 });
    await expect
      .poll(async () => (await logCounts(page)).held, { timeout: 180_000 })
      .toBeGreaterThanOrEqual(Math.min(before + LINES, LINES));
    // Virtualized: only the rows in sight exist, however many are held.
    expect(await renderedRows(page).count()).toBeLessThan(80);
    // The simulated devices keep logging too: their lines count towards the 100,000 held, so the burst's last
    // lines may still be on their way through a slow relay when the count is reached, and once there they sit
    // below the devices' newer lines, possibly out of the rendered window. Wait for the last one itself,
    // found through the message filter.
    await page.getByLabel('Message').fill(`line ${LINES - 1}`);
    await expect(renderedRows(page).filter({ hasText: `line ${LINES - 1}` })).toHaveCount(1, {
      timeout: 60_000,
    });
    await page.getByLabel('Message').fill('');

    const scroller = page.getByRole('list', { name: 'Log lines' }).locator('..');
    await scroller.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await expect(renderedRows(page).last()).toBeVisible();
    expect(await renderedRows(page).count()).toBeLessThan(80);

    // One line in a thousand carries the needle. The oldest may have made way for the devices' own lines
    // (the screen holds, and the gateway keeps, the newest 100,000), hence "about a hundred".
    await page.getByLabel('Message').fill(`needle-${token}`);
    // The filter runs as a deferred render: wait until the count has settled on the filtered value.
    await expect
      .poll(async () => {
        const shown = (await logCounts(page)).shown;
        return shown >= LINES / EVERY - 5 && shown <= LINES / EVERY;
      })
      .toBe(true);
    const needles = (await logCounts(page)).shown;
    expect(await renderedRows(page).count()).toBeLessThan(80);
    await expect(renderedRows(page).first()).toContainText(`line ${LINES - EVERY} needle-${token}`);
    await expect(renderedRows(page).filter({ hasNotText: `needle-${token}` })).toHaveCount(0);
    const level = page.getByRole('combobox', { name: 'Minimum level' });
    await level.selectOption({ label: 'WARN' });
    // Every 4th line is a warning, and every 1000th line is a 4th line.
    await expect.poll(async () => (await logCounts(page)).shown).toBe(needles);
    await page.getByLabel('Message').fill(`line 99999`);
    await expect.poll(async () => (await logCounts(page)).shown).toBe(0);
    await page.getByLabel('Message').fill(`line 99996`);
    await expect.poll(async () => (await logCounts(page)).shown).toBe(1);
    await page.getByLabel('Message').fill('');
    await level.selectOption({ label: 'Any level' });
    await expect.poll(async () => (await logCounts(page)).shown).toBeGreaterThanOrEqual(LINES);
    expect(await renderedRows(page).count()).toBeLessThan(80);
    await screenshotBothThemes(page, `logs-100k-${mode}`);
  });
}
