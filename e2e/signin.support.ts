// Helpers of the sign-in security specs (issue 38): users made through the admin API (the shared admin's own
// sign-in never changes), RFC 6238 codes computed here, and the security screen's address.
import { createHmac } from 'node:crypto';
import type { Page } from '@playwright/test';
import { system } from './env';
import { expect } from './support/console';

/** The first cookie pair (`name=value`) of each Set-Cookie of an answer, as one Cookie header. */
function cookiesOf(answer: Response): string {
  return answer.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .join('; ');
}

/** Signs in through the API (password only) and returns the session's Cookie header. */
export async function apiSignIn(login: string, password: string, base = system.cloudUrl): Promise<string> {
  const answer = await fetch(`${base}/api/auth/user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login, password }),
  });
  expect(answer.status, `sign-in of ${login}`).toBe(200);
  return cookiesOf(answer);
}

/** One call to the cloud's API with a session's cookie; fails the test on an answer other than 2xx. */
export async function api(
  cookie: string,
  method: string,
  path: string,
  body?: unknown,
  base = system.cloudUrl,
): Promise<unknown> {
  const answer = await fetch(`${base}${path}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await answer.text();
  expect(answer.ok, `${method} ${path}: ${answer.status} ${text}`).toBe(true);
  return text === '' ? undefined : JSON.parse(text);
}

/**
 * A new user made by the shared admin (or another cloud's: `cloud`), with their own password already chosen:
 * { login, password }. The login is the prefix and a time stamp, or `login` as given.
 */
export async function newUser(
  prefix: string,
  opts: { cloud?: { url: string; login: string; password: string }; login?: string } = {},
): Promise<{ login: string; password: string }> {
  const cloud = opts.cloud ?? { url: system.cloudUrl, login: system.login, password: system.password };
  const admin = await apiSignIn(cloud.login, cloud.password, cloud.url);
  const login = opts.login ?? `${prefix}-${Date.now().toString(36)}`;
  const made = (await api(admin, 'POST', '/api/users', { login }, cloud.url)) as { password: string };
  const password = `${login}-own-password`;
  const own = await apiSignIn(login, made.password, cloud.url);
  await api(
    own,
    'POST',
    '/api/auth/user/password',
    { currentPassword: made.password, newPassword: password },
    cloud.url,
  );
  return { login, password };
}

function base32(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const ch of text.replace(/=+$/, '').toUpperCase())
    bits += alphabet.indexOf(ch).toString(2).padStart(5, '0');
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(Number.parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** The TOTP code (RFC 6238: SHA-1, 30 s, six digits) of a base32 secret at a time (ms). */
export function totp(secret: string, at = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const mac = createHmac('sha1', base32(secret)).update(counter).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0xf;
  const value = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(value).padStart(6, '0');
}

/**
 * A code the cloud has not seen yet: a used time step is refused, so after one code (the confirming one, or
 * a sign-in) the next is the following step's, which the cloud accepts one step ahead.
 */
export const nextCode = (secret: string, step: number) => totp(secret, Date.now() + step * 30_000);

/** Types the password of a user on the sign-in form (its second step or set-up comes next). */
export async function passwordStep(page: Page, login: string, password: string): Promise<void> {
  await page.goto(system.cloudUrl);
  await expect(page.getByRole('textbox', { name: 'Login' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('textbox', { name: 'Login' }).fill(login);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

export const securityUrl = () => `${system.cloudUrl}/account/security`;

/** Signs in with the password alone and waits for the gateway selector (a loaded machine may take a while). */
export async function signInAs(page: Page, user: { login: string; password: string }): Promise<void> {
  await passwordStep(page, user.login, user.password);
  await expect(page.getByRole('heading', { name: 'Select a gateway' })).toBeVisible({ timeout: 30_000 });
}

/** Chromium's virtual authenticator (CDP): a platform authenticator that holds passkeys and verifies the user. */
export async function addVirtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}
