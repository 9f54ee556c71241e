// Gateway mode (issue 17, defect 11): a gateway not linked to any cloud shows its local name (its host name
// until renamed) in the header and the browser title, and renames from the header. Own gateway process, so
// the shared "Home" gateway keeps its name for the other specs.
import { hostname } from 'node:os';
import { expect, test } from './support/console';
import { OwnGateway } from './support/ownGateway';

const own = new OwnGateway();
test.beforeAll(async () => {
  await own.start();
});
test.afterAll(async () => {
  await own.remove();
});

test('the header and title show the local name; renaming from the header changes both', async ({
  page,
  consoleGuard,
}) => {
  consoleGuard.allow(/status of 400 .*\/api\/gateway\/name/);
  await page.goto(own.url);
  const defaultName = hostname().slice(0, 64);
  await expect(page.getByRole('button', { name: `Gateway: ${defaultName}` })).toBeVisible();
  await expect(page).toHaveTitle(`${defaultName} · SmartThing`);

  await page.getByRole('button', { name: `Gateway: ${defaultName}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Gateway name' });
  const field = dialog.getByRole('textbox', { name: 'Name' });
  await expect(field).toHaveValue(defaultName);
  await field.fill('bad\u202Ename');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toBeVisible();

  await field.fill('  Dacha  ');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Gateway: Dacha' })).toBeVisible();
  await expect(page).toHaveTitle('Dacha · SmartThing');

  await page.reload();
  await expect(page.getByRole('button', { name: 'Gateway: Dacha' })).toBeVisible();
  await expect(page).toHaveTitle('Dacha · SmartThing');
});
