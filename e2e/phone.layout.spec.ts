// Issue 36, items 6 and 8, on a desk (1280 px) and a phone (390 px), gateway mode: the logs screen's rows read
// as lines with the message in view (filters folded behind a button on a phone), the header fits without cutting
// the cloud status, and a sensor chart's CSV button keeps its word.
import type { Locator, Page } from '@playwright/test';
import { system } from './env';
import { feedLogLines, randomToken, waitForStoredLine } from './logs.support';
import { openDevice, openPanel, systemDevice } from './panel.support';
import { expect, test } from './support/console';
import { screenshotDir } from './support/screenshotDir';

const WIDTHS = [
  { name: 'desk', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** The element's own box and whether its text is cut (more to scroll than shown, sideways). */
async function box(locator: Locator) {
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return {
      left: r.left,
      right: r.right,
      top: r.top,
      bottom: r.bottom,
      height: r.height,
      cut: el.scrollWidth > el.clientWidth + 1,
    };
  });
}

async function bothThemes(page: Page, name: string): Promise<void> {
  const setScheme = (scheme: string) =>
    page.evaluate((s) => document.documentElement.setAttribute('data-theme', s), scheme);
  await page.mouse.move(1, 1);
  for (const scheme of ['light', 'dark']) {
    await setScheme(scheme);
    await page.screenshot({ path: `${screenshotDir()}${name}-${scheme}.png` });
  }
  await setScheme('light');
}

for (const size of WIDTHS) {
  test.describe(`${size.name} (${size.width} px)`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('log rows read as lines with the message in view; the filters fold away on a phone', async ({
      page,
    }) => {
      const token = randomToken();
      const message = `phone-check ${token} a long message that has to wrap on a narrow screen rather than run off it`;
      await feedLogLines([{ name: `row-${token}`, level: 30, tag: 'layout', message }]);
      await waitForStoredLine(token);
      // filtered by the line's token (in the address), so the row is the newest shown whatever else arrives
      await page.goto(`${system.gatewayUrl}/logs?message=${token}`);
      const row = page.getByRole('list', { name: 'Log lines' }).locator('li[data-log-row]').filter({
        hasText: token,
      });
      // (the history answer may take a while on a loaded machine)
      await expect(row).toHaveCount(1, { timeout: 30_000 });
      const viewport = { width: size.width, height: size.height };
      const msg = row.locator('.st-log-msg');
      await expect(msg).toBeInViewport();
      // every part's box read at once, from the row as it is laid out now
      const parts = await row.evaluate((li) => {
        const read = (el: Element | null) => {
          if (!(el instanceof HTMLElement)) throw new Error('part missing');
          const r = el.getBoundingClientRect();
          const cut = el.scrollWidth > el.clientWidth + 1;
          return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, height: r.height, cut };
        };
        return {
          row: read(li),
          msg: read(li.querySelector('.st-log-msg')),
          time: read(li.querySelector('.st-log-time')),
          device: read(li.querySelector('.st-log-device')),
          level: read(li.querySelector('.st-log-level')),
        };
      });
      const { msg: msgBox, time, device, level } = parts;
      // the message is on screen, whole: inside the viewport's width, not cut
      expect(msgBox.left).toBeGreaterThanOrEqual(0);
      expect(msgBox.right).toBeLessThanOrEqual(viewport.width);
      expect(msgBox.cut).toBe(false);
      // the row is a line or a few, not a column of words (it was about 250-500 px tall at 390 px)
      expect(parts.row.height).toBeLessThan(size.name === 'phone' ? 110 : 40);
      // time, device and level on the row's first line
      expect(Math.abs(time.top - device.top)).toBeLessThan(4);
      expect(Math.abs(time.top - level.top)).toBeLessThan(4);
      if (size.name === 'phone') {
        // reading order: time, device, level, then the message under them
        expect(msgBox.top).toBeGreaterThanOrEqual(time.bottom - 1);
        expect(time.left).toBeLessThan(device.left);
        expect(device.left).toBeLessThan(level.left);
      }
      // nothing on the page scrolls sideways
      const pageWide = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(pageWide).toBeLessThanOrEqual(viewport.width);

      const messageFilter = page.getByRole('textbox', { name: 'Message' });
      const fold = page.getByRole('button', { name: /^Filters/ });
      if (size.name === 'phone') {
        // folded, saying how many filters are in use; the list starts near the top of the screen
        await expect(messageFilter).toBeHidden();
        await expect(fold).toHaveText('Filters: 1 in use');
        await expect(fold).toHaveAttribute('aria-expanded', 'false');
        expect((await box(page.getByRole('list', { name: 'Log lines' }))).top).toBeLessThan(330);
        await bothThemes(page, 'logs-phone');
        await fold.click();
        await expect(fold).toHaveAttribute('aria-expanded', 'true');
        await expect(messageFilter).toHaveValue(token);
        await messageFilter.fill('');
        await expect(fold).toHaveText('Filters');
        await fold.click();
        await expect(messageFilter).toBeHidden();
      } else {
        await expect(fold).toBeHidden();
        await expect(messageFilter).toBeVisible();
        await bothThemes(page, 'logs-desk');
      }
    });

    test('the header fits without cutting the cloud status; the chart CSV button keeps its word', async ({
      page,
    }) => {
      const lamp = await systemDevice('lamp');
      await openPanel(page, 'gateway');
      const header = page.locator('header.st-shell-header');
      const status = page.getByRole('button', { name: 'Cloud: connected' });
      await expect(status).toBeVisible();
      // no text of the header is cut, and the header is not wider than the screen
      const cutTexts = await header.evaluate((root) =>
        [...root.querySelectorAll<HTMLElement>('button, a, span, p')]
          .filter((el) => el.offsetParent !== null && el.scrollWidth > el.clientWidth + 1)
          .map((el) => el.textContent ?? el.outerHTML.slice(0, 80)),
      );
      expect(cutTexts).toEqual([]);
      const headerBox = await box(header);
      expect(headerBox.cut).toBe(false);
      const statusBox = await box(status);
      expect(statusBox.right).toBeLessThanOrEqual(size.width);
      const words = page.getByTestId('cloud-status-text');
      if (size.name === 'phone') await expect(words).toBeHidden();
      else await expect(words).toHaveText('Cloud: connected');
      const panel = await openDevice(page, lamp);
      await panel.getByRole('tab', { name: 'Sensors' }).click();
      const csv = panel.getByTestId('chart-csv').first();
      await expect(csv).toBeVisible();
      await expect(csv).toContainText('CSV');
      const csvBox = await box(csv);
      expect(csvBox.cut).toBe(false);
      expect(csvBox.right).toBeLessThanOrEqual(size.width);
      const label = await box(csv.getByText('CSV'));
      expect(label.cut).toBe(false);
      await csv.scrollIntoViewIfNeeded();
      await bothThemes(page, `header-chart-${size.name}`);
    });
  });
}
