import { z } from 'zod';
import { Id } from './common';

// Cloud accounts (issue 20): users and admins, gateway shares with roles, the audit trail.

/** viewer: reads. operator: also writes (actions, config, OTA). owner: also renames, deletes, tokens, shares. */
export const GatewayRole = z.enum(['viewer', 'operator', 'owner']);
export type GatewayRole = z.infer<typeof GatewayRole>;

export const ROLE_RANK: Record<GatewayRole, number> = { viewer: 1, operator: 2, owner: 3 };

export const UserLogin = z
  .string({ error: 'Login is required' })
  .trim()
  .min(1, 'Login is required')
  .max(64, 'Login must be at most 64 characters');

export const NewPassword = z
  .string({ error: 'Password is required' })
  .min(8, 'The password must be at least 8 characters')
  .max(256, 'The password must be at most 256 characters');

/** `POST /api/gateway/management/share`: grant, or change the role or expiry of, a share. */
export const ShareRequest = z.object({
  gatewayId: Id,
  login: UserLogin,
  role: GatewayRole,
  /** epoch ms; absent or null: no expiry */
  expiresAt: z.number().int().positive().nullable().optional(),
});
export type ShareRequest = z.infer<typeof ShareRequest>;

export const ShareDeleteQuery = z.object({ gatewayId: Id, login: UserLogin });
export type ShareDeleteQuery = z.infer<typeof ShareDeleteQuery>;

export const GatewayIdParams = z.object({ gatewayId: Id });
export type GatewayIdParams = z.infer<typeof GatewayIdParams>;

/** One member of a gateway. The creator is listed with `creator: true` (their role cannot be changed). */
export const GatewayShare = z.object({
  login: z.string(),
  role: GatewayRole,
  expiresAt: z.number().nullable(),
  creator: z.boolean(),
  grantedBy: z.string().nullable(),
});
export type GatewayShare = z.infer<typeof GatewayShare>;

/** A user as an admin sees them. */
export const AdminUser = z.object({
  id: Id,
  login: z.string(),
  admin: z.boolean(),
  disabled: z.boolean(),
  /** an invite was sent and no password set yet */
  invited: z.boolean(),
  /** epoch ms after which the pending invite link no longer works (null without a pending invite) */
  inviteExpiresAt: z.number().nullable(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof AdminUser>;

/** `POST /api/users`: with `invite`, the answer holds an invite token instead of a one-time password. */
export const UserCreateRequest = z.object({
  login: UserLogin,
  admin: z.boolean().default(false),
  invite: z.boolean().default(false),
});
export type UserCreateRequest = z.infer<typeof UserCreateRequest>;

/** The secret is shown once: a one-time password or an invite token (the console makes the link). */
export const UserCreated = z.object({
  user: AdminUser,
  password: z.string().optional(),
  inviteToken: z.string().optional(),
});
export type UserCreated = z.infer<typeof UserCreated>;

export const UserUpdateRequest = z.object({
  admin: z.boolean().optional(),
  disabled: z.boolean().optional(),
});
export type UserUpdateRequest = z.infer<typeof UserUpdateRequest>;

/** `POST /api/users/{id}/invite`: a new invite link for a user who has not set a password yet. */
export const InviteIssued = z.object({ user: AdminUser, inviteToken: z.string() });
export type InviteIssued = z.infer<typeof InviteIssued>;

export const PasswordReset = z.object({ password: z.string() });
export type PasswordReset = z.infer<typeof PasswordReset>;

export const PasswordChangeRequest = z.object({
  currentPassword: z.string().min(1, 'The current password is required'),
  newPassword: NewPassword,
});
export type PasswordChangeRequest = z.infer<typeof PasswordChangeRequest>;

export const InviteAcceptRequest = z.object({ token: z.string().min(1), password: NewPassword });
export type InviteAcceptRequest = z.infer<typeof InviteAcceptRequest>;

/** `GET /api/auth/me`: the signed-in user with their admin flag. */
export const CurrentUser = z.object({
  id: Id,
  login: z.string(),
  admin: z.boolean(),
  /** signed in with a one-time password (made or reset by an admin): only a password change is allowed */
  mustChangePassword: z.boolean().default(false),
});
export type CurrentUser = z.infer<typeof CurrentUser>;

export const AUDIT_ACTIONS = [
  'auth.login',
  'auth.loginFailed',
  'auth.logoutAll',
  'auth.passwordChanged',
  'user.created',
  'user.updated',
  'user.passwordReset',
  'user.inviteAccepted',
  'token.created',
  'token.deleted',
  'gateway.created',
  'gateway.renamed',
  'gateway.deleted',
  'share.granted',
  'share.revoked',
  'share.expired',
  'relay.request',
  'relay.device',
  'auth.oneTimePasswordChanged',
  'user.inviteReissued',
  'user.inviteExpired',
  'apiToken.created',
  'apiToken.revoked',
  'apiToken.used',
  'session.ended',
  'auth.secondFactorFailed',
  'totp.enabled',
  'totp.disabled',
  'totp.reset',
  'signIn.settingsChanged',
  'passkey.registered',
  'passkey.renamed',
  'passkey.removed',
  'auth.passkeyFailed',
  'sso.linked',
  'sso.unlinked',
  'sso.userCreated',
  'auth.ssoFailed',
  'gateway.tagged',
  'rollout.created',
  'rollout.paused',
  'rollout.resumed',
  'rollout.cancelled',
  'rollout.retried',
  'rollout.deleted',
] as const;
export const AuditAction = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof AuditAction>;

/** One line of the audit trail. `outcome`: an HTTP status, or `denied` when the cloud refused it. */
export const AuditEntry = z.object({
  id: z.string(),
  at: z.string(),
  action: AuditAction,
  actor: z.string().nullable(),
  gatewayId: z.string().nullable(),
  device: z.string().nullable(),
  command: z.string().nullable(),
  detail: z.string().nullable(),
  outcome: z.string(),
  durationMs: z.number().nullable(),
  address: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

const epochMs = z.coerce.number().int().nonnegative();

/** `GET /api/audit`: newest first; `from`/`to` in epoch ms; `format=csv` for a file. */
export const AuditQuery = z.object({
  gatewayId: Id.optional(),
  from: epochMs.optional(),
  to: epochMs.optional(),
  action: AuditAction.optional(),
  actor: z.string().trim().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(5000).default(500),
  format: z.enum(['json', 'csv']).default('json'),
});
export type AuditQuery = z.infer<typeof AuditQuery>;
