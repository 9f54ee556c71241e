import { PASSKEY_ROUTES, type PasskeyRegistered, type PasskeyRegistrationResponse } from '@st/protocol';
import type { HttpClient } from '../../api/http';
import { cloudRequest } from '../../api/routes';

/** The authenticator's answer to creation options, as the cloud reads it (the library loads on use). */
export async function register(
  optionsJSON: Parameters<typeof import('@simplewebauthn/browser').startRegistration>[0]['optionsJSON'],
): Promise<PasskeyRegistrationResponse> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  const answer = await startRegistration({ optionsJSON });
  return { ...answer, clientExtensionResults: { ...answer.clientExtensionResults } };
}

/** The user closed the browser's prompt (or it timed out): no error to show. */
export const cancelled = (error: unknown) =>
  error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');

/**
 * Registers a new passkey named `name`: the cloud's options, the browser's prompt, the cloud's check. `plain`:
 * at a sign-in (no session to renew yet; the answer then carries the new session's refresh token).
 */
export async function createPasskey(
  http: HttpClient,
  name: string,
  plain = false,
): Promise<PasskeyRegistered> {
  const send = plain ? http.sendPlain.bind(http) : http.request.bind(http);
  const options = await send(cloudRequest(PASSKEY_ROUTES, 'cloud.me.passkeys.options'));
  const response = await register(options);
  return send(
    cloudRequest(PASSKEY_ROUTES, 'cloud.me.passkeys.register', { body: { name: name.trim(), response } }),
  );
}
