import { z } from 'zod';

// Optional sign-in for gateway mode (issue 14, item 9). Off by default; ST_GATEWAY_PASSWORD, or a password
// set from the console the first time, turns it on. The session is an HttpOnly, SameSite=Strict cookie.

export const GATEWAY_SESSION_COOKIE = 'st_gateway_session';
export const GATEWAY_PASSWORD_MIN_LENGTH = 8;

/** `GET /api/gateway/auth`: whether a password protects this gateway and whether the caller is signed in. */
export const GatewayAuthState = z.object({
  enabled: z.boolean(),
  signedIn: z.boolean(),
  /** the password may be set from the console (none yet, and none given by ST_GATEWAY_PASSWORD) */
  canSetPassword: z.boolean(),
});
export type GatewayAuthState = z.infer<typeof GatewayAuthState>;

/** `POST /api/gateway/auth/sign-in` */
export const GatewaySignInRequest = z.object({
  password: z.string({ error: 'The password is required' }).min(1, 'The password is required').max(256),
});
export type GatewaySignInRequest = z.infer<typeof GatewaySignInRequest>;

/** `POST /api/gateway/auth/password`: the first password, set from the console. */
export const GatewaySetPasswordRequest = z.object({
  password: z
    .string({ error: 'The password is required' })
    .min(
      GATEWAY_PASSWORD_MIN_LENGTH,
      `The password must be at least ${GATEWAY_PASSWORD_MIN_LENGTH} characters`,
    )
    .max(256),
});
export type GatewaySetPasswordRequest = z.infer<typeof GatewaySetPasswordRequest>;
