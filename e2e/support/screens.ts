// Checks of a whole screen: an axe-core scan (no serious or critical violation) and a screenshot for the docs.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './console';
import { screenshotDir } from './screenshotDir';
import { settled, type Theme } from './shell';

/**
 * Fails with a readable list when axe finds a serious or critical violation on the page as it is now, or
 * only inside the `include` selectors (e.g. the shell's header and dialogs over another feature's screen).
 */
export async function expectAccessible(page: Page, screen: string, include: string[] = []): Promise<void> {
  const scan = async () => {
    await settled(page);
    let axe = new AxeBuilder({ page });
    for (const selector of include) axe = axe.include(selector);
    const { violations } = await axe.analyze();
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => {
        const nodes = v.nodes.map((n) => `${n.target.join(' ')} (${n.failureSummary ?? ''})`);
        return `${v.impact} ${v.id}: ${v.help} at ${nodes.join('; ')}`;
      });
  };
  // A toast that closes by itself while axe reads the page is caught half faded (its text then fails the
  // contrast check: seen once, #c8c8ca on white). What the page shows once it has settled again is the verdict.
  const first = await scan();
  expect(first.length === 0 ? first : await scan(), `axe on ${screen}`).toEqual([]);
}

/** Saves docs/screenshots/<name>-<theme>.png of the page as it is now. */
export async function saveScreenshot(page: Page, name: string, theme: Theme): Promise<void> {
  await settled(page);
  await page.screenshot({ path: `${screenshotDir()}${name}-${theme}.png`, animations: 'disabled' });
}

/** Both checks of a screen in the current theme (axe limited to `include` when given). */
export async function checkScreen(
  page: Page,
  name: string,
  theme: Theme,
  include: string[] = [],
): Promise<void> {
  await expectAccessible(page, `${name} (${theme})`, include);
  await saveScreenshot(page, name, theme);
}
