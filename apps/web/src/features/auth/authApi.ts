import { CLOUD_ROUTES, type CloudUser, SESSION } from '@st/protocol';
import { cloudRequest } from '../../api/routes';
import type { Services } from '../../app/services';

type AuthServices = Pick<Services, 'http' | 'storage'>;

/** The signed-in user of the current cookie session (renewed once through the refresh token if needed). */
export async function currentUser({ http }: AuthServices): Promise<CloudUser> {
  const auth = await http.request(cloudRequest(CLOUD_ROUTES, 'cloud.auth.current'));
  return auth.user;
}

/** Signs in: the old refresh token goes first (spec), the new one is kept, then the user is read back. */
export async function logIn(services: AuthServices, login: string, password: string): Promise<CloudUser> {
  const { http, storage } = services;
  storage.removeItem(SESSION.refreshTokenStorageKey);
  const answer = await http.sendPlain(
    cloudRequest(CLOUD_ROUTES, 'cloud.auth.login', { body: { login, password } }),
  );
  storage.setItem(SESSION.refreshTokenStorageKey, answer.refresh);
  return currentUser(services);
}

export async function logOut({ http, storage }: AuthServices): Promise<void> {
  await http.request(cloudRequest(CLOUD_ROUTES, 'cloud.auth.logout', { body: {} }));
  storage.removeItem(SESSION.refreshTokenStorageKey);
}
