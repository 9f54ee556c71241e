// The kit's interactive primitives in Chromium, against the WAI-ARIA Authoring Practices, in both themes:
// dialog (focus in, kept in, given back; Escape closes the top layer only; toasts reachable), menu button,
// tabs, select, tooltip, toasts (pause on focus and hover), popovers (on screen on every side, following their
// button), virtual rows measured by key, and axe on each open. The page (apps/web/src/ui/testing/KitPage.tsx) is bundled here with esbuild
// and served from memory: no console server is needed.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { build } from 'esbuild';
import { expect, test } from './support/console';
import { expectAccessible } from './support/screens';

const ORIGIN = 'http://kit.test';
const entry = new URL('../apps/web/src/ui/testing/KitPage.tsx', import.meta.url).pathname;
let files: Record<string, { body: Buffer; type: string }> = {};

test.beforeAll(async () => {
  const out = mkdtempSync(join(tmpdir(), 'st-kit-'));
  try {
    await build({
      entryPoints: [entry],
      bundle: true,
      format: 'esm',
      jsx: 'automatic',
      outdir: out,
      define: { 'process.env.NODE_ENV': '"development"' },
      logLevel: 'silent',
    });
    files = {
      '/': {
        type: 'text/html',
        body: Buffer.from(
          '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Kit primitives</title>' +
            '<link rel="stylesheet" href="/KitPage.css"></head><body><div id="root"></div>' +
            '<script type="module" src="/KitPage.js"></script></body></html>',
        ),
      },
      '/KitPage.js': { type: 'text/javascript', body: readFileSync(join(out, 'KitPage.js')) },
      '/KitPage.css': { type: 'text/css', body: readFileSync(join(out, 'KitPage.css')) },
    };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});

async function openKit(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.route(`${ORIGIN}/**`, (route) => {
    const file = files[new URL(route.request().url()).pathname];
    return file === undefined
      ? route.fulfill({ status: 404 })
      : route.fulfill({ status: 200, contentType: file.type, body: file.body });
  });
  await page.goto(`${ORIGIN}/?theme=${theme}`);
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
  await expect(page.getByRole('heading', { name: 'Kit primitives' })).toBeVisible();
}

/** Whether focus is inside `scope` (the element or one of its descendants). */
async function focusInside(scope: Locator): Promise<boolean> {
  return scope.evaluate((element) => element.contains(document.activeElement));
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`kit primitives (${theme})`, () => {
    test.beforeEach(async ({ page }) => {
      await openKit(page, theme);
    });

    test('dialog: focus moves in, stays in, returns; Escape closes the top layer only; toasts stay reachable', async ({
      page,
    }) => {
      const opener = page.getByRole('button', { name: 'Open dialog' });
      const dialog = page.getByRole('dialog', { name: 'First dialog' });
      // Enter on the focused opener opens it (again when a loaded machine let the page take focus back before
      // the key arrived; a second Enter lands in the open dialog's field and changes nothing)
      await expect(async () => {
        if (!(await dialog.isVisible())) {
          await opener.focus();
          await page.keyboard.press('Enter');
        }
        await expect(dialog).toBeVisible({ timeout: 3000 });
      }).toPass({ timeout: 15_000 });
      // in: the body's first field, not the close button
      await expect(page.getByRole('textbox', { name: 'Name' })).toBeFocused();
      // the page behind is hidden from assistive technology
      await expect(page.getByRole('button', { name: 'Before' })).toHaveCount(0);
      await expectAccessible(page, `dialog (${theme})`);
      // stays in: Tab and Shift+Tab go round the dialog's own elements
      for (let i = 0; i < 8; i++) {
        await page.keyboard.press('Tab');
        expect(await focusInside(dialog), `Tab ${i + 1} stays in the dialog`).toBe(true);
      }
      for (let i = 0; i < 8; i++) {
        await page.keyboard.press('Shift+Tab');
        expect(await focusInside(dialog), `Shift+Tab ${i + 1} stays in the dialog`).toBe(true);
      }

      // a dialog over it: Escape closes that one only, focus back on its opener
      await page.getByRole('button', { name: 'Open nested' }).focus();
      await page.keyboard.press('Enter');
      const nested = page.getByRole('dialog', { name: 'Nested dialog' });
      await expect(page.getByRole('button', { name: 'Done' })).toBeFocused();
      // Escape once the nested layer has painted: pressed in the same frames as its opening (first page load, a
      // cold browser) it closed both layers, once in 4 runs on a quiet machine (a layer race left to look into)
      await page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(null)))),
      );
      await page.keyboard.press('Escape');
      await expect(nested).toHaveCount(0);
      await expect(dialog).toBeVisible();
      await expect(page.getByRole('button', { name: 'Open nested' })).toBeFocused();

      // a menu in it: Escape closes the menu only
      await page.getByRole('button', { name: 'Dialog menu' }).focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('menuitem', { name: 'Copy' })).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('menu')).toHaveCount(0);
      await expect(dialog).toBeVisible();
      await expect(page.getByRole('button', { name: 'Dialog menu' })).toBeFocused();

      // a toast raised from the dialog: seen by assistive technology, reached with F8, closed with Escape
      // there (the dialog stays), and a press on it does not close the dialog either
      await page.getByRole('button', { name: 'Toast from the dialog' }).click();
      const toast = page.getByRole('alert').filter({ hasText: 'Saved in the dialog' });
      await expect(toast).toBeVisible();
      await page.keyboard.press('F8');
      await expect(page.getByRole('region', { name: 'Notifications (F8)' })).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(toast.getByRole('button', { name: 'Close toast' })).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(toast).toHaveCount(0);
      await expect(dialog).toBeVisible();
      await page.getByRole('button', { name: 'Toast from the dialog' }).click();
      await toast.getByRole('button', { name: 'Close toast' }).click();
      await expect(toast).toHaveCount(0);
      await expect(dialog).toBeVisible();

      // Escape closes it; focus goes back to the button that opened it
      await page.getByRole('textbox', { name: 'Name' }).focus();
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      await expect(opener).toBeFocused();
      // and the close button does the same
      await opener.click();
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(opener).toBeFocused();
    });

    test('menu button: ArrowDown opens, arrows wrap past disabled items, Home/End, type-ahead, Escape returns focus', async ({
      page,
    }) => {
      const button = page.getByRole('button', { name: 'Actions' });
      await expect(button).toHaveAttribute('aria-haspopup', 'menu');
      await expect(button).toHaveAttribute('aria-expanded', 'false');
      await button.focus();
      await page.keyboard.press('ArrowDown');
      const menu = page.getByRole('menu');
      await expect(menu).toBeVisible();
      await expect(button).toHaveAttribute('aria-expanded', 'true');
      const item = (name: string) => page.getByRole('menuitem', { name });
      await expect(item('Edit')).toBeFocused();
      await expectAccessible(page, `menu (${theme})`);
      await page.keyboard.press('ArrowDown');
      await expect(item('Duplicate')).toBeFocused();
      await page.keyboard.press('ArrowDown'); // Archive is disabled: skipped
      await expect(item('Download')).toBeFocused();
      await page.keyboard.press('End');
      await expect(item('Delete')).toBeFocused();
      await page.keyboard.press('ArrowDown'); // wraps
      await expect(item('Edit')).toBeFocused();
      await page.keyboard.press('ArrowUp'); // wraps back
      await expect(item('Delete')).toBeFocused();
      await page.keyboard.press('Home');
      await expect(item('Edit')).toBeFocused();
      // type-ahead: the next item starting with the letter, again for the one after
      await page.keyboard.press('d');
      await expect(item('Duplicate')).toBeFocused();
      await page.waitForTimeout(1100); // (the type-ahead buffer clears after a second)
      await page.keyboard.press('d');
      await expect(item('Download')).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(menu).toHaveCount(0);
      await expect(button).toBeFocused();
      // Enter opens on the first item; Enter chooses, closes, and focus is back on the button
      await page.keyboard.press('Enter');
      await expect(item('Edit')).toBeFocused();
      await page.keyboard.press('ArrowDown');
      // Enter once the focus has moved, as a user does (pressed at once, a loaded machine chose Edit)
      await expect(item('Duplicate')).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(menu).toHaveCount(0);
      await expect(page.getByTestId('menu-chosen')).toHaveText('Chosen: Duplicate');
      await expect(button).toBeFocused();
      // a disabled item cannot be chosen with the pointer
      await button.click();
      await item('Archive').click({ force: true });
      await expect(page.getByTestId('menu-chosen')).toHaveText('Chosen: Duplicate');
    });

    test('tabs: arrow keys move and choose (skipping a disabled tab, wrapping), Home and End', async ({
      page,
    }) => {
      const tab = (name: string) => page.getByRole('tab', { name });
      await expect(page.getByRole('tablist', { name: 'Sections' })).toBeVisible();
      // one tab stop: Tab from before the list lands on the chosen tab, the next Tab on its panel
      await page.getByRole('button', { name: 'Actions' }).focus();
      await page.keyboard.press('Tab');
      await expect(tab('One')).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(page.getByRole('tabpanel', { name: 'One' })).toBeFocused();
      await tab('One').focus();
      await page.keyboard.press('ArrowRight');
      await expect(tab('Two')).toBeFocused();
      await expect(tab('Two')).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('tabpanel', { name: 'Two' })).toHaveText('Second panel');
      await page.keyboard.press('ArrowRight'); // Three is disabled
      await expect(tab('Four')).toBeFocused();
      await page.keyboard.press('ArrowRight');
      await expect(tab('One')).toBeFocused();
      await page.keyboard.press('ArrowLeft');
      await expect(tab('Four')).toBeFocused();
      await page.keyboard.press('Home');
      await expect(tab('One')).toBeFocused();
      await page.keyboard.press('End');
      await expect(tab('Four')).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('tabpanel', { name: 'Four' })).toHaveText('Fourth panel');
      await expect(page.getByRole('tabpanel')).toHaveCount(1);
    });

    test('select: a labelled listbox of its choices, chosen with the arrow keys and by typing', async ({
      page,
    }) => {
      const select = page.getByRole('combobox', { name: 'Letter' });
      const value = page.getByTestId('select-value');
      await expect(select).toHaveValue('beta');
      await expect(select.getByRole('option')).toHaveText(['Alpha', 'Beta', 'Gamma', 'Delta']);
      await select.focus();
      await page.keyboard.press('ArrowDown');
      await expect(value).toHaveText('Value: gamma');
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('ArrowUp');
      await expect(value).toHaveText('Value: alpha');
      await page.keyboard.press('d');
      await expect(value).toHaveText('Value: delta');
      await page.keyboard.press('Home');
      await expect(value).toHaveText('Value: alpha');
      await page.keyboard.press('End');
      await expect(value).toHaveText('Value: delta');
    });

    test('tooltip: shown on keyboard focus and on hover, describing its element; Escape hides it', async ({
      page,
    }) => {
      const button = page.getByRole('button', { name: 'Reload' });
      await page.getByRole('button', { name: 'Open dialog' }).focus();
      await page.keyboard.press('Tab');
      await expect(button).toBeFocused();
      const tooltip = page.getByRole('tooltip');
      await expect(tooltip).toHaveText('Reload the list');
      await expect(button).toHaveAccessibleDescription('Reload the list');
      await expectAccessible(page, `tooltip (${theme})`);
      await page.keyboard.press('Escape');
      await expect(tooltip).toHaveCount(0);
      await page.getByRole('button', { name: 'Before' }).focus();
      await button.hover();
      await expect(tooltip).toHaveText('Reload the list');
      // (away in several steps, as a hand moves: Radix waits for a move outside the way to the tooltip)
      await page.mouse.move(0, 0, { steps: 5 });
      await expect(tooltip).toHaveCount(0);
    });

    test('toasts: the timer pauses while focus is in them and while the pointer is over them', async ({
      page,
    }) => {
      const show = page.getByRole('button', { name: 'Show toast' });
      const toast = page.getByRole('alert').filter({ hasText: 'Short toast' });
      await show.click();
      await expect(toast).toBeVisible();
      await page.keyboard.press('F8');
      await expect(page.getByRole('region', { name: 'Notifications (F8)' })).toBeFocused();
      await expectAccessible(page, `toast (${theme})`);
      // well past its 1.5 s: still there while focus is in the region
      await page.waitForTimeout(2500);
      await expect(toast).toBeVisible();
      await show.focus();
      await expect(toast).toHaveCount(0);

      await show.click();
      await toast.hover();
      await page.waitForTimeout(2500);
      await expect(toast).toBeVisible();
      await page.mouse.move(0, 0, { steps: 5 });
      await expect(toast).toHaveCount(0);
    });

    test('virtual rows keep their measured heights by key when rows are added before them', async ({
      page,
    }) => {
      const scroller = page.getByTestId('virtual-scroller');
      const list = page.getByRole('list', { name: 'Virtual rows' });
      const height = () => list.evaluate((element) => element.getBoundingClientRect().height);
      const expected = async () => Number(await page.getByTestId('virtual-expected').textContent());
      // every row measured once: scrolled through to the end (which moves as rows are measured), then back up
      const scrollOn = () =>
        scroller.evaluate((element) => {
          element.scrollTop += 100;
          return element.scrollTop + element.clientHeight >= element.scrollHeight - 1;
        });
      for (let step = 0; step < 100 && !(await scrollOn()); step++) {
        // two frames: the list renders (and measures) the rows of this scroll position before the next step;
        // steps faster than the renders skipped rows on a loaded machine, which then kept their estimate
        await page.evaluate(
          () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(null)))),
        );
        await expect(list.getByText(/^Row \d+$/).first()).toBeVisible();
      }
      await scroller.evaluate((element) => {
        element.scrollTop = 0;
      });
      await expect.poll(height).toBe(await expected());
      // newer rows on top (the logs): the rows below them keep their own heights, off screen too
      await page.getByRole('button', { name: 'Add 5 on top' }).click();
      await expect(list.getByText('Row 44', { exact: true })).toBeVisible();
      await expect.poll(height).toBe(await expected());
    });

    test('popovers: fully in the window from every corner, and following their button when it moves', async ({
      page,
    }) => {
      // (eight popovers opened and measured: more than the default budget on a loaded machine)
      test.slow();
      for (const size of [
        { width: 1280, height: 800 },
        { width: 360, height: 300 },
      ]) {
        await page.setViewportSize(size);
        for (const name of ['Top left', 'Top right', 'Bottom left', 'Bottom right']) {
          await page.getByRole('button', { name, exact: true }).click();
          const dropdown = page
            .getByRole('dialog')
            .filter({ has: page.getByRole('group', { name: `${name} options` }) });
          await expect(dropdown).toBeVisible();
          const box = await dropdown.boundingBox();
          expect(box, name).not.toBeNull();
          if (box === null) continue;
          const where = `${name} at ${size.width}x${size.height}`;
          expect(box.x, where).toBeGreaterThanOrEqual(0);
          expect(box.y, where).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width, where).toBeLessThanOrEqual(size.width);
          expect(box.y + box.height, where).toBeLessThanOrEqual(size.height);
          if (size.width === 1280 && name === 'Top left') await expectAccessible(page, `popover (${theme})`);
          await page.keyboard.press('Escape');
          await expect(dropdown).toHaveCount(0);
          await expect(page.getByRole('button', { name, exact: true })).toBeFocused();
        }
      }
      await page.setViewportSize({ width: 1280, height: 800 });
      // follows its button: the button moves down under an open dropdown, the dropdown moves with it
      const button = page.getByRole('button', { name: 'Filter', exact: true });
      await button.click();
      const dropdown = page
        .getByRole('dialog')
        .filter({ has: page.getByRole('group', { name: 'Filter options' }) });
      // px between the dropdown's near edge and the button (below it, or above when flipped): 0 when beside it
      const offBeside = async () => {
        const [b, d] = await Promise.all([button.boundingBox(), dropdown.boundingBox()]);
        if (b === null || d === null) return Number.NaN;
        const below = Math.abs(d.y - (b.y + b.height + 6));
        const above = Math.abs(d.y + d.height - (b.y - 6));
        return Math.min(below, above);
      };
      const before = await button.boundingBox();
      await dropdown.getByRole('button', { name: 'Move the button down' }).click();
      await expect.poll(async () => (await button.boundingBox())?.y).toBeGreaterThan((before?.y ?? 0) + 100);
      await expect.poll(offBeside).toBeLessThan(1);
    });
  });
}
