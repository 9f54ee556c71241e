import type { Page } from '@playwright/test';
import { LogMessage } from '@st/protocol';
import { z } from 'zod';
import { system } from './env';
import { feedLogLines, MODES, openScreen, randomToken, waitForStoredLine } from './logs.support';
import { expect, test } from './support/console';
import { expectAccessible } from './support/screens';
import { inBothThemes } from './support/shell';

// Issue 17 part B, logs: a time range (quick ranges and custom ends) kept in the URL like the other filters,
// and a visible follow state: scrolling away from the newest lines pauses, "Follow new lines" resumes.

const logList = (page: Page) => page.getByRole('list', { name: 'Log lines' });
const rows = (page: Page, text: string) =>
  logList(page).locator('li[data-log-row]').filter({ hasText: text });

async function storedLine(text: string): Promise<LogMessage> {
  await waitForStoredLine(text);
  const r = await fetch(`${system.gatewayUrl}/api/devices/logs?message=${encodeURIComponent(text)}&limit=1`);
  const [line] = z.array(LogMessage).parse(await r.json());
  if (line === undefined) throw new Error(`no stored line ${text}`);
  return line;
}

/** The screen's URL with these query parameters (cloud mode keeps its gateway prefix). */
function withQuery(page: Page, query: Record<string, string>): string {
  const url = new URL(page.url());
  url.search = new URLSearchParams(query).toString();
  return url.toString();
}

for (const mode of MODES) {
  test.describe(`logs time range and follow state (${mode} mode)`, () => {
    test('narrows lines to a time range kept in the URL, quick or custom', async ({ page }) => {
      const token = randomToken();
      await feedLogLines([{ name: 'ranger', level: 20, tag: 'time', message: `${token} early` }]);
      const early = await storedLine(`${token} early`);
      await new Promise((r) => setTimeout(r, 1100));
      await feedLogLines([{ name: 'ranger', level: 20, tag: 'time', message: `${token} late` }]);
      const late = await storedLine(`${token} late`);
      const between = new Date((Date.parse(early.dateTime) + Date.parse(late.dateTime)) / 2).toISOString();

      await openScreen(page, mode, 'logs');
      await page.goto(withQuery(page, { message: token, from: between }));
      await expect(rows(page, `${token} late`)).toHaveCount(1);
      await expect(rows(page, `${token} early`)).toHaveCount(0);
      const time = page.getByRole('combobox', { name: 'Time' });
      await expect(time.locator('option:checked')).toHaveText('Custom range');
      await page.goto(withQuery(page, { message: token, to: between }));
      await expect(rows(page, `${token} early`)).toHaveCount(1);
      await expect(rows(page, `${token} late`)).toHaveCount(0);
      await expectAccessible(page, `logs with a custom range (${mode})`, [
        '[data-testid="logs-filters"]',
        '[data-testid="logs-follow"]',
      ]);

      // a quick range: both lines are minutes old; the URL keeps its name, a reload keeps it
      await time.selectOption({ label: 'Last 15 minutes' });
      await expect(rows(page, token)).toHaveCount(2);
      await expect(page).toHaveURL(/[?&]range=15m(&|$)/);
      expect(new URL(page.url()).searchParams.get('to')).toBeNull();
      await page.reload();
      await expect(time.locator('option:checked')).toHaveText('Last 15 minutes');
      await expect(rows(page, token)).toHaveCount(2);

      // a custom end typed in the inputs (local time): long ago, so nothing is left
      await time.selectOption({ label: 'Custom range' });
      await page.getByLabel('To', { exact: true }).fill('2020-01-01T00:00');
      await expect(rows(page, token)).toHaveCount(0);
      await expect(page).toHaveURL(/[?&]to=2020-01-01T/);
      await expect(page.getByText('No log lines to show')).toBeVisible();
    });

    test('scrolling away from the newest lines pauses following; "Follow new lines" resumes', async ({
      page,
    }) => {
      const token = randomToken();
      await openScreen(page, mode, 'logs');
      await page.getByLabel('Message').fill(token);
      const follow = page.getByTestId('logs-follow');
      await expect(follow).toHaveAttribute('data-state', 'following');
      await expect(follow).toHaveText('Following new lines');
      await feedLogLines(
        Array.from({ length: 120 }, (_, i) => ({
          name: 'scroller',
          level: 20,
          tag: 't',
          message: `${token} ${i}`,
        })),
      );
      await expect(rows(page, `${token} 119`)).toHaveCount(1);
      await logList(page).evaluate((list) => {
        const scroller = list.parentElement;
        if (scroller) scroller.scrollTop = 600;
      });
      await expect(follow).toHaveAttribute('data-state', 'paused');
      await feedLogLines([{ name: 'scroller', level: 20, tag: 't', message: `${token} newest` }]);
      await expect(follow).toContainText(/Paused: [1-9]\d* new lines? waiting/);
      await expect(rows(page, `${token} newest`)).toHaveCount(0);
      // the filters and the follow state (the rows' level colours are another matter, left as they are)
      await inBothThemes(page, (theme) =>
        expectAccessible(page, `logs paused (${mode}, ${theme})`, [
          '[data-testid="logs-filters"]',
          '[data-testid="logs-follow"]',
        ]),
      );
      await follow.getByRole('button', { name: 'Follow new lines' }).click();
      await expect(page.getByTestId('logs-follow')).toHaveAttribute('data-state', 'following');
      await expect(rows(page, `${token} newest`)).toHaveCount(1);
      expect(await logList(page).evaluate((list) => list.parentElement?.scrollTop)).toBe(0);
    });
  });
}
