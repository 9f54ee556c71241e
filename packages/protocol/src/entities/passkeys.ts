import { z } from 'zod';
import { Id } from './common';

// Passkeys (WebAuthn): registered per user with a name; a sign-in with a passkey alone (a discoverable
// credential, no login typed) or as the second factor after the password. The option and response shapes are
// WebAuthn's JSON forms as @simplewebauthn/browser takes and gives them (startRegistration, startAuthentication).

export const PASSKEY_LIMITS = {
  nameMaxLength: 64,
  /** passkeys one user may hold at once */
  perUserMax: 20,
  /** how long a registration or sign-in challenge works, once */
  challengeTtlMs: 5 * 60_000,
} as const;

const B64url = z.string().regex(/^[A-Za-z0-9_-]*$/, 'Expected base64url text');
const Transport = z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']);
const Descriptor = z.object({
  id: B64url,
  type: z.literal('public-key'),
  transports: z.array(Transport).optional(),
});

export const PasskeyName = z
  .string({ error: 'A name is required' })
  .trim()
  .min(1, 'A name is required')
  .max(PASSKEY_LIMITS.nameMaxLength, `The name must be at most ${PASSKEY_LIMITS.nameMaxLength} characters`);

/** A registered passkey as its owner sees it (never its key). */
export const Passkey = z.object({
  id: Id,
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** multiDevice: a synced passkey (a password manager, a platform account); singleDevice: a security key */
  deviceType: z.enum(['singleDevice', 'multiDevice']),
  /** synced or backed up by the authenticator */
  backedUp: z.boolean(),
});
export type Passkey = z.infer<typeof Passkey>;

/** WebAuthn's PublicKeyCredentialCreationOptionsJSON: give it to `startRegistration({ optionsJSON })`. */
export const PasskeyCreationOptions = z.object({
  rp: z.object({ id: z.string().optional(), name: z.string() }),
  user: z.object({ id: B64url, name: z.string(), displayName: z.string() }),
  challenge: B64url,
  pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.literal('public-key') })),
  timeout: z.number().optional(),
  excludeCredentials: z.array(Descriptor).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
      requireResidentKey: z.boolean().optional(),
      residentKey: z.enum(['discouraged', 'preferred', 'required']).optional(),
      userVerification: z.enum(['discouraged', 'preferred', 'required']).optional(),
    })
    .optional(),
  attestation: z.enum(['direct', 'enterprise', 'indirect', 'none']).optional(),
  extensions: z.record(z.string(), z.unknown()).optional(),
});
export type PasskeyCreationOptions = z.infer<typeof PasskeyCreationOptions>;

/** WebAuthn's PublicKeyCredentialRequestOptionsJSON: give it to `startAuthentication({ optionsJSON })`. */
export const PasskeyRequestOptions = z.object({
  challenge: B64url,
  timeout: z.number().optional(),
  rpId: z.string().optional(),
  /** empty for a sign-in with a passkey alone: the browser offers the passkeys it holds for this site */
  allowCredentials: z.array(Descriptor).optional(),
  userVerification: z.enum(['discouraged', 'preferred', 'required']).optional(),
  extensions: z.record(z.string(), z.unknown()).optional(),
});
export type PasskeyRequestOptions = z.infer<typeof PasskeyRequestOptions>;

const ClientResults = z.record(z.string(), z.unknown());

/** What `startRegistration` resolves to (RegistrationResponseJSON). */
export const PasskeyRegistrationResponse = z.object({
  id: B64url.min(1),
  rawId: B64url.min(1),
  response: z.object({
    clientDataJSON: B64url.min(1),
    attestationObject: B64url.min(1),
    authenticatorData: B64url.optional(),
    transports: z.array(z.string()).optional(),
    publicKeyAlgorithm: z.number().optional(),
    publicKey: B64url.optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: ClientResults,
  type: z.literal('public-key'),
});
export type PasskeyRegistrationResponse = z.infer<typeof PasskeyRegistrationResponse>;

/** What `startAuthentication` resolves to (AuthenticationResponseJSON). */
export const PasskeyAuthenticationResponse = z.object({
  id: B64url.min(1),
  rawId: B64url.min(1),
  response: z.object({
    clientDataJSON: B64url.min(1),
    authenticatorData: B64url.min(1),
    signature: B64url.min(1),
    userHandle: B64url.optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: ClientResults,
  type: z.literal('public-key'),
});
export type PasskeyAuthenticationResponse = z.infer<typeof PasskeyAuthenticationResponse>;

/** `POST /api/auth/user/passkeys`: the authenticator's answer to the registration options, and a name. */
export const PasskeyRegisterRequest = z.object({
  name: PasskeyName,
  response: PasskeyRegistrationResponse,
});
export type PasskeyRegisterRequest = z.infer<typeof PasskeyRegisterRequest>;

/** The new passkey; `refresh` when the registration finished a sign-in that required a second factor. */
export const PasskeyRegistered = z.object({ passkey: Passkey, refresh: z.string().optional() });
export type PasskeyRegistered = z.infer<typeof PasskeyRegistered>;

/** `PUT /api/auth/user/passkeys/:id` */
export const PasskeyRenameRequest = z.object({ name: PasskeyName });
export type PasskeyRenameRequest = z.infer<typeof PasskeyRenameRequest>;

/** `POST /api/auth/user/passkey` (passkey alone) and `POST /api/auth/user/second-factor/passkey`. */
export const PasskeySignInRequest = z.object({ response: PasskeyAuthenticationResponse });
export type PasskeySignInRequest = z.infer<typeof PasskeySignInRequest>;

/** `GET /api/auth/user/second-factor` (with the pending-sign-in cookie): which second factors the user has. */
export const SecondFactorMethods = z.object({ totp: z.boolean(), passkey: z.boolean() });
export type SecondFactorMethods = z.infer<typeof SecondFactorMethods>;
