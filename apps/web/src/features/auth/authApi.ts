import {
  CLOUD_ROUTES,
  type CloudUser,
  SESSION,
  type SecondFactorRequest,
  SIGN_IN_ROUTES,
} from '@st/protocol';
import { HttpError } from '../../api/errors';
import { cloudRequest } from '../../api/routes';
import type { Services } from '../../app/services';

type AuthServices = Pick<Services, 'http' | 'storage'>;

/** The signed-in user of the current cookie session (renewed once through the refresh token if needed). */
export async function currentUser({ http }: AuthServices): Promise<CloudUser> {
  const auth = await http.request(cloudRequest(CLOUD_ROUTES, 'cloud.auth.current'));
  return auth.user;
}

/** A session has opened (password, second factor or enrolment): keeps its refresh token, reads the user. */
export async function sessionOpened(services: AuthServices, refresh: string): Promise<CloudUser> {
  services.storage.setItem(SESSION.refreshTokenStorageKey, refresh);
  return currentUser(services);
}

/**
 * Signs in: the old refresh token goes first (spec), the new one is kept, then the user is read back. A user
 * with a second factor gets 401 SECOND_FACTOR_REQUIRED instead (errorCode), and the pending sign-in cookie.
 */
export async function logIn(services: AuthServices, login: string, password: string): Promise<CloudUser> {
  const { http, storage } = services;
  storage.removeItem(SESSION.refreshTokenStorageKey);
  const answer = await http.sendPlain(
    cloudRequest(CLOUD_ROUTES, 'cloud.auth.login', { body: { login, password } }),
  );
  return sessionOpened(services, answer.refresh);
}

/** The second step of a pending sign-in: a TOTP code or a recovery code. */
export async function secondFactor(services: AuthServices, body: SecondFactorRequest): Promise<CloudUser> {
  const answer = await services.http.sendPlain(
    cloudRequest(SIGN_IN_ROUTES, 'cloud.auth.secondFactor', { body }),
  );
  return sessionOpened(services, answer.refresh);
}

/** The error code of a failed call's answer (`{code, message}`), if any. */
export function errorCode(error: unknown): string | undefined {
  if (!(error instanceof HttpError) || error.failure.kind !== 'status') return undefined;
  const body = error.failure.body;
  if (typeof body !== 'object' || body === null) return undefined;
  const { code } = body as Record<string, unknown>;
  return typeof code === 'string' ? code : undefined;
}

export async function logOut({ http, storage }: AuthServices): Promise<void> {
  await http.request(cloudRequest(CLOUD_ROUTES, 'cloud.auth.logout', { body: {} }));
  storage.removeItem(SESSION.refreshTokenStorageKey);
}
