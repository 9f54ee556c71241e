import { z } from 'zod';
import { Id } from './common';

// Cloud sign-in beyond the password: API tokens, signed-in sessions, the TOTP second factor.

/** read: what a viewer may do; operate: what an operator may do. Never more than the user's own role. */
export const ApiTokenScope = z.enum(['read', 'operate']);
export type ApiTokenScope = z.infer<typeof ApiTokenScope>;

/** An API token is sent as `Authorization: Bearer <secret>`; secrets start with this prefix. */
export const API_TOKEN_PREFIX = 'sta_';

export const API_TOKEN_LIMITS = {
  nameMaxLength: 64,
  /** gateways one token may be limited to */
  gatewaysMax: 100,
  /** the latest expiry a token may get, from its creation */
  maxLifetimeMs: 366 * 86_400_000,
  /** tokens one user may hold at once */
  perUserMax: 50,
} as const;

/** `POST /api/auth/user/tokens` */
export const ApiTokenCreateRequest = z.object({
  name: z
    .string({ error: 'A name is required' })
    .trim()
    .min(1, 'A name is required')
    .max(
      API_TOKEN_LIMITS.nameMaxLength,
      `The name must be at most ${API_TOKEN_LIMITS.nameMaxLength} characters`,
    ),
  scope: ApiTokenScope,
  /** absent or null: every gateway the user may reach; else only these */
  gatewayIds: z
    .array(Id)
    .min(1, 'List at least one gateway, or leave the list out for all')
    .max(API_TOKEN_LIMITS.gatewaysMax)
    .nullable()
    .optional(),
  /** epoch ms, in the future and at most 366 days ahead */
  expiresAt: z.number({ error: 'An expiry is required' }).int().positive(),
});
export type ApiTokenCreateRequest = z.infer<typeof ApiTokenCreateRequest>;

/** A token as its owner sees it (never its secret). */
export const ApiToken = z.object({
  id: Id,
  name: z.string(),
  scope: ApiTokenScope,
  gatewayIds: z.array(Id).nullable(),
  createdAt: z.string(),
  /** epoch ms */
  expiresAt: z.number(),
  lastUsedAt: z.string().nullable(),
  lastUsedAddress: z.string().nullable(),
});
export type ApiToken = z.infer<typeof ApiToken>;

/** The secret is shown once, in this answer. */
export const ApiTokenCreated = z.object({ token: ApiToken, secret: z.string() });
export type ApiTokenCreated = z.infer<typeof ApiTokenCreated>;

/** One signed-in session (a refresh-token family). */
export const SignedInSession = z.object({
  id: Id,
  /** the session this request came with */
  current: z.boolean(),
  /** e.g. "Firefox on Linux", from the user agent at sign-in */
  device: z.string(),
  userAgent: z.string().nullable(),
  address: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
});
export type SignedInSession = z.infer<typeof SignedInSession>;

/** `GET /api/auth/user/sessions`: the signed-in sessions and the API tokens. */
export const SessionsOverview = z.object({
  sessions: z.array(SignedInSession),
  tokens: z.array(ApiToken),
});
export type SessionsOverview = z.infer<typeof SessionsOverview>;

export const SignInIdParams = z.object({ id: Id });

/** Six digits of a TOTP code (RFC 6238, SHA-1, 30 s). */
export const TotpCode = z
  .string({ error: 'A code is required' })
  .trim()
  .regex(/^\d{6}$/, 'The code is six digits');

/** A recovery code as shown (xxxxx-xxxxx); the dash, spaces and case are ignored. */
export const RecoveryCode = z
  .string({ error: 'A recovery code is required' })
  .trim()
  .min(8, 'Not a recovery code')
  .max(32, 'Not a recovery code');

/** `POST /api/auth/user/totp/enrol`: a new secret, not in use until a first code confirms it. */
export const TotpEnrolment = z.object({
  /** otpauth://totp/... for an authenticator app's QR code */
  uri: z.string(),
  /** the secret as base32 text, to type in by hand */
  secret: z.string(),
});
export type TotpEnrolment = z.infer<typeof TotpEnrolment>;

/** `POST /api/auth/user/totp/confirm`: the first code of the enrolled secret turns the second factor on. */
export const TotpConfirmRequest = z.object({ code: TotpCode });
export type TotpConfirmRequest = z.infer<typeof TotpConfirmRequest>;

/** Ten single-use recovery codes, shown once; `refresh` when the confirmation finished a sign-in. */
export const TotpConfirmed = z.object({
  recoveryCodes: z.array(z.string()),
  refresh: z.string().optional(),
});
export type TotpConfirmed = z.infer<typeof TotpConfirmed>;

/** `DELETE /api/auth/user/totp`: turning the second factor off needs the password and a code. */
export const TotpDisableRequest = z.object({
  password: z.string().min(1, 'The password is required'),
  code: z.string().trim().min(1, 'A code or a recovery code is required').max(32),
});
export type TotpDisableRequest = z.infer<typeof TotpDisableRequest>;

/**
 * The second step of a sign-in. The password step answers 401 SECOND_FACTOR_REQUIRED (or 403
 * SECOND_FACTOR_ENROL_REQUIRED when an administrator requires a second factor the user has not set up) and sets
 * the short-lived pending-sign-in cookie (PENDING_SIGN_IN), which this step and enrolment at sign-in read. It is
 * no session: it opens nothing but these routes.
 */
export const SecondFactorRequest = z
  .object({ code: TotpCode.optional(), recoveryCode: RecoveryCode.optional() })
  .refine((r) => (r.code === undefined) !== (r.recoveryCode === undefined), {
    message: 'Send either a code or a recovery code',
    path: ['code'],
  });
export type SecondFactorRequest = z.infer<typeof SecondFactorRequest>;

/** The signed-in user's second factor. */
export const SecondFactorStatus = z.object({
  totp: z.boolean(),
  recoveryCodesLeft: z.number().int().nonnegative(),
  /** an administrator requires a second factor of everyone */
  required: z.boolean(),
});
export type SecondFactorStatus = z.infer<typeof SecondFactorStatus>;

/** `GET/PUT /api/security/sign-in` (admins). */
export const SignInSettings = z.object({ requireSecondFactor: z.boolean() });
export type SignInSettings = z.infer<typeof SignInSettings>;

/** The httpOnly cookie of a pending sign-in (password checked, second factor not yet): five minutes. */
export const PENDING_SIGN_IN = { cookieName: 'st_pending', ttlSeconds: 300 } as const;
