import { z } from 'zod';
import { OkResponse } from '../entities/common';
import {
  ApiToken,
  ApiTokenCreated,
  ApiTokenCreateRequest,
  SessionsOverview,
  SignInIdParams,
} from '../entities/signIn';
import { route } from './define';

// Cloud sign-in beyond the password (issue 38): API tokens and sessions. None of these
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
} as const;
