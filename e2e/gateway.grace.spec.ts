// Cloud mode (issue 17, defect 9): a gateway that drops while a user is on its control panel is waited for
// (GATEWAY_RETURN_GRACE_MS, 30 s): the panel says so and keeps its URL, and carries on with the same device
// and tab when the gateway comes back. One that stays away past the grace period sends the user to
// /gateways (the spec's redirect; an offline gateway on arrival is shell.link.spec's case). Own gateway and
// own device, so the shared "Home" gateway stays up for the other specs.
import { system } from './env';
import { deviceRow, startOwnDevice, stopOwnDevice } from './panel.support';
import { expect, test } from './support/console';
import {
  createGateway,
  deleteGateway,
  generateConnectionToken,
  linkOwnGateway,
  uniqueName,
} from './support/gateways';
import { send } from './support/http';
import { OwnGateway } from './support/ownGateway';
import { expectAccessible } from './support/screens';
import { gatewayItem, signIn, toasts } from './support/shell';

const own = new OwnGateway();
let device: Awaited<ReturnType<typeof startOwnDevice>> | undefined;
test.beforeAll(async () => {
  await own.start();
  device = await startOwnDevice('lamp', 'grace-lamp');
});
test.afterAll(async () => {
  await own.remove();
  if (device !== undefined) await stopOwnDevice(device);
});

test('the panel waits for a gateway that drops, carries on when it returns, and leaves after the grace period', async ({
  page,
  consoleGuard,
}) => {
  test.setTimeout(180_000);
  // Relayed calls that race the gateway's stop are answered 503 (offline) by the cloud.
  consoleGuard.allow(/status of 50\d/);
  const ip = device?.ip ?? '';
  const name = uniqueName('Grace');
  await signIn(page);
  await createGateway(page, name);
  const token = await generateConnectionToken(page, name);
  // Linked and given a saved device through the gateway's own API (linking in the console: shell.link.spec).
  await linkOwnGateway(own.url, token);
  await send('POST', `${own.url}/api/devices/saved?ip=${ip}`);
  const item = gatewayItem(page, name);
  await expect(item.getByRole('img', { name: 'Online' })).toBeVisible();
  await item.getByText(name, { exact: true }).click();
  await page.waitForURL(/\/overview$/);
  await page.goto(page.url().replace(/\/overview$/, '/panel'));
  await deviceRow(page, { ip }, 'Saved devices').click();
  const panel = page.getByRole('region', { name: /^Device / });
  const config = panel.getByRole('tab', { name: 'Config' });
  await config.click();
  await expect(config).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/[?&]tab=config/);
  const place = page.url();
  const waiting = page.getByTestId('gateway-waiting');

  await test.step('the gateway drops: the panel waits for it, on the same URL', async () => {
    await own.stop();
    await expect(waiting).toContainText(`Gateway ${name} is offline`);
    await expect(waiting).toContainText(/Waiting for it to come back.* in \d+ s\./);
    await expect(toasts(page, `Gateway ${name} disconnected`)).toBeVisible();
    expect(page.url()).toBe(place);
    await expectAccessible(page, 'waiting for a gateway', ['[data-testid="gateway-waiting"]']);
  });

  await test.step('it comes back: the same device and tab, without a reload', async () => {
    await own.start();
    await expect(waiting).toBeHidden();
    await expect(toasts(page, `Gateway ${name} connected`)).toBeVisible();
    await expect(panel).toContainText('grace-lamp');
    await expect(config).toHaveAttribute('aria-selected', 'true');
    expect(page.url()).toBe(place);
  });

  await test.step('it stays away past the grace period: the gateway list, with a toast', async () => {
    await own.stop();
    await expect(waiting).toBeVisible();
    await expect(page).toHaveURL(`${system.cloudUrl}/gateways`, { timeout: 60_000 });
    await expect(toasts(page, `Gateway ${name} did not come back in time.`)).toContainText(
      'Gateway is offline',
    );
    await expect(item.getByRole('img', { name: 'Offline' })).toBeVisible();
  });

  await deleteGateway(page, name);
});
