// The cloud console's gateway selector: create, edit and delete with the name rules (spec sections 5 and 8),
// tokens (generate, copy, delete), opening a gateway, the header's selector dialog and unknown paths.
import { system } from './env';
import { expect, test } from './support/console';
import { createGateway, deleteGateway, itemMenu, uniqueName as unique } from './support/gateways';
import { closeToasts, gatewayItem, signIn, toasts } from './support/shell';

test.describe('gateway selector (cloud mode)', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
    await closeToasts(page);
  });

  test('creates a gateway only with a name, warns past 32 characters, edits and deletes it', async ({
    page,
    consoleGuard,
  }) => {
    // The server refuses the over-long name with a 400, which the console shows (spec section 8).
    consoleGuard.allow(/status of 400 .*\/api\/gateway\/management\/create/);
    await page.getByRole('button', { name: 'Add gateway' }).click();
    const dialog = page.getByRole('dialog', { name: 'New gateway' });
    const name = dialog.getByRole('textbox', { name: 'Name' });
    const create = dialog.getByRole('button', { name: 'Create' });

    await create.click();
    await expect(toasts(page, 'Gateway name cannot be blank')).toBeVisible();
    await name.fill('   ');
    await create.click();
    // the same failure again replaces its toast: one on screen, never two identical ones
    await expect(toasts(page, 'Gateway name cannot be blank')).toHaveCount(1);
    await expect(dialog).toBeVisible();
    await closeToasts(page);

    // 33 characters: the field says the limit as it is typed, the save is still sent, and the server's
    // answer is the one toast (not the form's and the server's, saying the same twice).
    const tooLong = `Long ${'x'.repeat(28)}`;
    expect(tooLong).toHaveLength(33);
    await name.fill(tooLong);
    await expect(dialog.getByText('A name should have at most 32 characters.')).toBeVisible();
    await create.click();
    await expect(toasts(page, 'Gateway name must be at most 32 characters')).toHaveCount(1);
    await expect(toasts(page, /32/)).toHaveCount(1);
    await expect(dialog).toBeVisible();
    await expect(gatewayItem(page, tooLong)).toHaveCount(0);
    await closeToasts(page);

    // Exactly 32 characters is fine.
    const longest = `${unique('Max')}${'y'.repeat(22)}`;
    expect(longest).toHaveLength(32);
    await name.fill(longest);
    await dialog.getByRole('textbox', { name: 'Description' }).fill('Attic');
    await create.click();
    await expect(toasts(page, 'Gateway created')).toBeVisible();
    await expect(dialog).toBeHidden();
    const item = gatewayItem(page, longest);
    await expect(item).toContainText('Attic');
    // A new gateway has never connected: its dot is red, and opening it is refused.
    await expect(item.getByRole('img', { name: 'Offline' })).toBeVisible();
    await item.getByText(longest).click();
    await expect(toasts(page, 'Gateway is offline')).toContainText(
      'The control panel of an offline gateway cannot be opened.',
    );
    await expect(page).toHaveURL(`${system.cloudUrl}/gateways`);

    // Edit: the dialog starts from the gateway's values; a blank name is refused there too.
    const renamed = unique('Garage');
    await itemMenu(page, longest, 'Edit');
    const edit = page.getByRole('dialog', { name: 'Edit gateway' });
    await expect(edit.getByRole('textbox', { name: 'Name' })).toHaveValue(longest);
    await expect(edit.getByRole('textbox', { name: 'Description' })).toHaveValue('Attic');
    await edit.getByRole('textbox', { name: 'Name' }).fill('');
    await edit.getByRole('button', { name: 'Update' }).click();
    await expect(toasts(page, 'Gateway name cannot be blank')).toBeVisible();
    await edit.getByRole('textbox', { name: 'Name' }).fill(renamed);
    await edit.getByRole('textbox', { name: 'Description' }).fill('Next to the car');
    await edit.getByRole('button', { name: 'Update' }).click();
    await expect(toasts(page, 'Gateway updated')).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(gatewayItem(page, renamed)).toContainText('Next to the car');
    await expect(gatewayItem(page, longest)).toHaveCount(0);
    // Saved in the cloud, not only on screen.
    await page.reload();
    await expect(gatewayItem(page, renamed)).toContainText('Next to the car');

    // Delete asks first; Cancel keeps it.
    await itemMenu(page, renamed, 'Delete');
    const confirm = page.getByRole('dialog', { name: 'Please confirm' });
    await expect(confirm).toContainText(`Delete gateway ${renamed}? This cannot be undone.`);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(gatewayItem(page, renamed)).toBeVisible();
    await itemMenu(page, renamed, 'Delete');
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await expect(toasts(page, 'Gateway deleted')).toBeVisible();
    await expect(gatewayItem(page, renamed)).toHaveCount(0);
    await page.reload();
    await expect(gatewayItem(page, 'Home')).toBeVisible();
    await expect(gatewayItem(page, renamed)).toHaveCount(0);
  });

  test('generates a token whose connection token is cloudUrl|token, copies it, then deletes it', async ({
    page,
  }) => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: system.cloudUrl });
    const name = unique('Token');
    await createGateway(page, name);
    await itemMenu(page, name, 'Generate token');
    await expect(toasts(page, 'Token generated')).toBeVisible();
    const dialog = page.getByRole('dialog', { name: 'Connection token' });
    const cloudUrl = dialog.getByRole('textbox', { name: 'Cloud URL' });
    const authToken = dialog.getByRole('textbox', { name: 'Auth token' });
    await expect(cloudUrl).toHaveValue(system.cloudUrl);
    const token = await authToken.inputValue();
    expect(token.length).toBeGreaterThan(10);
    const combined = dialog.getByTestId('connection-token');
    const encoded = (await combined.textContent()) ?? '';
    expect(Buffer.from(encoded, 'base64').toString('utf8')).toBe(`${system.cloudUrl}|${token}`);

    await dialog.getByRole('button', { name: 'Copy' }).click();
    await expect(dialog.getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(encoded);

    // The cloud URL may be edited (a gateway may reach the cloud by another address), never left empty.
    await cloudUrl.fill('');
    await expect(dialog.getByRole('alert')).toHaveText('Cloud URL cannot be empty');
    await expect(combined).toHaveCount(0);
    await cloudUrl.fill(system.cloudUrl);
    // The auth token is editable too: never empty, and neither part may hold the separator.
    await authToken.fill('');
    await expect(dialog.getByRole('alert')).toHaveText('Auth token cannot be empty');
    await authToken.fill(`${token}|more`);
    await expect(dialog.getByRole('alert')).toHaveText('Neither the cloud URL nor the token may contain "|"');
    await expect(combined).toHaveCount(0);
    await authToken.fill(token);
    await cloudUrl.fill('https://cloud.example.org/st');
    await expect(combined).toBeVisible();
    const edited = Buffer.from((await combined.textContent()) ?? '', 'base64').toString('utf8');
    expect(edited).toBe(`https://cloud.example.org/st|${token}`);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    // The token exists now: the menu offers to delete it (after a confirmation), then to generate again.
    await closeToasts(page);
    await itemMenu(page, name, 'Delete token');
    const confirm = page.getByRole('dialog', { name: 'Please confirm' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: `Actions for gateway ${name}` }).click();
    await expect(page.getByRole('menuitem', { name: 'Delete token' })).toBeVisible();
    await page.getByRole('menuitem', { name: 'Delete token' }).click();
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await expect(toasts(page, 'Token deleted')).toBeVisible();
    await page.getByRole('button', { name: `Actions for gateway ${name}` }).click();
    await expect(page.getByRole('menuitem', { name: 'Generate token' })).toBeVisible();
    await page.keyboard.press('Escape');

    await deleteGateway(page, name);
  });

  test('in Russian, the name rules speak Russian and the server’s 400 text is shown', async ({
    page,
    consoleGuard,
  }) => {
    consoleGuard.allow(/status of 400 .*\/api\/gateway\/management\/create/);
    await page.getByRole('button', { name: 'Switch the language to Russian' }).click();
    await page.getByRole('button', { name: 'Добавить шлюз' }).click();
    const dialog = page.getByRole('dialog', { name: 'Новый шлюз' });
    await dialog.getByRole('button', { name: 'Создать' }).click();
    await expect(toasts(page, 'Название шлюза не может быть пустым')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Название' }).fill('Ш'.repeat(33));
    await expect(dialog.getByText('Название должно быть не длиннее 32 символов.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Создать' }).click();
    // The server's 400 answer is shown (spec section 8); it carries the catalog code GATEWAY_NAME_TOO_LONG,
    // so the console shows it in the user's language.
    await expect(toasts(page, 'Название шлюза должно быть не длиннее 32 символов')).toHaveCount(1);
    await expect(toasts(page, /32/)).toHaveCount(1);
    await expect(dialog).toBeVisible();
  });

  test('opens an online gateway; the header name reopens the selector as a dialog', async ({ page }) => {
    const home = gatewayItem(page, 'Home');
    await expect(home.getByRole('img', { name: 'Online' })).toBeVisible();
    await home.getByText('Home', { exact: true }).click();
    await expect(page).toHaveURL(/\/[^/]+\/overview$/);
    const panelUrl = page.url();
    await expect(page.getByRole('heading', { name: 'Fleet overview' })).toBeVisible();

    await page.getByRole('button', { name: 'Gateway: Home' }).click();
    const selector = page.getByRole('dialog', { name: 'Select a gateway' });
    await expect(gatewayItem(page, 'Home')).toBeVisible();
    // The dialog's title is said once (the selector's own heading shows only on its page).
    await expect(selector.getByText('Select a gateway', { exact: true })).toHaveCount(1);
    // Choosing a gateway closes the dialog and opens its panel.
    await selector.getByText('Home', { exact: true }).click();
    await expect(selector).toBeHidden();
    await expect(page).toHaveURL(panelUrl);

    // The title link leads to the root, which is the selector.
    await page.getByRole('link', { name: 'SmartThing' }).click();
    await expect(page).toHaveURL(`${system.cloudUrl}/gateways`);
  });

  test('an unknown gateway or path leads back to the selector', async ({ page, consoleGuard }) => {
    // The console asks the cloud for the gateway named in the path, which answers 404.
    consoleGuard.allow(/status of 404 .*\/api\/gateway\/management\//);
    await page.goto(`${system.cloudUrl}/no-such-gateway/panel`);
    await expect(page).toHaveURL(`${system.cloudUrl}/gateways`);
    await expect(page.getByRole('heading', { name: 'Select a gateway' })).toBeVisible();
    await page.goto(`${system.cloudUrl}/gateways/and/more`);
    await expect(page).toHaveURL(`${system.cloudUrl}/gateways`);
  });
});
