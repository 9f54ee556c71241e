import {
  type CloudUser,
  PASSKEY_ROUTES,
  type PasskeyAuthenticationResponse,
  type PasskeyRequestOptions,
  type SecondFactorMethods,
  type SignInMethods,
  SSO_ROUTES,
} from '@st/protocol';
import { cloudRequest } from '../../api/routes';
import type { Services } from '../../app/services';
import { sessionOpened } from './authApi';

type AuthServices = Pick<Services, 'http' | 'storage'>;

// (the WebAuthn library loads only when a passkey is used)
const webauthn = () => import('@simplewebauthn/browser');

/** The browser's answer to request options, as the cloud reads it. */
async function authenticate(optionsJSON: PasskeyRequestOptions): Promise<PasskeyAuthenticationResponse> {
  const { startAuthentication } = await webauthn();
  const answer = await startAuthentication({ optionsJSON });
  return { ...answer, clientExtensionResults: { ...answer.clientExtensionResults } };
}

/** What the sign-in form offers besides the password (public). */
export function signInMethods({ http }: AuthServices): Promise<SignInMethods> {
  return http.sendPlain(cloudRequest(SSO_ROUTES, 'cloud.auth.methods'));
}

/** A sign-in with a passkey alone: the browser offers the passkeys it holds for this site. */
export async function signInWithPasskey(services: AuthServices): Promise<CloudUser> {
  const { http } = services;
  const optionsJSON = await http.sendPlain(cloudRequest(PASSKEY_ROUTES, 'cloud.auth.passkey.options'));
  const response = await authenticate(optionsJSON);
  const answer = await http.sendPlain(
    cloudRequest(PASSKEY_ROUTES, 'cloud.auth.passkey', { body: { response } }),
  );
  return sessionOpened(services, answer.refresh);
}

/** At the second step of a sign-in: which second factors the user has. */
export function secondFactorMethods({ http }: AuthServices): Promise<SecondFactorMethods> {
  return http.sendPlain(cloudRequest(PASSKEY_ROUTES, 'cloud.auth.secondFactor.methods'));
}

/** The second step with one of the user's passkeys. */
export async function passkeySecondFactor(services: AuthServices): Promise<CloudUser> {
  const { http } = services;
  const optionsJSON = await http.sendPlain(
    cloudRequest(PASSKEY_ROUTES, 'cloud.auth.secondFactor.passkeyOptions'),
  );
  const response = await authenticate(optionsJSON);
  const answer = await http.sendPlain(
    cloudRequest(PASSKEY_ROUTES, 'cloud.auth.secondFactor.passkey', { body: { response } }),
  );
  return sessionOpened(services, answer.refresh);
}

/** After the single sign-on provider sent the browser back with `?sso=ok`: opens the session. */
export async function finishSso(services: AuthServices): Promise<CloudUser> {
  const answer = await services.http.sendPlain(cloudRequest(SSO_ROUTES, 'cloud.auth.sso.finish'));
  return sessionOpened(services, answer.refresh);
}

/** A passkey prompt the person closed or that timed out (no error to report). */
export const passkeyCancelled = (error: unknown) =>
  error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');
