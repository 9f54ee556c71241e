import { z } from 'zod';
import {
  AdminUser,
  AuditEntry,
  AuditQuery,
  CurrentUser,
  GatewayIdParams,
  GatewayShare,
  InviteAcceptRequest,
  InviteIssued,
  PasswordChangeRequest,
  PasswordReset,
  ShareDeleteQuery,
  ShareRequest,
  UserCreated,
  UserCreateRequest,
  UserUpdateRequest,
} from '../entities/accounts';
import { IdParams, OkResponse } from '../entities/common';
import { route } from './define';

// Cloud accounts (issue 20): users admin, own account, gateway shares, audit trail.

const cloud = { server: 'cloud', relayable: false } as const;

export const ACCOUNT_ROUTES = {
  'cloud.me': route({
    ...cloud,
    method: 'GET',
    path: '/api/auth/me',
    response: CurrentUser,
    summary: 'The signed-in user, with the admin flag',
  }),
  'cloud.me.password': route({
    ...cloud,
    method: 'POST',
    path: '/api/auth/user/password',
    body: PasswordChangeRequest,
    response: OkResponse,
    summary: 'Change your own password (other sessions are signed out)',
  }),
  'cloud.me.logoutAll': route({
    ...cloud,
    method: 'POST',
    path: '/api/auth/user/logout-all',
    response: OkResponse,
    summary: 'Sign out of every session (every refresh family is revoked)',
  }),
  'cloud.invite.accept': route({
    ...cloud,
    method: 'POST',
    path: '/api/auth/invite',
    body: InviteAcceptRequest,
    response: OkResponse,
    summary: 'Set the password of an invited user with the invite token',
  }),
  'cloud.users.list': route({
    ...cloud,
    method: 'GET',
    path: '/api/users',
    response: z.array(AdminUser),
    summary: 'Every user (admins only)',
  }),
  'cloud.users.create': route({
    ...cloud,
    method: 'POST',
    path: '/api/users',
    body: UserCreateRequest,
    response: UserCreated,
    successStatus: 201,
    summary: 'Create a user with a one-time password or an invite token (admins only)',
  }),
  'cloud.users.update': route({
    ...cloud,
    method: 'PUT',
    path: '/api/users/:id',
    params: IdParams,
    body: UserUpdateRequest,
    response: AdminUser,
    summary: 'Disable, enable, make or unmake an admin (admins only)',
  }),
  'cloud.users.resetPassword': route({
    ...cloud,
    method: 'POST',
    path: '/api/users/:id/password',
    params: IdParams,
    response: PasswordReset,
    summary: "Reset a user's password to a new one-time password (admins only)",
  }),
  'cloud.shares.put': route({
    ...cloud,
    method: 'POST',
    path: '/api/gateway/management/share',
    body: ShareRequest,
    response: GatewayShare,
    summary: 'Share a gateway with a user by login, or change the role or expiry (owners)',
  }),
  'cloud.shares.list': route({
    ...cloud,
    method: 'GET',
    path: '/api/gateway/management/shares/:gatewayId',
    params: GatewayIdParams,
    response: z.array(GatewayShare),
    summary: "A gateway's members and their roles (owners)",
  }),
  'cloud.shares.delete': route({
    ...cloud,
    method: 'DELETE',
    path: '/api/gateway/management/share',
    query: ShareDeleteQuery,
    response: OkResponse,
    summary: 'Revoke a share (owners); its live channels end',
  }),
  'cloud.audit': route({
    ...cloud,
    method: 'GET',
    path: '/api/audit',
    query: AuditQuery,
    response: z.array(AuditEntry),
    summary: "The audit trail: an owner's gateways, or everything for admins; CSV with format=csv",
  }),
  'cloud.users.invite': route({
    ...cloud,
    method: 'POST',
    path: '/api/users/:id/invite',
    params: IdParams,
    response: InviteIssued,
    summary:
      'Issue a new invite link to a user who has not set a password yet; the old one stops working (admins only)',
  }),
} as const;
