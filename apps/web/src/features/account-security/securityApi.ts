import { type ApiTokenCreateRequest, SIGN_IN_ROUTES, type TotpDisableRequest } from '@st/protocol';
import type { HttpClient } from '../../api/http';
import { cloudRequest } from '../../api/routes';

/** The signed-in user's sign-in security: second factor, sessions, API tokens; the admins' sign-in rules. */
export function securityApi(http: HttpClient) {
  return {
    secondFactor: () => http.request(cloudRequest(SIGN_IN_ROUTES, 'cloud.me.secondFactor')),
    enrolTotp: () => http.request(cloudRequest(SIGN_IN_ROUTES, 'cloud.me.totp.enrol')),
    confirmTotp: (code: string) =>
      http.request(cloudRequest(SIGN_IN_ROUTES, 'cloud.me.totp.confirm', { body: { code } })),
    disableTotp: (body: TotpDisableRequest) =>
      http.request(cloudRequest(SIGN_IN_ROUTES, 'cloud.me.totp.disable', { body })),
    sessions: () => http.request(cloudRequest(SIGN_IN_ROUTES, 'cloud.me.sessions.list')),
    endSession: (id: string) =>
      http.request(cloudRequest(SIGN_IN_ROUTES, 'cloud.me.sessions.delete', { params: { id } })),
    createToken: (body: ApiTokenCreateRequest) =>
      http.request(cloudRequest(SIGN_IN_ROUTES, 'cloud.me.tokens.create', { body })),
    revokeToken: (id: string) =>
      http.request(cloudRequest(SIGN_IN_ROUTES, 'cloud.me.tokens.delete', { params: { id } })),
    signInSettings: () => http.request(cloudRequest(SIGN_IN_ROUTES, 'cloud.signIn.settings')),
    putSignInSettings: (requireSecondFactor: boolean) =>
      http.request(
        cloudRequest(SIGN_IN_ROUTES, 'cloud.signIn.settings.put', { body: { requireSecondFactor } }),
      ),
    resetSecondFactor: (id: string) =>
      http.request(cloudRequest(SIGN_IN_ROUTES, 'cloud.users.resetSecondFactor', { params: { id } })),
  };
}

export const securityKeys = {
  secondFactor: ['security', 'secondFactor'] as const,
  sessions: ['security', 'sessions'] as const,
  signIn: ['security', 'signIn'] as const,
  passkeys: ['security', 'passkeys'] as const,
  sso: ['security', 'sso'] as const,
};
