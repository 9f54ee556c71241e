import { z } from 'zod';
import { UserLoginResponse } from '../entities/cloud';
import { OkResponse } from '../entities/common';
import {
  Passkey,
  PasskeyCreationOptions,
  PasskeyRegistered,
  PasskeyRegisterRequest,
  PasskeyRenameRequest,
  PasskeyRequestOptions,
  PasskeySignInRequest,
  SecondFactorMethods,
} from '../entities/passkeys';
import { SignInIdParams } from '../entities/signIn';
import { route } from './define';

// Passkeys (WebAuthn). Managing them needs a signed-in session (never an API token); registering also works
// with the pending-sign-in cookie when an administrator requires a second factor the user has not set up.

const cloud = { server: 'cloud', relayable: false } as const;

export const PASSKEY_ROUTES = {
  'cloud.me.passkeys.list': route({
    ...cloud,
    method: 'GET',
    path: '/api/auth/user/passkeys',
    response: z.array(Passkey),
    summary: 'Your passkeys (name, created, last used)',
  }),
  'cloud.me.passkeys.options': route({
    ...cloud,
    method: 'POST',
    path: '/api/auth/user/passkeys/options',
    response: PasskeyCreationOptions,
    summary: 'Start registering a passkey: WebAuthn creation options with a single-use challenge (5 min)',
  }),
  'cloud.me.passkeys.register': route({
    ...cloud,
    method: 'POST',
    path: '/api/auth/user/passkeys',
    body: PasskeyRegisterRequest,
    response: PasskeyRegistered,
    successStatus: 201,
    summary: "Register a passkey with a name from the authenticator's answer; your other sessions end",
  }),
  'cloud.me.passkeys.rename': route({
    ...cloud,
    method: 'PUT',
    path: '/api/auth/user/passkeys/:id',
    params: SignInIdParams,
    body: PasskeyRenameRequest,
    response: Passkey,
    summary: 'Rename one of your passkeys',
  }),
  'cloud.me.passkeys.delete': route({
    ...cloud,
    method: 'DELETE',
    path: '/api/auth/user/passkeys/:id',
    params: SignInIdParams,
    response: OkResponse,
    summary: 'Remove one of your passkeys: it no longer signs in; your other sessions end',
  }),
  'cloud.auth.passkey.options': route({
    ...cloud,
    method: 'POST',
    path: '/api/auth/user/passkey/options',
    response: PasskeyRequestOptions,
    summary: 'Start a sign-in with a passkey alone: WebAuthn request options with a single-use challenge',
  }),
  'cloud.auth.passkey': route({
    ...cloud,
    method: 'POST',
    path: '/api/auth/user/passkey',
    body: PasskeySignInRequest,
    response: UserLoginResponse,
    summary: 'Sign in with a passkey alone (user verification required): opens a session',
  }),
  'cloud.auth.secondFactor.methods': route({
    ...cloud,
    method: 'GET',
    path: '/api/auth/user/second-factor',
    response: SecondFactorMethods,
    summary: 'At the second step of a sign-in: which second factors the user has (TOTP, passkey)',
  }),
  'cloud.auth.secondFactor.passkeyOptions': route({
    ...cloud,
    method: 'POST',
    path: '/api/auth/user/second-factor/passkey/options',
    response: PasskeyRequestOptions,
    summary: "At the second step of a sign-in: WebAuthn request options for the user's passkeys",
  }),
  'cloud.auth.secondFactor.passkey': route({
    ...cloud,
    method: 'POST',
    path: '/api/auth/user/second-factor/passkey',
    body: PasskeySignInRequest,
    response: UserLoginResponse,
    summary: 'Second step of a sign-in with one of your passkeys: opens the session',
  }),
} as const;
