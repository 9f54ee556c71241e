import { ApiError, type ErrorCode, type RouteName, routeDef, SSO_COOKIES } from '@st/protocol';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type FlowLink, type OidcClient, OidcFailure } from './oidc';
import type { SsoPolicy } from './policy';

/** Single sign-on as configured; undefined where it is off. */
export interface SsoSettings {
  oidc: OidcClient;
  issuer: string;
  name: string;
  policy: SsoPolicy;
  createUsers: boolean;
  /** where the console is: the callback redirects there with ?sso=… */
  consoleUrl: string;
}

/** The flow cookies ride the provider's top-level redirect back (a cross-site GET): SameSite=Lax, not Strict. */
export function ssoCookie(req: FastifyRequest, name: string, value: string, maxAge: number): string {
  const secure = req.protocol === 'https' ? '; Secure' : '';
  return `${name}=${value}; Path=/api/auth/sso; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`;
}

/** A callback that did not sign in or link: its code goes back to the console, its detail to the audit. */
export class Refused extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly detail: string,
    readonly login?: string,
  ) {
    super(detail);
  }
}

export function doc(name: RouteName) {
  const r = routeDef(name);
  return { summary: r.summary, response: { [r.successStatus ?? 200]: r.response } };
}

/** Starts a flow at the provider (a sign-in, or a link): sets the flow cookie, answers the provider's URL. */
export async function startFlow(
  req: FastifyRequest,
  reply: FastifyReply,
  oidc: OidcClient,
  link?: FlowLink,
): Promise<string> {
  let started: { url: string; flowCookie: string };
  try {
    started = await oidc.start(link);
  } catch (err) {
    if (err instanceof OidcFailure) throw new ApiError('SSO_PROVIDER_UNREACHABLE');
    throw err;
  }
  reply.header(
    'set-cookie',
    ssoCookie(req, SSO_COOKIES.flow, started.flowCookie, SSO_COOKIES.flowTtlSeconds),
  );
  reply.header('cache-control', 'no-store');
  return started.url;
}
