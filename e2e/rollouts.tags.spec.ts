import type { Page } from '@playwright/test';
import { type Firmware, STORAGE_KEYS } from '@st/protocol';
import { addFirmware, deleteFirmware, type OwnFleet, startFleet, stopFleet } from './fleet.support';
import { openScreen } from './logs.support';
import type { Mode } from './panel.support';
import { gatewayCall as gateway, notificationsSeen, removeRollouts, rolloutsQuiet } from './rollouts.support';
import { expect, test } from './support/console';
import { expectAccessible } from './support/screens';
import { closeToasts, toasts } from './support/shell';

// Issue 37, console part, in both modes (cloud: the system's gateway through the relay): a tag set from the
// device panel and in bulk from the overview's selection; "select all tagged"; a rollout by that tag whose
// first device refuses the image (simulator switch otaRefuse), so the failure limit pauses it with its
// reason (and the gateway's notification as a toast), which the overview shows as each device's rollout
// badge; resume; the verdicts and the end's notification; in Russian, the tag filter's two actions.

const prefix = `rt-${Math.random().toString(36).slice(2, 7)}`;
const names = [`${prefix}-a`, `${prefix}-b`];
let fleet: OwnFleet | undefined;
const images: Firmware[] = [];

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(150_000);
  fleet = await startFleet('lamp', names, ['1.3.9', '1.3.9']);
  // other specs' rollouts ended by themselves: their notifications would come up as toasts over the panel
  await rolloutsQuiet();
  await notificationsSeen();
});

test.afterAll(async () => {
  await removeRollouts((r) => r.name.startsWith(prefix));
  // the rollouts' pause and end notifications would come up as toasts on the next specs' pages
  await notificationsSeen();
  if (fleet !== undefined) {
    for (const ip of fleet.ips)
      await gateway(`/api/devices/tags?ip=${ip}`, { method: 'PUT', body: JSON.stringify({ tags: [] }) });
    await stopFleet(fleet);
  }
  for (const image of images) await deleteFirmware(image.id);
});

/** The overview of the system's gateway (in cloud mode through the cloud console); answers its address. */
async function openOverview(page: Page, mode: Mode): Promise<string> {
  await openScreen(page, mode, 'overview');
  await expect(page.getByRole('heading', { name: 'Fleet overview' })).toBeVisible();
  return page.url();
}

const row = (page: Page, ip: string) => page.locator(`[data-ip="${ip}"]`);

for (const [index, mode] of (['gateway', 'cloud'] as const).entries()) {
  test(`tags from the device panel and in bulk, then a rollout by tag pauses, resumes and ends (${mode} mode)`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    if (fleet === undefined) throw new Error('no fleet');
    const [ipA = '', ipB = ''] = fleet.ips;
    const own = `${prefix}-${mode}`;
    const group = `${prefix}-g${index}`;
    const version = `1.3.${12 + index}`;
    images.push(await addFirmware('lamp', version));
    const overviewUrl = await openOverview(page, mode);
    await closeToasts(page);
    await page.getByRole('textbox', { name: 'Filter devices' }).fill(prefix);
    await expect(page.getByTestId('overview-count')).toContainText('2 of');

    // one by one, from the device panel: a refused tag says why; a good one is added, then removed
    await page.getByRole('button', { name: `Open the control panel of ${names[0]}` }).click();
    const editor = page.getByTestId('tag-editor');
    await editor.getByLabel('New tag').fill('x'.repeat(33));
    await editor.getByRole('button', { name: 'Add tag' }).click();
    await expect(editor.getByText('A tag is at most 32 characters')).toBeVisible();
    await editor.getByLabel('New tag').fill(` ${own} `);
    await editor.getByRole('button', { name: 'Add tag' }).click();
    await expect(editor.locator(`[data-tag="${own}"]`)).toBeVisible();
    await expect(editor.getByLabel('New tag')).toHaveValue('');
    if (mode === 'gateway') await expectAccessible(page, 'tag editor', ['[data-testid="tag-editor"]']);
    await page.keyboard.press('Escape');
    await expect(row(page, ipA).locator(`[data-tag="${own}"]`)).toBeVisible();
    await page.getByRole('button', { name: `Open the control panel of ${names[0]}` }).click();
    await editor.getByRole('button', { name: `Remove tag ${own}` }).click();
    await expect(editor.locator(`[data-tag="${own}"]`)).toHaveCount(0);
    await page.keyboard.press('Escape');

    // in bulk, from the overview's selection
    await page.getByRole('checkbox', { name: 'Select every device in Fleet overview' }).check();
    const bulk = page.getByRole('region', { name: 'Tag the selected devices' });
    await bulk.getByLabel('Tag the selected devices').fill(group);
    await bulk.getByRole('button', { name: 'Add to 2 devices' }).click();
    for (const ip of [ipA, ipB]) await expect(row(page, ip).locator(`[data-tag="${group}"]`)).toBeVisible();
    await page.getByRole('button', { name: 'Clear the selection' }).click();

    // select by tag: the tag filter offers to choose every device carrying it
    await page.getByRole('textbox', { name: 'Filter devices' }).fill('');
    await page.getByLabel('Tag', { exact: true }).selectOption(group);
    await page.getByRole('button', { name: `Select all 2 devices tagged ${group}` }).click();
    await expect(page.getByText('2 devices selected')).toBeVisible();

    // both devices refuse images, so wave 1's device fails and the rollout pauses
    for (const d of fleet.sim.devices) d.setOtaRefuse(true);
    // the tag filter opens a new rollout to that tag
    await page.getByRole('link', { name: `Roll out firmware to devices tagged ${group}` }).click();
    const form = page.getByRole('region', { name: 'New rollout' });
    await expect(form.getByLabel('Tag', { exact: true })).toHaveValue(group);
    await form.getByLabel('Name (optional)').fill(own);
    await form.getByLabel('Firmware').selectOption({ label: `lamp ${version} (esp32)` });
    await expect(form.getByTestId('rollout-preview')).toContainText('Matches 2 devices now');
    await form.getByLabel('Waves').fill('1, rest');
    await form.getByLabel('Soak time, minutes').fill('0');
    await form.getByRole('button', { name: 'Start rollout' }).click();
    const view = page.getByRole('region', { name: own });
    await expect(view.getByTestId('rollout-state')).toHaveText('Paused', { timeout: 30_000 });
    await expect(view.getByTestId('rollout-reason')).toContainText('1 of 1 device failed in wave 1');
    // the gateway's notification of the pause comes as a toast
    await expect(toasts(page, `Rollout "${own}" paused`)).toBeVisible();
    await closeToasts(page);

    // the overview shows each device's state in the paused rollout
    await page.goto(overviewUrl);
    await page.getByRole('textbox', { name: 'Filter devices' }).fill(prefix);
    const failed = page.locator('[data-rollout-state="UPLOAD_FAILED"]');
    await expect(failed).toHaveCount(1);
    await expect(failed).toHaveText(/Upload failed/);
    await expect(page.locator('[data-rollout-state="PENDING"]')).toHaveCount(1);
    // and so do the phone cards
    await page.setViewportSize({ width: 390, height: 844 });
    const cards = page.getByRole('list', { name: 'Fleet overview' });
    await expect(cards.locator('[data-rollout-state="UPLOAD_FAILED"]')).toHaveCount(1);
    await page.setViewportSize({ width: 1280, height: 800 });

    // resume: wave 2 takes the image, and the verdicts say who was updated and who failed
    for (const d of fleet.sim.devices) d.setOtaRefuse(false);
    await page.goto(overviewUrl.replace(/\/overview$/, '/rollouts'));
    await page.getByRole('button', { name: `Open ${own}` }).click();
    await view.getByRole('button', { name: 'Resume' }).click();
    await expect(view.getByTestId('rollout-state')).toHaveText('Finished', { timeout: 30_000 });
    const states = view.locator('[data-testid^="rollout-device-"] [data-state]');
    await expect(states.filter({ hasText: 'Updated' })).toHaveCount(1);
    await expect(states.filter({ hasText: 'Upload failed' })).toHaveCount(1);
    await expect(view.getByTestId('rollout-reason')).toContainText('1 updated, 1 failed');
    await expect(toasts(page, `Rollout "${own}" finished: 1 updated, 1 failed`)).toBeVisible();
    await closeToasts(page);

    // an ended rollout leaves no badge in the overview
    await page.goto(overviewUrl);
    await page.getByRole('textbox', { name: 'Filter devices' }).fill(prefix);
    await expect(row(page, ipA)).toBeVisible();
    await expect(page.locator('[data-rollout-state]')).toHaveCount(0);

    // in Russian, the tag filter's choice with its plural form
    if (mode === 'gateway') {
      await page.evaluate((key) => window.localStorage.setItem(key, 'ru'), STORAGE_KEYS.locale);
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
      await page.getByLabel('Тег', { exact: true }).selectOption(group);
      await expect(
        page.getByRole('button', { name: `Выбрать все 2 устройства с тегом ${group}` }),
      ).toBeVisible();
      await expect(
        page.getByRole('link', { name: `Развернуть прошивку на устройства с тегом ${group}` }),
      ).toBeVisible();
    }
  });
}
