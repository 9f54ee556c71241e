// Issue 14 in the browser: the optional gateway sign-in (a gateway process of its own with
// ST_GATEWAY_PASSWORD), the status widget of a gateway whose cloud token was refused, and the
// Content-Security-Policy of both consoles (the console fixture fails every spec on any violation).
import { system } from './env';
import { expect, test } from './support/console';
import { OwnGateway } from './support/ownGateway';
import { signIn, toasts } from './support/shell';

const PASSWORD = 'e2e gateway password';
const locked = new OwnGateway({ ST_GATEWAY_PASSWORD: PASSWORD });
const refused = new OwnGateway();
test.beforeAll(async () => {
  await Promise.all([locked.start(), refused.start()]);
});
test.afterAll(async () => {
  await Promise.all([locked.remove(), refused.remove()]);
});

test.describe('gateway sign-in', () => {
  test('asks for the password, refuses a wrong one, lets the right one in, and signs out', async ({
    page,
    consoleGuard,
  }) => {
    // The console asks the protected API before signing in, and the wrong password is a 401.
    consoleGuard.allow(/status of 401 .*\/api\//);
    consoleGuard.allow(/WebSocket connection to .* failed/);
    await page.goto(locked.url);
    await expect(page.getByRole('heading', { name: 'Sign in to this gateway' })).toBeVisible();
    await expect(page.getByTestId('cloud-status')).toHaveCount(0);
    await page.getByRole('textbox', { name: 'Password' }).fill('not the password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(toasts(page, 'Sign-in failed')).toContainText('Wrong password');
    await page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByTestId('cloud-status')).toHaveText('Cloud: not connected');
    const cookies = await page.context().cookies(locked.url);
    const session = cookies.find((c) => c.name === 'st_gateway_session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
    await page.getByTestId('gateway-sign-out').click();
    await expect(page.getByRole('heading', { name: 'Sign in to this gateway' })).toBeVisible();
  });
});

test.describe('a refused cloud token', () => {
  test('the status widget says the token was refused and asks for a new one', async ({
    page,
    consoleGuard,
  }) => {
    consoleGuard.allow(/status of 401 .*\/api\//);
    // Link the gateway through the APIs, then revoke its token in the cloud.
    const login = await fetch(`${system.cloudUrl}/api/auth/user`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: system.login, password: system.password }),
    });
    const cookie = (login.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
    const cloud = (method: string, path: string, body?: unknown) =>
      fetch(system.cloudUrl + path, {
        method,
        headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      }).then((r) => r.json() as Promise<Record<string, unknown>>);
    const created = await cloud('POST', '/api/gateway/management/create', {
      name: `Refused ${Date.now() % 100000}`,
    });
    const id = String(created.id);
    const { token } = await cloud('POST', `/api/auth/gateway/${id}`);
    const gw = (method: string, path: string, body?: unknown) =>
      fetch(refused.url + path, {
        method,
        ...(body ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {}),
      });
    expect((await gw('POST', '/api/cloud/login', { cloudUrl: system.cloudUrl, token })).status).toBe(200);
    expect((await gw('PUT', '/api/cloud/connection/connect')).status).toBe(200);

    await page.goto(refused.url);
    const status = page.getByTestId('cloud-status');
    await expect(status).toHaveText('Cloud: connected');
    await cloud('POST', `/api/auth/gateway/logout/${id}`);
    await expect(status).toHaveText('Cloud: token refused');
    await expect(status).toHaveAttribute('data-problem', 'TOKEN_REFUSED');
    await status.click();
    const dialog = page.getByRole('dialog', { name: 'Cloud connection' });
    await expect(dialog.getByTestId('cloud-token-refused')).toContainText(
      'The cloud refused this gateway’s token',
    );
    await expect(dialog.getByRole('textbox', { name: 'Connection token' })).toBeVisible();
    await cloud('DELETE', `/api/gateway/management/delete/${id}`);
  });
});

test.describe('Content-Security-Policy', () => {
  test('both consoles are served with the policy and run without a violation', async ({ page }) => {
    for (const url of [system.gatewayUrl, system.cloudUrl]) {
      const answer = await page.goto(url);
      const csp = answer?.headers()['content-security-policy'] ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(answer?.headers()['x-content-type-options']).toBe('nosniff');
    }
    await signIn(page);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  });
});
