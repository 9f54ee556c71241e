// Issue 36 item 2, cloud mode: when the live channel drops the page says so at once and comes back by itself.
// A cloud process of the spec's own (the shared cloud stays up for the other specs) with a gateway of its own
// linked to it: the gateway killed, its screen says so within 2 s and returns with it; the cloud killed, every
// screen shows the banner within 2 s and greys out live state, and the page comes back when the cloud does.
import { expect, test } from './support/console';
import { createGateway, generateConnectionToken, linkOwnGateway } from './support/gateways';
import { OwnCloud } from './support/ownCloud';
import { OwnGateway } from './support/ownGateway';
import { saveScreenshot } from './support/screens';
import { gatewayItem, inBothThemes } from './support/shell';

const cloud = new OwnCloud();
const gateway = new OwnGateway();
test.beforeAll(async () => {
  test.setTimeout(90_000);
  await Promise.all([cloud.start(), gateway.start()]);
});
test.afterAll(async () => {
  await gateway.remove();
  await cloud.remove();
});

const grey = (el: Element) => getComputedStyle(el).filter;

test('cloud mode: a killed gateway or cloud is said within 2 s, live state greys out, the page comes back', async ({
  page,
  consoleGuard,
}) => {
  test.setTimeout(150_000);
  // calls and the service worker's update check fail while a server is away
  consoleGuard.allow(
    /ERR_CONNECTION_REFUSED|WebSocket|Failed to fetch|net::ERR|Failed to load resource|fetching the script|status of 50\d/,
  );
  await page.goto(cloud.url);
  await page.getByRole('textbox', { name: 'Login' }).fill(cloud.login);
  await page.getByRole('textbox', { name: 'Password' }).fill(cloud.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: 'Select a gateway' })).toBeVisible();
  await createGateway(page, 'Dacha');
  const token = await generateConnectionToken(page, 'Dacha');
  await linkOwnGateway(gateway.url, token);
  const item = gatewayItem(page, 'Dacha');
  await expect(item.getByRole('img', { name: 'Online' })).toBeVisible();
  await item.getByText('Dacha', { exact: true }).click();
  await page.waitForURL(/\/overview$/);
  const overview = page.url();
  const waiting = page.getByTestId('gateway-waiting');
  const banner = page.getByRole('alert').filter({ hasText: 'No connection to the cloud' });

  await test.step('the gateway on screen is killed: the screen says so within 2 s and returns with it', async () => {
    await expect(page.getByTestId('overview-count')).toBeVisible();
    await gateway.kill();
    await expect(waiting).toContainText('Gateway Dacha is offline', { timeout: 2000 });
    await gateway.start();
    await expect(waiting).toBeHidden({ timeout: 30_000 });
    await expect(page.getByTestId('overview-count')).toBeVisible();
    expect(page.url()).toBe(overview);
  });

  await test.step('the cloud is killed: banner within 2 s, live state grey, back by itself', async () => {
    await page.goto(`${cloud.url}/gateways`);
    // (the gateway's item carries its presence: greyed as a whole)
    await expect(item.getByRole('img', { name: 'Online' })).toBeVisible();
    expect(await item.evaluate(grey)).toBe('none');
    await cloud.kill();
    await expect(banner).toBeVisible({ timeout: 2000 });
    await expect(banner).toContainText('What this page shows may be out of date');
    expect(await item.evaluate(grey)).toBe('grayscale(1)');
    await inBothThemes(page, (theme) => saveScreenshot(page, 'live-down-cloud', theme));
    await cloud.start();
    await expect(banner).toBeHidden({ timeout: 45_000 });
    // still signed in, the list read again: the gateway is back online once it has relinked
    await expect(item.getByRole('img', { name: 'Online' })).toBeVisible({ timeout: 30_000 });
    expect(await item.evaluate(grey)).toBe('none');
  });
});
