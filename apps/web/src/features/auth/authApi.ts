import { CloudAuthentication, type CloudUser, SESSION, UserLoginResponse } from '@st/protocol';
import { z } from 'zod';
import type { Services } from '../../app/services';

type AuthServices = Pick<Services, 'http' | 'storage'>;

/** The signed-in user of the current cookie session (renewed once through the refresh token if needed). */
export async function currentUser({ http }: AuthServices): Promise<CloudUser> {
  const auth = await http.request({ method: 'GET', path: '/api/auth', schema: CloudAuthentication });
  return auth.user;
}

/** Signs in: the old refresh token goes first (spec), the new one is kept, then the user is read back. */
export async function logIn(services: AuthServices, login: string, password: string): Promise<CloudUser> {
  const { http, storage } = services;
  storage.removeItem(SESSION.refreshTokenStorageKey);
  const answer = await http.sendPlain({
    method: 'POST',
    path: '/api/auth/user',
    body: { login, password },
    schema: UserLoginResponse,
  });
  storage.setItem(SESSION.refreshTokenStorageKey, answer.refresh);
  return currentUser(services);
}

export async function logOut({ http, storage }: AuthServices): Promise<void> {
  await http.request({ method: 'POST', path: '/api/auth/user/logout', body: {}, schema: z.unknown() });
  storage.removeItem(SESSION.refreshTokenStorageKey);
}
