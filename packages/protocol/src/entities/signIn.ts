import { z } from 'zod';
import { Id } from './common';

// Cloud sign-in beyond the password: API tokens and signed-in sessions.

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
