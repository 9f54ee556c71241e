// Gateway mode: linking a gateway to the cloud with a pasted connection token, disconnect, reconnect and
// logout (spec sections 2, 4 and 8), watched live from the cloud console's gateway list. The shared "Home"
// gateway must stay linked for the other specs, so this spec runs a gateway process of its own.
import type { Page } from '@playwright/test';
import { system } from './env';
import { expect, test } from './support/console';
import { createGateway, deleteGateway, generateConnectionToken, uniqueName } from './support/gateways';
import { OwnGateway } from './support/ownGateway';
import { checkScreen } from './support/screens';
import { closeToasts, expectToastShown, gatewayItem, inBothThemes, signIn, toasts } from './support/shell';

const own = new OwnGateway();
test.beforeAll(async () => {
  await own.start();
});
test.afterAll(async () => {
  await own.remove();
});

const encode = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/** The gateway-mode console of our own gateway, with its cloud dialog open. */
async function openCloudDialog(page: Page) {
  await page.getByTestId('cloud-status').click();
  const dialog = page.getByRole('dialog', { name: 'Cloud connection' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function pasteToken(page: Page, token: string) {
  const dialog = page.getByRole('dialog', { name: 'Cloud connection' });
  await dialog.getByRole('textbox', { name: 'Connection token' }).fill(token);
}

test.describe('cloud link from the gateway console', () => {
  test('the connect form takes only a connection token and explains a cloud that cannot be reached', async ({
    page,
    consoleGuard,
  }) => {
    consoleGuard.allow(/status of 503 .*\/api\/cloud\/login/);
    await page.goto(own.url);
    await expect(page).toHaveURL(`${own.url}/overview`);
    await expect(page.getByTestId('cloud-status')).toHaveText('Cloud: not connected');
    const dialog = await openCloudDialog(page);
    await expect(dialog).toContainText('This gateway is not connected to a cloud yet.');
    const connect = dialog.getByRole('button', { name: 'Connect' });

    // Not base64, and base64 of a text without exactly one "|": nothing is parsed, no Connect.
    await pasteToken(page, 'this is not a token');
    await expect(dialog).toContainText('This is not a connection token');
    await expect(connect).toHaveCount(0);
    await pasteToken(page, encode('http://a|b|c'));
    await expect(dialog).toContainText('This is not a connection token');
    await expect(connect).toHaveCount(0);

    // A token that parses shows its parts as fields; an empty part disables Connect.
    await pasteToken(page, encode('http://127.0.0.1:1|some-token'));
    await expect(dialog.getByRole('textbox', { name: 'Cloud URL' })).toHaveValue('http://127.0.0.1:1');
    await expect(dialog.getByRole('textbox', { name: 'Auth token' })).toHaveValue('some-token');
    await dialog.getByRole('textbox', { name: 'Auth token' }).fill('');
    await expect(connect).toBeDisabled();
    await dialog.getByRole('textbox', { name: 'Auth token' }).fill('some-token');
    await connect.click();
    await expect(toasts(page, 'Failed to authenticate in cloud')).toContainText('Cloud is unavailable');
    await expect(page.getByTestId('cloud-status')).toHaveText('Cloud: not connected');

    // Screens of the unlinked gateway: the header and the connect form, in both themes.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await closeToasts(page);
    await inBothThemes(page, async (theme) => {
      await openCloudDialog(page);
      await checkScreen(page, 'shell-cloud-connect', theme);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    });
  });

  test('links with a pasted token, disconnects, reconnects, survives a restart and logs out', async ({
    page: cloud,
    context,
    consoleGuard,
  }) => {
    // A relayed call that races the gateway's stop is answered 503 (offline) by the cloud.
    consoleGuard.allow(/status of 503 .*\/api\/gateway\/requests\//);
    const name = uniqueName('Link');
    await signIn(cloud);
    await createGateway(cloud, name, 'Own gateway of the link spec');
    const token = await generateConnectionToken(cloud, name);
    await closeToasts(cloud);
    const item = gatewayItem(cloud, name);
    await expect(item.getByRole('img', { name: 'Offline' })).toBeVisible();

    const local = await context.newPage();
    await local.goto(own.url);
    const status = local.getByTestId('cloud-status');
    await expect(status).toHaveText('Cloud: not connected');
    const dialog = await openCloudDialog(local);
    let gatewayId = '';

    await test.step('a wrong token is refused; the error toast stays while the success toast closes', async () => {
      const [cloudUrl] = Buffer.from(token, 'base64').toString('utf8').split('|');
      await pasteToken(local, encode(`${cloudUrl}|not-the-token`));
      await dialog.getByRole('button', { name: 'Connect' }).click();
      const refused = toasts(local, 'Failed to authenticate in cloud');
      await expect(refused).toContainText('Access denied. Wrong token?');

      await pasteToken(local, token);
      await expect(dialog.getByRole('textbox', { name: 'Cloud URL' })).toHaveValue(system.cloudUrl);
      await dialog.getByRole('button', { name: 'Connect' }).click();
      const welcome = toasts(local, 'Successfully authenticated in cloud');
      await expect(welcome).toBeVisible();
      await expect(status).toHaveText('Cloud: connected');
      // Success toasts close by themselves (2.5 s); error toasts stay until closed.
      await expect(welcome).toBeHidden();
      await expect(refused).toBeVisible();
      await refused.getByRole('button', { name: 'Close notification' }).click();
      await expect(refused).toBeHidden();
    });

    await test.step('the cloud console sees it online, live', async () => {
      await expect(item.getByRole('img', { name: 'Online' })).toBeVisible();
      await expectToastShown(cloud, `Gateway ${name} connected`);
      await expect(local.getByLabel(`Gateway: ${name}`)).toBeVisible();
    });

    await test.step('the dialog shows the link; disconnect asks first', async () => {
      await expect(dialog.getByRole('textbox', { name: 'Cloud URL' })).toHaveValue(system.cloudUrl);
      await expect(dialog.getByRole('textbox', { name: 'Cloud user' })).toHaveValue(system.login);
      await expect(dialog.getByRole('textbox', { name: 'Gateway name' })).toHaveValue(name);
      await expect(dialog.getByRole('textbox', { name: 'Gateway description' })).toHaveValue(
        'Own gateway of the link spec',
      );
      gatewayId = await dialog.getByRole('textbox', { name: 'Gateway id' }).inputValue();
      expect(gatewayId).toMatch(/\S+/);
      await expect(dialog.getByRole('button', { name: 'Reconnect' })).toHaveCount(0);

      await dialog.getByRole('button', { name: 'Disconnect' }).click();
      const confirm = local.getByRole('dialog', { name: 'Please confirm' });
      await expect(confirm).toContainText('Disconnect this gateway from the cloud?');
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect(status).toHaveText('Cloud: connected');
      await dialog.getByRole('button', { name: 'Disconnect' }).click();
      await confirm.getByRole('button', { name: 'Disconnect' }).click();
      await expect(status).toHaveText('Cloud: disconnected');
      await expect(item.getByRole('img', { name: 'Offline' })).toBeVisible();
      await expect(toasts(cloud, `Gateway ${name} disconnected`)).toBeVisible();
      // An offline gateway's panel cannot be opened, not even by its address.
      await cloud.goto(`${system.cloudUrl}/${gatewayId}/panel`);
      await expect(cloud).toHaveURL(`${system.cloudUrl}/gateways`);
      await expect(toasts(cloud, 'Gateway is offline')).toBeVisible();
      await expect(item.getByRole('img', { name: 'Offline' })).toBeVisible();
    });

    await test.step('reconnect', async () => {
      await expect(dialog.getByRole('button', { name: 'Disconnect' })).toHaveCount(0);
      await dialog.getByRole('button', { name: 'Reconnect' }).click();
      await expect(status).toHaveText('Cloud: connected');
      await expect(item.getByRole('img', { name: 'Online' })).toBeVisible();
      await local.keyboard.press('Escape');
    });

    await test.step('the gateway stops and starts again: its open panel waits for it and carries on', async () => {
      // Its panel is open in the cloud console (through the relay) when it goes away.
      await closeToasts(cloud);
      await item.getByText(name, { exact: true }).click();
      await expect(cloud).toHaveURL(`${system.cloudUrl}/${gatewayId}/overview`);
      await expect(cloud.getByRole('button', { name: `Gateway: ${name}` })).toBeVisible();
      // Its (empty) fleet overview and device lists came through the relay.
      await expect(cloud.getByText(/^No devices yet/)).toBeVisible();
      await cloud.getByRole('button', { name: 'Open the menu' }).click();
      await cloud.getByRole('menuitem', { name: 'Control panel' }).click();
      await expect(cloud).toHaveURL(`${system.cloudUrl}/${gatewayId}/panel`);
      await expect(cloud.getByText('No devices found yet')).toBeVisible();
      await expect(cloud.getByText('No saved devices')).toBeVisible();
      await local.close();
      await own.stop();
      // The console stays on the panel, waiting for the gateway (issue 17, defect 9; gateway.grace.spec
      // covers the device, tab and grace period), and carries on when it is back.
      const waiting = cloud.getByTestId('gateway-waiting');
      await expect(waiting).toContainText(`Gateway ${name} is offline`);
      await expect(toasts(cloud, `Gateway ${name} disconnected`)).toBeVisible();
      await expect(cloud).toHaveURL(`${system.cloudUrl}/${gatewayId}/panel`);
      await own.start();
      await expect(waiting).toBeHidden();
      await expect(cloud.getByText('No saved devices')).toBeVisible();
      // The selector's dot is green again.
      await cloud.goto(`${system.cloudUrl}/gateways`);
      await expect(item.getByRole('img', { name: 'Online' })).toBeVisible();
    });

    await test.step('log out asks first, forgets the cloud and its token', async () => {
      const again = await context.newPage();
      await again.goto(own.url);
      await expect(again.getByTestId('cloud-status')).toHaveText('Cloud: connected');
      const linked = await openCloudDialog(again);
      await linked.getByRole('button', { name: 'Log out' }).click();
      const confirm = again.getByRole('dialog', { name: 'Please confirm' });
      await confirm.getByRole('button', { name: 'Log out' }).click();
      await expect(toasts(again, 'Logged out of the cloud')).toBeVisible();
      await expect(again.getByTestId('cloud-status')).toHaveText('Cloud: not connected');
      await expect(again.getByLabel(`Gateway: ${name}`)).toHaveCount(0);
      await expect(item.getByRole('img', { name: 'Offline' })).toBeVisible();
      // The token was deleted in the cloud: the gateway's menu offers a new one.
      await cloud.getByRole('button', { name: 'Refresh the gateway list' }).click();
      await cloud.getByRole('button', { name: `Actions for gateway ${name}` }).click();
      await expect(cloud.getByRole('menuitem', { name: 'Generate token' })).toBeVisible();
      await cloud.keyboard.press('Escape');
      await again.close();
    });

    await closeToasts(cloud);
    await deleteGateway(cloud, name);
  });
});
