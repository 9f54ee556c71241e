import { z } from 'zod';
import { UserLoginResponse } from '../entities/cloud';
import { OkResponse } from '../entities/common';
import {
  SignInMethods,
  SsoCallbackQuery,
  SsoLinkParams,
  SsoLinkStarted,
  SsoLinks,
  UserSsoLinkParams,
} from '../entities/sso';
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
  'cloud.me.sso.list': route({
    ...cloud,
    method: 'GET',
    path: '/api/auth/user/sso',
    response: SsoLinks,
    summary: 'The signed-in user\u2019s single sign-on links (provider, subject, e-mail, linked, last used)',
  }),
  'cloud.me.sso.link': route({
    ...cloud,
    method: 'POST',
    path: '/api/auth/user/sso/link',
    response: SsoLinkStarted,
    summary: 'Start linking the provider to the signed-in user: answers the URL to go to (then ?sso=linked)',
  }),
  'cloud.me.sso.unlink': route({
    ...cloud,
    method: 'DELETE',
    path: '/api/auth/user/sso/:link',
    params: SsoLinkParams,
    response: OkResponse,
    summary: 'Unlink one provider identity (refused when it is the last way to sign in)',
  }),
  'cloud.users.sso.list': route({
    ...cloud,
    method: 'GET',
    path: '/api/users/:id/sso',
    params: z.object({ id: UserSsoLinkParams.shape.id }),
    response: SsoLinks,
    summary: "A user's single sign-on links (admins only)",
  }),
  'cloud.users.sso.unlink': route({
    ...cloud,
    method: 'DELETE',
    path: '/api/users/:id/sso/:link',
    params: UserSsoLinkParams,
    response: OkResponse,
    summary: "Unlink one of a user's provider identities (admins only; refused when it is their last way in)",
  }),
} as const;
