import { expect, type Page, test } from '@playwright/test';
import { z } from 'zod';
import { deviceGet, MODES, openDevice, openPanel, screenshotBothThemes, systemDevice } from './panel.support';

const Hooks = z
  .array(
    z.looseObject({
      id: z.number(),
      type: z.string(),
      triggerEnabled: z.boolean(),
      trigger: z.union([z.number(), z.string()]),
      compareType: z.string(),
    }),
  )
  .nullable()
  .transform((list) => list ?? []);
const Sensors = z.record(z.string(), z.union([z.number(), z.string()]));

const toast = (page: Page, text: string) => page.locator('.st-Notification-root', { hasText: text }).first();
const confirm = (page: Page) =>
  page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Confirm' }).click();

async function removeAllHooks(ip: string, sensor: string) {
  for (const hook of await deviceGet(ip, `/hooks?sensor=${sensor}`, Hooks))
    await fetch(`http://${ip}/hooks?sensor=${sensor}&id=${hook.id}`, { method: 'DELETE' });
}

for (const mode of MODES) {
  test.describe(`hooks editor (${mode} mode)`, () => {
    test('creates an action hook that then fires on the device; edits, tests and deletes it', async ({
      page,
    }) => {
      const lamp = await systemDevice('lamp');
      const hooks = () => deviceGet(lamp.ip, '/hooks?sensor=light', Hooks);
      const led = async () => (await deviceGet(lamp.ip, '/sensors', Sensors)).led;
      await removeAllHooks(lamp.ip, 'light');
      await fetch(`http://${lamp.ip}/actions/call?name=led_off`);
      try {
        await openPanel(page, mode);
        const panel = await openDevice(page, lamp);
        await panel.getByRole('tab', { name: 'Sensors' }).click();
        await panel.getByText(/^light: \d+$/).click();
        await expect(panel.getByRole('heading', { name: 'Hooks of light' })).toBeVisible();
        await expect(panel.getByText('No hooks yet')).toBeVisible();

        await panel.getByRole('combobox', { name: 'Add a hook of type' }).selectOption({ label: 'action' });
        const draft = panel.getByRole('article', { name: '[New] action' });
        await expect(draft).toBeVisible();
        // Trigger fields only while the trigger is enabled.
        await expect(draft.getByLabel('Trigger value')).toHaveCount(0);
        await draft.getByRole('button', { name: 'Save' }).click();
        await expect(toast(page, 'Validation failed')).toContainText('This fields cannot be empty: Action');
        await draft.getByRole('combobox', { name: 'Action' }).selectOption({ label: 'Turn led on' });
        await draft.getByRole('button', { name: 'Save' }).click();
        await expect(toast(page, 'Hook created')).toBeVisible();
        await expect
          .poll(async () => (await hooks()).map((h) => [h.type, h.action]))
          .toEqual([['action', 'led_on']]);
        // The light level keeps changing, so the hook runs and the led goes on.
        await expect.poll(led, { timeout: 15_000 }).toBe(1);
        // The open Sensors tab shows it: live from the gateway's samples, or read anew by clicking the tab.
        await panel.getByRole('tab', { name: 'Sensors' }).click();
        await expect(panel.getByText('led: 1')).toBeVisible();
        if (mode === 'gateway') await screenshotBothThemes(page, 'panel-hooks');

        const [created] = await hooks();
        const card = panel.getByRole('article', { name: `[${created?.id}] action` });
        await card.getByRole('button', { name: 'Edit' }).click();
        await card.getByRole('checkbox', { name: 'Enable trigger' }).check();
        await card.getByLabel('Trigger value').fill('5000');
        await card.getByRole('combobox', { name: 'Compare type' }).selectOption({ label: 'gte' });
        await card.getByRole('combobox', { name: 'Action' }).selectOption({ label: 'Turn led off' });
        await card.getByRole('button', { name: 'Save' }).click();
        await expect(toast(page, 'Hook updated')).toBeVisible();
        await expect
          .poll(async () => {
            const [h] = await hooks();
            return [h?.action, h?.triggerEnabled, h?.trigger, h?.compareType];
          })
          .toEqual(['led_off', true, 5000, 'gte']);

        // Cancel puts the hook back as it was.
        await card.getByRole('button', { name: 'Edit' }).click();
        await card.getByLabel('Trigger value').fill('7');
        await card.getByRole('button', { name: 'Cancel' }).click();
        await expect(card.getByLabel('Trigger value')).toHaveValue('5000');

        // Testing with a value runs the hook's action now: the trigger (>= 5000) accepts 6000.
        await card.getByRole('button', { name: 'Test the hook' }).click();
        const testDialog = page.getByRole('dialog', { name: 'Test the hook' });
        await testDialog.getByLabel(/^Value/).fill('6000');
        await testDialog.getByRole('button', { name: 'Test' }).click();
        await expect(toast(page, 'Hook tested')).toBeVisible();
        await expect.poll(led).toBe(0);

        await card.getByRole('button', { name: 'Delete' }).click();
        await confirm(page);
        await expect(toast(page, 'Hook deleted')).toBeVisible();
        await expect.poll(async () => (await hooks()).length).toBe(0);
        await expect(panel.getByText('No hooks yet')).toBeVisible();
      } finally {
        await removeAllHooks(lamp.ip, 'light');
        await fetch(`http://${lamp.ip}/actions/call?name=led_off`);
      }
    });

    test('an http hook stores its method as the number the device expects; a new hook can be cancelled', async ({
      page,
    }) => {
      const lamp = await systemDevice('lamp');
      const hooks = () => deviceGet(lamp.ip, '/hooks?sensor=led', Hooks);
      await removeAllHooks(lamp.ip, 'led');
      try {
        await openPanel(page, mode);
        const panel = await openDevice(page, lamp);
        await panel.getByRole('tab', { name: 'Sensors' }).click();
        await panel.getByText(/^led: \d+$/).click();
        const addType = panel.getByRole('combobox', { name: 'Add a hook of type' });
        await addType.selectOption({ label: 'notification' });
        const cancelled = panel.getByRole('article', { name: '[New] notification' });
        await cancelled.getByRole('button', { name: 'Cancel' }).click();
        await expect(cancelled).toHaveCount(0);

        await addType.selectOption({ label: 'http' });
        const draft = panel.getByRole('article', { name: '[New] http' });
        await draft.getByRole('button', { name: 'Save' }).click();
        await expect(toast(page, 'Validation failed')).toContainText('cannot be empty: Url');
        await draft.getByLabel('Url').fill('http://127.0.0.1:9/never');
        await draft.getByRole('combobox', { name: 'Method' }).selectOption({ label: 'POST' });
        await draft.getByRole('button', { name: 'Save' }).click();
        await expect(toast(page, 'Hook created')).toBeVisible();
        await expect
          .poll(async () => (await hooks()).map((h) => [h.type, h.url, h.method]))
          .toEqual([['http', 'http://127.0.0.1:9/never', 2]]);

        // A notification hook starts with the type the device requires; the toast names fields by label.
        await addType.selectOption({ label: 'notification' });
        const note = panel.getByRole('article', { name: '[New] notification' });
        await expect(
          note.getByRole('combobox', { name: 'Notification type' }).locator('option:checked'),
        ).toHaveText('info');
        await note.getByRole('button', { name: 'Save' }).click();
        await expect(toast(page, 'Validation failed')).toContainText('cannot be empty: Message');
        // "Close all toasts" under the bell dismisses what stays on screen in one click.
        await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
        await page.getByRole('button', { name: 'Close all toasts' }).click();
        await expect(toast(page, 'Validation failed')).toBeHidden();
        await page.keyboard.press('Escape');
        await note.getByLabel('Message').fill('led is {v}');
        await note.getByRole('button', { name: 'Save' }).click();
        await expect(toast(page, 'Hook created')).toBeVisible();
        await expect
          .poll(async () => (await hooks()).map((h) => [h.type, h.notificationType, h.message]))
          .toContainEqual(['notification', 1, 'led is {v}']);
      } finally {
        await removeAllHooks(lamp.ip, 'led');
      }
    });

    test('a device built without hooks says so', async ({ page }) => {
      const socket = await systemDevice('socket');
      await openPanel(page, mode);
      const panel = await openDevice(page, socket);
      await panel.getByRole('tab', { name: 'Sensors' }).click();
      await expect(panel.getByText(/^power: \d+$/)).toBeVisible();
      await expect(panel.getByText('Hooks feature disabled in this build')).toBeVisible();
    });
  });
}
