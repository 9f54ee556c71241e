import { DeviceInfoSchema, type Firmware } from '@st/protocol';
import { system } from './env';
import { addFirmware, deleteFirmware, type OwnFleet, startFleet, stopFleet } from './fleet.support';
import { deviceGet } from './panel.support';
import { gatewayCall as gateway, notificationsSeen, removeRollouts } from './rollouts.support';
import { expect, test } from './support/console';

// Issue 37 item 4, gateway mode: a rollout by tag from the Rollouts screen. The live count names the two
// tagged devices of the spec's own (the shared devices carry no tag); wave 1 (one device) passes its gate,
// wave 2 follows, and each device ends with the verdict Updated on the new version.

const tag = `ro-${Math.random().toString(36).slice(2, 7)}`;
const name = `rollout ${tag}`;
let image: Firmware | undefined;
let fleet: OwnFleet | undefined;

test.afterAll(async () => {
  await removeRollouts((r) => r.name === name);
  // the rollouts' pause and end notifications would come up as toasts on the next specs' pages
  await notificationsSeen();
  if (fleet !== undefined) {
    await gateway('/api/devices/tags/bulk', {
      method: 'POST',
      body: JSON.stringify({ ips: fleet.ips, remove: [tag] }),
    });
    await stopFleet(fleet);
  }
  if (image !== undefined) await deleteFirmware(image.id);
});

test('creates a rollout by tag with its live count, and sees wave 1 pass and wave 2 follow with verdicts', async ({
  page,
}) => {
  image = await addFirmware('lamp', '1.3.12');
  fleet = await startFleet('lamp', [`${tag}-a`, `${tag}-b`], ['1.3.9', '1.3.9']);
  const tagged = await gateway('/api/devices/tags/bulk', {
    method: 'POST',
    body: JSON.stringify({ ips: fleet.ips, add: [tag] }),
  });
  expect(tagged.status).toBe(200);

  await page.goto(`${system.gatewayUrl}/rollouts`);
  await page.getByRole('button', { name: 'New rollout' }).click();
  const form = page.getByRole('region', { name: 'New rollout' });
  await form.getByLabel('Name (optional)').fill(name);
  await form.getByLabel('Firmware').selectOption({ label: 'lamp 1.3.12 (esp32)' });
  await form.getByLabel('Tag', { exact: true }).fill(tag);
  await expect(form.getByTestId('rollout-preview')).toContainText('Matches 2 devices now');
  await form.getByLabel('Waves').fill('1, rest');
  await form.getByLabel('Soak time, minutes').fill('0');
  await form.getByRole('button', { name: 'Start rollout' }).click();

  const view = page.getByRole('region', { name });
  await expect(view).toContainText(`Tag: ${tag}`);
  const wave1 = view.getByTestId('rollout-wave-1');
  const wave2 = view.getByTestId('rollout-wave-2');
  await expect(wave1).toContainText('1 device');
  await expect(wave2).toContainText('1 device');
  await expect(wave1).toContainText('Updated: 1', { timeout: 30_000 });
  await expect(wave2).toContainText('Updated: 1', { timeout: 30_000 });
  for (const ip of fleet.ips)
    await expect(view.getByTestId(`rollout-device-${ip}`).locator('[data-state]')).toHaveAttribute(
      'data-state',
      'UPDATED',
    );
  await expect(view.getByTestId('rollout-state')).toHaveText('Finished');
  for (const ip of fleet.ips)
    expect((await deviceGet(ip, '/info/system', DeviceInfoSchema)).version).toBe('1.3.12');

  await view.getByRole('button', { name: 'Back to the list' }).click();
  await expect(page.getByRole('region', { name: 'Past rollouts' })).toContainText(name);
});
