import { z } from 'zod';
import { UserLoginResponse } from '../entities/cloud';
import { OkResponse } from '../entities/common';
import {
  ApiToken,
  ApiTokenCreated,
  ApiTokenCreateRequest,
  SecondFactorRequest,
  SecondFactorStatus,
  SessionsOverview,
  SignInIdParams,
  SignInSettings,
  TotpConfirmed,
  TotpConfirmRequest,
  TotpDisableRequest,
  TotpEnrolment,
} from '../entities/signIn';
import { route } from './define';

// Cloud sign-in beyond the password (issue 38): API tokens, sessions, the TOTP second factor. None of these
// accepts an API token: they manage the account itself.

const cloud = { server: 'cloud', relayable: false } as const;

export const SIGN_IN_ROUTES = {
  'cloud.me.tokens.list': route({
    ...cloud,
    method: 'GET',
    path: '/api/auth/user/tokens',
    response: z.array(ApiToken),
    summary: 'Your API tokens (never their secrets), with their last use',
  }),
  'cloud.me.tokens.create': route({
    ...cloud,
    method: 'POST',
    path: '/api/auth/user/tokens',
    body: ApiTokenCreateRequest,
    response: ApiTokenCreated,
    successStatus: 201,
    summary:
      'Create an API token (read or operate, optionally for some gateways, with an expiry); shown once',
  }),
  'cloud.me.tokens.delete': route({
    ...cloud,
    method: 'DELETE',
    path: '/api/auth/user/tokens/:id',
    params: SignInIdParams,
    response: OkResponse,
    summary: 'Revoke an API token: it stops working at once',
  }),
  'cloud.me.sessions.list': route({
    ...cloud,
    method: 'GET',
    path: '/api/auth/user/sessions',
    response: SessionsOverview,
    summary: 'Your signed-in sessions (device, address, last seen) and your API tokens',
  }),
  'cloud.me.sessions.delete': route({
    ...cloud,
    method: 'DELETE',
    path: '/api/auth/user/sessions/:id',
    params: SignInIdParams,
    response: OkResponse,
    summary: 'End a signed-in session: its HTTP calls and live channel stop at once',
  }),
  'cloud.auth.secondFactor': route({
    ...cloud,
    method: 'POST',
    path: '/api/auth/user/second-factor',
    body: SecondFactorRequest,
    response: UserLoginResponse,
    summary: 'Second step of a sign-in: a TOTP code or a recovery code (rate-limited with the login limits)',
  }),
  'cloud.me.secondFactor': route({
    ...cloud,
    method: 'GET',
    path: '/api/auth/user/totp',
    response: SecondFactorStatus,
    summary: 'Whether your second factor is on, and how many recovery codes are left',
  }),
  'cloud.me.totp.enrol': route({
    ...cloud,
    method: 'POST',
    path: '/api/auth/user/totp/enrol',
    response: TotpEnrolment,
    summary: 'Start setting up a TOTP second factor (signed in, or at a sign-in that requires one)',
  }),
  'cloud.me.totp.confirm': route({
    ...cloud,
    method: 'POST',
    path: '/api/auth/user/totp/confirm',
    body: TotpConfirmRequest,
    response: TotpConfirmed,
    summary: 'Turn the second factor on with a first code; answers ten recovery codes, shown once',
  }),
  'cloud.me.totp.disable': route({
    ...cloud,
    method: 'DELETE',
    path: '/api/auth/user/totp',
    body: TotpDisableRequest,
    response: OkResponse,
    summary: 'Turn your second factor off (password and a code); your other sessions end',
  }),
  'cloud.users.resetSecondFactor': route({
    ...cloud,
    method: 'DELETE',
    path: '/api/users/:id/totp',
    params: SignInIdParams,
    response: OkResponse,
    summary: "Remove a user's second factor (admins only); their sessions end",
  }),
  'cloud.signIn.settings': route({
    ...cloud,
    method: 'GET',
    path: '/api/security/sign-in',
    response: SignInSettings,
    summary: 'Sign-in settings: whether a second factor is required of everyone (admins only)',
  }),
  'cloud.signIn.settings.put': route({
    ...cloud,
    method: 'PUT',
    path: '/api/security/sign-in',
    body: SignInSettings,
    response: SignInSettings,
    summary: 'Require a second factor of everyone, or not (admins only)',
  }),
} as const;
