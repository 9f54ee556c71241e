// Issue 20 in one scenario: an admin creates a user; the owner shares the gateway as viewer; the viewer sees
// the panel with the action buttons disabled and a forced call refused; the owner upgrades the share to
// operator and the action works; the audit screen shows all of it.
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { chooseFirstPassword, signInWithOneTimePassword } from './accounts.support';
import { system } from './env';
import { deviceGet, openDevice, systemDevice } from './panel.support';
import { expect, test } from './support/console';
import { expectAccessible } from './support/screens';
import { gatewayItem, signIn } from './support/shell';

const Sensors = z.record(z.string(), z.union([z.number(), z.string()]));

test('users, a shared gateway with roles, and the audit trail', async ({ page, browser, consoleGuard }) => {
  // one long scenario (two browsers, three screens, axe in both themes): more than the default minute
  test.setTimeout(150_000);
  // the forced call is refused with 403 on purpose
  consoleGuard.allow(/status of 403/);
  const login = `tech-${Date.now().toString(36)}`;
  const lamp = await systemDevice('lamp');

  // The admin (the first user) creates a user with a one-time password.
  await signIn(page);
  await page.getByRole('button', { name: /Open the account dialog/ }).click();
  await page.getByRole('link', { name: 'Users' }).click();
  await page.getByRole('textbox', { name: 'Login' }).fill(login);
  await page.getByRole('button', { name: 'Create user' }).click();
  const secret = page.getByTestId('user-secret');
  await expect(secret).toContainText(login);
  const password = (await secret.locator('pre, code').first().textContent())?.trim() ?? '';
  await expect(page.getByTestId('user-row').filter({ hasText: login })).toBeVisible();
  await expectAccessible(page, 'users');

  // The owner shares "Home" as viewer.
  await page.getByRole('link', { name: 'Back to the gateways' }).click();
  await page.getByRole('button', { name: 'Actions for gateway Home' }).click();
  await page.getByRole('menuitem', { name: 'Sharing' }).click();
  const shares = page.getByRole('dialog', { name: 'Share Home' });
  await shares.getByRole('textbox', { name: 'Login' }).fill(login);
  await shares.getByRole('button', { name: 'Share', exact: true }).click();
  const row = shares.getByTestId('share-row').filter({ hasText: login });
  await expect(row.getByRole('combobox')).toHaveValue('viewer');
  await expectAccessible(page, 'shares dialog', ['.st-Modal-content']);

  // The viewer sees the gateway with its role and who shares it, and the panel, but cannot act.
  const viewerContext = await browser.newContext();
  const viewer = await viewerContext.newPage();
  // A one-time password: the new user chooses their own before anything else (axe in both themes).
  await signInWithOneTimePassword(viewer, login, password);
  const forcedEarly = await viewer.evaluate(async () => {
    const r = await fetch('/api/gateway/management/list');
    return { status: r.status, body: await r.json() };
  });
  expect(forcedEarly).toMatchObject({ status: 403, body: { code: 'PASSWORD_CHANGE_REQUIRED' } });
  await expectAccessible(viewer, 'first password (light)');
  await viewer.evaluate(() => window.localStorage.setItem('color-theme', 'dark'));
  await viewer.reload();
  await expect(viewer.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expectAccessible(viewer, 'first password (dark)');
  await viewer.evaluate(() => window.localStorage.setItem('color-theme', 'light'));
  await viewer.reload();
  await chooseFirstPassword(viewer, password, `${login}-own-password`);
  const item = gatewayItem(viewer, 'Home');
  await expect(item.getByTestId('gateway-role')).toHaveText('Viewer');
  await expect(item).toContainText(`Shared by ${system.login}`);
  await item.getByText('Home', { exact: true }).click();
  // a gateway opens on its fleet overview; the device panel is one menu entry away
  await viewer.waitForURL(/\/overview$/);
  await viewer.goto(viewer.url().replace(/\/overview$/, '/panel'));
  const panel = await openDevice(viewer, lamp);
  await panel.getByRole('tab', { name: 'Actions' }).click();
  const turnOn = panel.getByRole('button', { name: 'Turn led on', exact: true });
  await expect(turnOn).toBeDisabled();
  await expect(panel.getByTestId('viewer-readonly')).toBeVisible();
  const gatewayId = new URL(viewer.url()).pathname.split('/').at(-2) ?? '';
  const forced = await viewer.evaluate(
    async ([id, ip]) => {
      const r = await fetch('/api/gateway/requests/device', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          gatewayId: id,
          device: ip,
          command: 'callAction',
          params: { name: 'led_on' },
        }),
      });
      return { status: r.status, body: await r.json() };
    },
    [gatewayId, lamp.ip],
  );
  expect(forced).toMatchObject({ status: 403, body: { code: 'ROLE_FORBIDDEN' } });

  // The owner upgrades the share to operator; the viewer's action works.
  await row.getByRole('combobox').selectOption('operator');
  await expect(row.getByRole('combobox')).toHaveValue('operator');
  await shares.getByRole('button', { name: 'Close' }).first().click();
  await viewer.reload();
  // the URL keeps the open device and tab (issue 17): the reload comes back to the same panel
  const again = viewer.getByRole('region', { name: /^Device / });
  await expect(again.getByRole('tab', { name: 'Actions' })).toBeVisible();
  await again.getByRole('tab', { name: 'Actions' }).click();
  await again.getByRole('button', { name: 'Turn led on', exact: true }).click();
  await expect.poll(async () => (await deviceGet(lamp.ip, '/sensors', Sensors)).led).toBe(1);
  await again.getByRole('button', { name: 'Turn led off', exact: true }).click();
  await expect.poll(async () => (await deviceGet(lamp.ip, '/sensors', Sensors)).led).toBe(0);
  await viewerContext.close();

  // The audit screen shows the user created, the share granted and changed, the refused and the done calls.
  await page.getByRole('button', { name: /Open the account dialog/ }).click();
  await page.getByRole('link', { name: 'Audit trail' }).click();
  const table = page.getByTestId('audit-table');
  await expect(table.locator('tr[data-action="user.created"]').filter({ hasText: login })).toBeVisible();
  await expect(
    table.locator('tr[data-action="share.granted"]').filter({ hasText: `${login}: viewer -> operator` }),
  ).toBeVisible();
  const calls = table.locator('tr[data-action="relay.device"]').filter({ hasText: login });
  await expect(calls.filter({ hasText: 'refused' })).toHaveCount(1);
  await expect(calls.filter({ hasText: '200' }).first()).toBeVisible();
  await expectAccessible(page, 'audit (light)');
  await page.getByRole('button', { name: 'Switch to the dark theme' }).click();
  await expectAccessible(page, 'audit (dark)');
  await page.getByRole('button', { name: 'Switch to the light theme' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const csv = readFileSync(await (await download).path(), 'utf8');
  expect(csv.split('\r\n')[0]).toBe(
    'at,action,actor,gatewayId,device,command,detail,outcome,durationMs,address',
  );
  expect(csv).toContain(`${login}: viewer -> operator`);
});
