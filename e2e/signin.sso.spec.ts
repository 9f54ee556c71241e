// Single sign-on and a passkey enrolled at an enforced sign-in, in Chromium (issue 38). The shared system's
// cloud has no sign-on provider, so this spec starts a real OpenID provider (oidc-provider, the cloud tests' own
// set-up) and a cloud of its own configured for it, both on free ports; the console is opened by name
// (localhost: WebAuthn refuses an IP address as the relying party id).
import { freeTcpPort } from '@st/testkit';
import { startOidcProvider, type TestProvider } from '../apps/cloud/test/support/oidcProvider';
import { addVirtualAuthenticator, api, apiSignIn, newUser } from './signin.support';
import { expect, test } from './support/console';
import { OwnCloud } from './support/ownCloud';

const GATEWAYS = 'Select a gateway';
let provider: TestProvider;
let cloud: OwnCloud;
let base = '';
const owner = () => ({ url: cloud.url, login: cloud.login, password: cloud.password });

test.beforeAll(async () => {
  const port = await freeTcpPort();
  base = `http://localhost:${port}`;
  provider = await startOidcProvider([`${base}/api/auth/sso/callback`]);
  cloud = new OwnCloud({
    port,
    env: {
      ST_PUBLIC_URL: `${base}/`,
      ST_OIDC_ISSUER: provider.issuer,
      ST_OIDC_CLIENT_ID: provider.clientId,
      ST_OIDC_CLIENT_SECRET: provider.clientSecret,
      ST_OIDC_NAME: 'Example ID',
      ST_OIDC_ALLOWED_DOMAINS: 'example.com',
    },
  });
  await cloud.start();
  provider.accounts.set('alice-sub', { email: 'alice@example.com', email_verified: true });
});

test.afterAll(async () => {
  await cloud?.remove();
  await provider?.stop();
});

test('"Sign in with Example ID": the round trip to the provider signs in; the link is listed and unlinked', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await newUser('', { cloud: owner(), login: 'alice@example.com' });
  provider.signInAs('alice-sub');
  await page.goto(base);
  await page.getByRole('link', { name: 'Sign in with Example ID' }).click();
  await expect(page.getByRole('heading', { name: GATEWAYS })).toBeVisible({ timeout: 30_000 });
  expect(new URL(page.url()).searchParams.get('sso')).toBeNull();

  await page.goto(`${base}/account/security`);
  const section = page.getByTestId('sso-section');
  const row = section.getByTestId('sso-link-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Example ID: alice@example.com');
  await expect(row).toContainText('last used');
  // alice has a password: the link may go
  await row.getByRole('button', { name: 'Unlink Example ID: alice@example.com' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(section.getByText('No linked accounts')).toBeVisible();

  // linked again from the account screen: a trip to the provider and back here
  await section.getByRole('button', { name: 'Link Example ID' }).click();
  await expect(page.getByText('The account is linked: you can sign in with it')).toBeVisible({
    timeout: 30_000,
  });
  await expect(row).toHaveCount(1);
  expect(new URL(page.url()).pathname).toBe('/account/security');

  // the admin sees the link on the users screen and unlinks it (alice keeps her password)
  const adminPage = await page.context().browser()?.newPage();
  if (!adminPage) throw new Error('no browser');
  await adminPage.goto(base);
  await adminPage.getByRole('textbox', { name: 'Login' }).fill(cloud.login);
  await adminPage.getByRole('textbox', { name: 'Password' }).fill(cloud.password);
  await adminPage.getByRole('button', { name: 'Log in' }).click();
  await expect(adminPage.getByRole('heading', { name: GATEWAYS })).toBeVisible({ timeout: 30_000 });
  await adminPage.goto(`${base}/admin/users`);
  await adminPage.getByRole('button', { name: 'Single sign-on links of alice@example.com' }).click();
  await adminPage.getByRole('button', { name: 'Unlink Example ID: alice@example.com' }).click();
  await adminPage.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(adminPage.getByRole('dialog').getByText('No linked accounts')).toBeVisible();
  await adminPage.close();
});

test('an enforced second factor: a user without one adds a passkey at sign-in and is signed in', async ({
  page,
  consoleGuard,
}) => {
  test.setTimeout(120_000);
  consoleGuard.allow(/status of 403/);
  const user = await newUser('enrol-passkey', { cloud: owner() });
  const admin = await apiSignIn(cloud.login, cloud.password, cloud.url);
  await api(admin, 'PUT', '/api/security/sign-in', { requireSecondFactor: true }, cloud.url);
  await addVirtualAuthenticator(page);
  await page.goto(base);
  await page.getByRole('textbox', { name: 'Login' }).fill(user.login);
  await page.getByRole('textbox', { name: 'Password' }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: /requires a second factor/ })).toBeVisible();
  const enrol = page.getByTestId('enrol-passkey');
  await enrol.getByLabel('Name of the new passkey').fill('Phone');
  await enrol.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByRole('heading', { name: GATEWAYS })).toBeVisible({ timeout: 30_000 });
  await page.goto(`${base}/account/security`);
  await expect(page.getByTestId('passkey-row')).toContainText('Phone');
});
