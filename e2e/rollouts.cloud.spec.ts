import { CloudRolloutSummary } from '@st/protocol';
import { system } from './env';
import { addFirmware, deleteFirmware, type OwnFleet, startFleet, stopFleet } from './fleet.support';
import { gatewayCall as gateway, notificationsSeen, removeRollouts } from './rollouts.support';
import { expect, test } from './support/console';
import { signIn } from './support/shell';

// Issue 37 item 3, cloud mode: a rollout across gateways by device tag over the system's gateway ("Home"),
// from the cloud's Rollouts screen: the live count, a pause with its reason and a resume, both waves
// advancing, and each device's verdict.

const tag = `cr-${Math.random().toString(36).slice(2, 7)}`;
const version = `1.4.${Math.floor(Math.random() * 1000)}`;
const name = `cloud rollout ${tag}`;
let fleet: OwnFleet | undefined;
let firmwareId: string | undefined;

test.afterAll(async () => {
  await removeRollouts((r) => r.name.startsWith('cloud '));
  // the rollouts' pause and end notifications would come up as toasts on the next specs' pages
  await notificationsSeen();
  if (fleet !== undefined) {
    await gateway('/api/devices/tags/bulk', {
      method: 'POST',
      body: JSON.stringify({ ips: fleet.ips, remove: [tag] }),
    });
    await stopFleet(fleet);
  }
  if (firmwareId !== undefined) await deleteFirmware(firmwareId);
});

test('creates a rollout across gateways by tag, pauses and resumes it, and sees both waves end Updated', async ({
  page,
}) => {
  test.setTimeout(120_000);
  firmwareId = (await addFirmware('lamp', version)).id;
  fleet = await startFleet('lamp', [`${tag}-a`, `${tag}-b`], ['1.3.9', '1.3.9']);
  const tagged = await gateway('/api/devices/tags/bulk', {
    method: 'POST',
    body: JSON.stringify({ ips: fleet.ips, add: [tag] }),
  });
  expect(tagged.status).toBe(200);

  await signIn(page);
  await page.goto(`${system.cloudUrl}/rollouts`);
  await page.getByRole('button', { name: 'New rollout' }).click();
  const form = page.getByRole('region', { name: 'New rollout' });
  await form.getByRole('checkbox', { name: 'Home', exact: true }).check();
  await form.getByLabel('Firmware from the library of').selectOption({ label: 'Home' });
  await form.getByLabel('Firmware', { exact: true }).selectOption({ label: `lamp ${version} (esp32)` });
  await form.getByLabel('Device tag').fill(tag);
  await expect(form.getByTestId('cloud-rollout-count')).toContainText('2 devices match now');
  await form.getByLabel('Name (optional)').fill(name);
  await form.getByLabel('Waves').fill('1, rest');
  await form.getByLabel('Soak (minutes)').fill('0');
  await form.getByRole('button', { name: 'Start rollout' }).click();

  const view = page.getByRole('region', { name });
  await view.getByRole('button', { name: 'Pause' }).click();
  await expect(view.getByTestId('cloud-rollout-state')).toHaveAttribute('data-state', 'PAUSED');
  await expect(view.getByTestId('cloud-rollout-reason')).toHaveText(`Paused by ${system.login}`);
  await view.getByRole('button', { name: 'Resume' }).click();
  await expect(view.getByTestId('cloud-rollout-state')).toHaveAttribute('data-state', 'FINISHED', {
    timeout: 60_000,
  });
  const waves = view.getByTestId('cloud-rollout-wave');
  await expect(waves).toHaveCount(2);
  await expect(waves.nth(0)).toContainText('UPDATED 1');
  await expect(waves.nth(1)).toContainText('UPDATED 1');
  const devices = view.getByTestId('cloud-rollout-device');
  await expect(devices).toHaveCount(2);
  for (const i of [0, 1]) await expect(devices.nth(i)).toHaveAttribute('data-state', 'UPDATED');
  await expect(view).toContainText('2 updated, 0 failed, 0 skipped');
  const list = CloudRolloutSummary.array().parse(
    await (await page.request.get(`${system.cloudUrl}/api/cloud-rollouts`)).json(),
  );
  expect(list.find((r) => r.name === name)?.state).toBe('FINISHED');
});
