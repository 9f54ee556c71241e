import { z } from 'zod';
import { UserLoginResponse } from '../entities/cloud';
import { SignInMethods, SsoCallbackQuery } from '../entities/sso';
import { route } from './define';

// Single sign-on (OpenID Connect). start and callback are browser navigations answered with 302 redirects.

const cloud = { server: 'cloud', relayable: false } as const;

export const SSO_ROUTES = {
  'cloud.auth.methods': route({
    ...cloud,
    method: 'GET',
    path: '/api/auth/methods',
    response: SignInMethods,
    summary: 'What the sign-in form offers besides the password: passkeys, "Sign in with <name>"',
  }),
  'cloud.auth.sso.start': route({
    ...cloud,
    method: 'GET',
    path: '/api/auth/sso/start',
    response: z.object({}),
    summary: "Single sign-on: redirects (302) to the provider's sign-in (authorization code with PKCE)",
  }),
  'cloud.auth.sso.callback': route({
    ...cloud,
    method: 'GET',
    path: '/api/auth/sso/callback',
    query: SsoCallbackQuery,
    response: z.object({}),
    summary: "The provider's redirect back: checks the ID token, then redirects (302) to the console",
  }),
  'cloud.auth.sso.finish': route({
    ...cloud,
    method: 'POST',
    path: '/api/auth/sso/finish',
    response: UserLoginResponse,
    summary: 'Open the session of a checked single sign-on (or answer that a second factor comes next)',
  }),
} as const;
