// Language (issue 17, defect 6): every screen in Russian, at 1280 px and at phone width (390 px), in both
// modes: no button is clipped (its content wider than its box), and the page does not scroll sideways.
// Russian texts run longer than English ones, so this is where a fixed width or a `nowrap` hurts.
import type { Page } from '@playwright/test';
import { STORAGE_KEYS } from '@st/protocol';
import { system } from './env';
import { MODES, type Mode, openPanel, systemDevice } from './panel.support';
import { expect, test } from './support/console';

const WIDTHS = [1280, 390] as const;
const SCREENS = ['overview', 'panel', 'settings', 'logs', 'ota', 'integrations', 'alerts'] as const;

/** Buttons (and tabs, links styled as buttons) whose content is wider than their box, and page overflow. */
async function clipped(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 60)}"`;
    const root = document.documentElement;
    const inScroller = (el: Element) => {
      for (let p = el.parentElement; p !== null && p !== root; p = p.parentElement) {
        const x = getComputedStyle(p).overflowX;
        if ((x === 'auto' || x === 'scroll') && p.scrollWidth > p.clientWidth) return true;
      }
      return false;
    };
    if (root.scrollWidth > root.clientWidth + 1) found.push(`page ${root.scrollWidth} > ${root.clientWidth}`);
    const candidates = document.querySelectorAll(
      'button, [role="button"], [role="tab"], a.st-Button-root, .st-Button-label, .st-Button-inner',
    );
    for (const el of candidates) {
      if (!(el instanceof HTMLElement) || !el.checkVisibility()) continue;
      if (el.scrollWidth > el.clientWidth + 1)
        found.push(`${name(el)} content ${el.scrollWidth} > box ${el.clientWidth}`);
      // (inside a box that scrolls sideways, such as a wide table, being out of the window is by design)
      const box = el.getBoundingClientRect();
      if (box.width > 0 && (box.right > root.clientWidth + 1 || box.left < -1) && !inScroller(el))
        found.push(`${name(el)} outside the window (${Math.round(box.left)}..${Math.round(box.right)})`);
    }
    return found;
  });
}

/** Switches the open console to Russian (the choice is kept in localStorage, as the header's switch does). */
async function toRussian(page: Page): Promise<void> {
  await page.evaluate((key) => window.localStorage.setItem(key, 'ru'), STORAGE_KEYS.locale);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
}

for (const mode of MODES) {
  for (const width of WIDTHS) {
    test(`every screen in Russian at ${width} px has no clipped button (${mode} mode)`, async ({
      page,
      consoleGuard,
    }) => {
      test.setTimeout(120_000);
      consoleGuard.allow(/status of 50\d/);
      await page.setViewportSize({ width, height: 800 });
      await openPanel(page, mode as Mode);
      await toRussian(page);
      const base = page.url().replace(/\/panel.*$/, '');
      const problems: string[] = [];
      for (const screen of SCREENS) {
        await page.goto(`${base}/${screen}`);
        await expect(page.getByRole('main')).toBeVisible();
        await page.waitForLoadState('networkidle');
        for (const p of await clipped(page)) problems.push(`${screen}: ${p}`);
      }
      // the device panel with its name field and inline Save, on each tab
      const lamp = await systemDevice('lamp');
      await page.goto(`${base}/panel?device=${lamp.ip}`);
      const panel = page.getByRole('region', { name: /^Устройство / });
      const tabs = panel.getByRole('tab');
      await expect(tabs.first()).toBeVisible();
      for (let i = 0; i < (await tabs.count()); i++) {
        const tab = tabs.nth(i);
        const label = (await tab.textContent()) ?? `${i}`;
        await tab.click();
        await page.waitForLoadState('networkidle');
        for (const p of await clipped(page)) problems.push(`panel tab ${label}: ${p}`);
      }
      if (mode === 'cloud') {
        await page.goto(`${system.cloudUrl}/gateways`);
        await expect(page.getByRole('main')).toBeVisible();
        for (const p of await clipped(page)) problems.push(`gateways: ${p}`);
      }
      expect([...new Set(problems)]).toEqual([]);
    });
  }
}
