import { readFileSync } from 'node:fs';
import { expect, type Page, test, type WebSocketRoute } from '@playwright/test';
import type { DeviceLogLine } from '@st/protocol';
import { system } from './env';
import {
  feedLogLines,
  gatewayDevices,
  MODES,
  openScreen,
  randomToken,
  renameDevice,
  screenshotBothThemes,
  waitForStoredLine,
  waitUntilLive,
} from './logs.support';

const logList = (page: Page) => page.getByRole('list', { name: 'Log lines' });
const rows = (page: Page, text: string) =>
  logList(page).locator('li[data-log-row]').filter({ hasText: text });

for (const mode of MODES) {
  test.describe(`logs screen, ${mode} mode`, () => {
    test('a device line from before the visit comes from history, a new one arrives live', async ({
      page,
    }) => {
      const devices = await gatewayDevices();
      const device = devices.at(-1);
      if (device === undefined) throw new Error('no simulated device found');
      const token = randomToken();
      try {
        await renameDevice(device.ip, `e2e-past-${token}`);
        await waitForStoredLine(`e2e-past-${token}`);
        await openScreen(page, mode, 'logs');
        // Narrowed to this test's lines: the system's devices log live lines that can push an unfiltered
        // history line out of the rendered window. The filter searches the gateway's history too.
        await page.getByLabel('Message').fill(token);
        await expect(rows(page, `New device name e2e-past-${token}`)).toHaveCount(1);
        await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
        await renameDevice(device.ip, `e2e-live-${token}`);
        await expect(rows(page, `New device name e2e-live-${token}`)).toHaveCount(1);
        // Newest first: the live line sits above the one from history.
        const first = logList(page).locator('li[data-log-row]').filter({ hasText: token }).first();
        await expect(first).toContainText(`e2e-live-${token}`);
      } finally {
        await renameDevice(device.ip, device.name);
      }
    });

    test('each filter narrows live lines, and history is searched on the gateway', async ({ page }) => {
      const token = randomToken();
      const deep = randomToken();
      // Far back: one line buried under more lines than a page of history holds.
      await feedLogLines([{ name: `deep-${deep}`, level: 20, tag: 'archive', message: `needle ${deep}` }]);
      await feedLogLines(
        Array.from({ length: 1200 }, (_, i) => ({
          name: 'filler',
          level: 10,
          tag: 'noise',
          message: `filler ${i}`,
        })),
      );
      await waitForStoredLine(`filler 1199`);
      await openScreen(page, mode, 'logs');
      // The screen's history page holds the newest filler line, not the buried needle. Read through the
      // device filter: the system's own devices log live lines that can push the filler line out of the
      // rendered window of an unfiltered list.
      await page.getByLabel('Device', { exact: true }).fill('filler');
      await expect(rows(page, 'filler 1199')).toHaveCount(1);
      await expect(rows(page, `needle ${deep}`)).toHaveCount(0);
      await page.getByLabel('Device', { exact: true }).fill('');

      const lines: DeviceLogLine[] = [
        { name: `alpha-${token}`, level: 10, tag: 'pump', message: `${token} debug pump` },
        { name: `alpha-${token}`, level: 20, tag: 'valve', message: `${token} info valve` },
        { name: `alpha-${token}`, level: 30, tag: 'pump', message: `${token} warn pump` },
        { name: `beta-${token}`, level: 40, tag: 'Valve', message: `${token} error valve` },
        { name: `beta-${token}`, level: 20, tag: 'pump', message: `${token} INFO Pump` },
      ];
      await feedLogLines(lines);
      const shown = page.getByTestId('logs-count');
      await expect(rows(page, token)).toHaveCount(5);

      await page.getByLabel('Message').fill(token.toUpperCase());
      await expect(shown).toContainText('5 lines shown');
      const level = page.getByRole('combobox', { name: 'Minimum level' });
      await level.selectOption({ label: 'WARN' });
      await expect(rows(page, token)).toHaveCount(2);
      await expect(shown).toContainText('2 lines shown');
      await level.selectOption({ label: 'Any level' });
      await expect(rows(page, token)).toHaveCount(5);

      await page.getByLabel('Device', { exact: true }).fill(`BETA-${token}`);
      await expect(rows(page, token)).toHaveCount(2);
      await page.getByLabel('Device', { exact: true }).fill('');
      await page.getByLabel('Tag').fill('VALVE');
      await expect(rows(page, token)).toHaveCount(2);
      await expect(rows(page, `${token} info valve`)).toHaveCount(1);
      await expect(rows(page, `${token} error valve`)).toHaveCount(1);
      await screenshotBothThemes(page, `logs-filtered-${mode}`);
      await page.getByLabel('Tag').fill('');

      // A search reaches what the screen never received: the gateway filters its whole store.
      await page.getByLabel('Message').fill(`needle ${deep}`);
      await expect(rows(page, `needle ${deep}`)).toHaveCount(1);
      await expect(shown).toContainText('1 line shown');
    });

    test('pause holds new lines back, resume shows them, clear empties the view, export saves it', async ({
      page,
    }) => {
      const token = randomToken();
      await openScreen(page, mode, 'logs');
      await page.getByLabel('Message').fill(token);
      await feedLogLines([{ name: 'pauser', level: 20, tag: 't', message: `${token} first` }]);
      await expect(rows(page, token)).toHaveCount(1);

      await page.getByRole('button', { name: 'Pause' }).click();
      await feedLogLines([{ name: 'pauser', level: 20, tag: 't', message: `${token} while paused` }]);
      // Simulated devices keep logging too: at least the fed line waits.
      await expect(page.getByText(/Paused: [1-9]\d* new lines? waiting/)).toBeVisible();
      await expect(rows(page, `${token} while paused`)).toHaveCount(0);
      await page.getByRole('button', { name: 'Resume' }).click();
      await expect(rows(page, `${token} while paused`)).toHaveCount(1);

      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export as text' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^device-logs-.*\.txt$/);
      const text = readFileSync(await file.path(), 'utf8');
      const exported = text.trim().split('\n');
      expect(exported).toHaveLength(2);
      expect(exported[0]).toContain(`${token} while paused`);
      expect(exported[1]).toContain(`${token} first`);

      // Still filtered on the token, so the simulated devices' own lines cannot refill the view meanwhile.
      await page.getByRole('button', { name: 'Clear view' }).click();
      await expect(page.getByText('No log lines to show')).toBeVisible();
      await feedLogLines([{ name: 'pauser', level: 20, tag: 't', message: `${token} after clear` }]);
      await expect(rows(page, `${token} after clear`)).toHaveCount(1);
      await expect(rows(page, `${token} first`)).toHaveCount(0);
      await screenshotBothThemes(page, `logs-live-${mode}`);
    });

    test('lines the gateway receives while the live channel is down show once it is back, in order, once each', async ({
      page,
    }) => {
      const token = randomToken();
      // The browser's live channel goes through the test: it can cut it, and refuse new ones while "down".
      let down = false;
      const open: WebSocketRoute[] = [];
      await page.routeWebSocket(/\/api\/st-ws$/, (ws) => {
        if (down) {
          void ws.close();
          return;
        }
        ws.connectToServer();
        open.push(ws);
      });
      await openScreen(page, mode, 'logs');
      await page.getByLabel('Message').fill(token);
      await waitUntilLive(page, token);
      const feed = (what: string) =>
        feedLogLines([{ name: 'gapper', level: 20, tag: 't', message: `${token} ${what}` }]);
      await feed('before');
      await expect(rows(page, `${token} before`)).toHaveCount(1);

      down = true;
      for (const ws of open.splice(0)) await ws.close();
      await feed('gap 1');
      await feed('gap 2');
      await waitForStoredLine(`${token} gap 2`);
      // Newer than every line held live, the gap's lines are not history's to show: only the gap read adds them.
      await expect(rows(page, `${token} gap`)).toHaveCount(0);
      down = false;

      // The channel's next attempt (2.5 to 7.5 s after the drop, longer after a refused one) goes through;
      // the screen reads what it missed.
      await expect(rows(page, `${token} gap`)).toHaveCount(2);
      await feed('after');
      await expect(rows(page, `${token} after`)).toHaveCount(1);
      const marks = ['after', 'gap 2', 'gap 1', 'before'];
      const shown = (
        await logList(page).locator('li[data-log-row]').filter({ hasText: token }).allTextContents()
      )
        .map((text) => marks.find((mark) => text.includes(`${token} ${mark}`)))
        .filter((mark) => mark !== undefined);
      // Newest first, each once.
      expect(shown).toEqual(marks);
    });
  });
}

test('a line the gateway receives before the screen is subscribed shows once lines arrive live (gateway mode)', async ({
  page,
}) => {
  const token = randomToken();
  // The live channel's first connection is closed at once (its next attempt, 2.5 to 7.5 s on, goes
  // through): the screen reads history meanwhile, and a line fed then reaches neither that answer nor the
  // live stream.
  let attempts = 0;
  await page.routeWebSocket(/\/api\/st-ws$/, (ws) => {
    attempts++;
    if (attempts === 1) void ws.close();
    else ws.connectToServer();
  });
  // Filtered on the token from the start (the devices' own lines would push the gap line out of sight).
  const history = page.waitForResponse(
    (r) => r.url().includes('/api/devices/logs?') && r.url().includes(token),
  );
  await page.goto(`${system.gatewayUrl}/logs?message=${token}`);
  await history;
  await feedLogLines([{ name: 'gap', level: 20, tag: 't', message: `${token} in the gap` }]);
  await waitForStoredLine(`${token} in the gap`);
  await expect(page.getByText('No log lines to show')).toBeVisible();
  // Live from the second connection on: probe lines until one arrives.
  await waitUntilLive(page, token);
  expect(attempts).toBeGreaterThanOrEqual(2);
  // History is read again once lines arrive live: the gap line shows, below the live ones.
  await expect(rows(page, `${token} in the gap`)).toHaveCount(1);
  await expect(logList(page).locator('li[data-log-row]').last()).toContainText(`${token} in the gap`);
});
