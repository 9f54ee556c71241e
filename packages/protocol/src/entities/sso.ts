import { z } from 'zod';

// Single sign-on with an OpenID Connect provider (authorization code flow with PKCE, state and nonce), off
// until the cloud is configured for it. The browser goes to `GET /api/auth/sso/start` (a top-level navigation,
// not a fetch); the provider sends it back to the callback, which redirects to the console with
// `?sso=ok` or `?sso=<error code>`; the console then calls `POST /api/auth/sso/finish` for the session.

/** `GET /api/auth/methods` (public): what the sign-in form offers besides the password. */
export const SignInMethods = z.object({
  /** a passkey alone (discoverable credential): always offered; the browser decides whether it has one */
  passkey: z.boolean(),
  /** "Sign in with <name>", linking to `startPath`; null when single sign-on is not set up */
  sso: z.object({ name: z.string(), startPath: z.string() }).nullable(),
});
export type SignInMethods = z.infer<typeof SignInMethods>;

/** The query parameter the callback adds to the console URL it redirects to. */
export const SSO_RESULT_PARAM = 'sso';
/** Its value when the provider's answer checked out: call `POST /api/auth/sso/finish`. Else an error code. */
export const SSO_RESULT_OK = 'ok';

/** The provider's redirect back: `code` and `state`, or `error` (and its description). */
export const SsoCallbackQuery = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  iss: z.string().max(2048).optional(),
  error: z.string().max(256).optional(),
  error_description: z.string().max(2048).optional(),
});
export type SsoCallbackQuery = z.infer<typeof SsoCallbackQuery>;

/** The httpOnly cookies of the flow: the pending authorization (10 min), then its outcome (2 min, used once). */
export const SSO_COOKIES = {
  flow: 'st_sso',
  flowTtlSeconds: 600,
  done: 'st_sso_done',
  doneTtlSeconds: 120,
} as const;

/** The callback's result after linking a provider to a signed-in user (`POST /api/auth/user/sso/link`). */
export const SSO_RESULT_LINKED = 'linked';

/** One provider identity linked to a user: who they are there, since when, when it last signed in. */
export const SsoLink = z.object({
  /** opaque id of the link (issuer and subject), for unlinking */
  id: z.string(),
  /** the provider's display name when it is the configured one, else its issuer URL */
  provider: z.string(),
  issuer: z.string(),
  subject: z.string(),
  email: z.string().nullable(),
  linkedAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type SsoLink = z.infer<typeof SsoLink>;

/** A user's links, and the provider a signed-in user may link (null when single sign-on is off). */
export const SsoLinks = z.object({
  provider: z.object({ name: z.string() }).nullable(),
  links: z.array(SsoLink),
});
export type SsoLinks = z.infer<typeof SsoLinks>;

/** Where the browser goes next to link the provider (a top-level navigation to the provider). */
export const SsoLinkStarted = z.object({ url: z.string() });
export type SsoLinkStarted = z.infer<typeof SsoLinkStarted>;

export const SsoLinkParams = z.object({ link: z.string().min(1).max(4096) });
export const UserSsoLinkParams = z.object({
  id: z.string().min(1).max(64),
  link: z.string().min(1).max(4096),
});
