import type { AuditQuery, GatewayRole, UserCreateRequest, UserUpdateRequest } from '@st/protocol';
import { ACCOUNT_ROUTES } from '@st/protocol';
import type { HttpClient } from '../../api/http';
import { cloudRequest } from '../../api/routes';

/** The cloud's account calls: the signed-in user, users admin, gateway shares, the audit trail. */
export function accountsApi(http: HttpClient) {
  return {
    me: () => http.request(cloudRequest(ACCOUNT_ROUTES, 'cloud.me')),
    changePassword: (currentPassword: string, newPassword: string) =>
      http.request(
        cloudRequest(ACCOUNT_ROUTES, 'cloud.me.password', { body: { currentPassword, newPassword } }),
      ),
    logoutAll: () => http.request(cloudRequest(ACCOUNT_ROUTES, 'cloud.me.logoutAll')),
    acceptInvite: (token: string, password: string) =>
      http.request(cloudRequest(ACCOUNT_ROUTES, 'cloud.invite.accept', { body: { token, password } })),
    users: () => http.request(cloudRequest(ACCOUNT_ROUTES, 'cloud.users.list')),
    createUser: (body: Partial<UserCreateRequest> & { login: string }) =>
      http.request(cloudRequest(ACCOUNT_ROUTES, 'cloud.users.create', { body })),
    updateUser: (id: string, body: UserUpdateRequest) =>
      http.request(cloudRequest(ACCOUNT_ROUTES, 'cloud.users.update', { params: { id }, body })),
    resetPassword: (id: string) =>
      http.request(cloudRequest(ACCOUNT_ROUTES, 'cloud.users.resetPassword', { params: { id } })),
    reinvite: (id: string) =>
      http.request(cloudRequest(ACCOUNT_ROUTES, 'cloud.users.invite', { params: { id } })),
    shares: (gatewayId: string) =>
      http.request(cloudRequest(ACCOUNT_ROUTES, 'cloud.shares.list', { params: { gatewayId } })),
    share: (gatewayId: string, login: string, role: GatewayRole, expiresAt: number | null) =>
      http.request(
        cloudRequest(ACCOUNT_ROUTES, 'cloud.shares.put', { body: { gatewayId, login, role, expiresAt } }),
      ),
    unshare: (gatewayId: string, login: string) =>
      http.request(cloudRequest(ACCOUNT_ROUTES, 'cloud.shares.delete', { query: { gatewayId, login } })),
    audit: (query: Partial<AuditQuery>) =>
      http.request(cloudRequest(ACCOUNT_ROUTES, 'cloud.audit', { query })),
  };
}

export const accountKeys = {
  me: ['accounts', 'me'] as const,
  users: ['accounts', 'users'] as const,
  shares: (gatewayId: string) => ['accounts', 'shares', gatewayId] as const,
  audit: (filters: unknown) => ['accounts', 'audit', filters] as const,
};
