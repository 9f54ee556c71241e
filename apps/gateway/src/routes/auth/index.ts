import { ApiError, GATEWAY_ROUTES } from '@st/protocol';
import { type HttpApp, isApiLikePath } from '@st/server-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RELAY_SECRET, RELAYED_SECRET_HEADER } from '../../cloud/requests';
import { type GatewayAuth, needsSession } from '../../services/auth/gatewayAuth';
import { PUBLIC_ROUTE } from '../../services/auth/publicRoute';

/**
 * The guard: with a password set, every API route not flagged PUBLIC_ROUTE answers 401
 * GATEWAY_SIGN_IN_REQUIRED without a session cookie, and so does any unmatched API-like path. It decides on
 * the route the router matched (needsSession), never on the URL's text. Relayed requests (the cloud checked
 * its user) carry the process's relay secret and pass. Register it before any route or plugin.
 */
export function registerSignInGuard(app: HttpApp, auth: GatewayAuth): void {
  app.addHook('onRequest', async (req) => {
    // An API path with an empty or dot segment (`/api/devices/settings//`, `/api/rollouts/./`) is no route's
    // spelling, even where the router would read the segment as a parameter: it is answered as an unmatched
    // API path.
    const path = req.url.split(/[?#]/, 1)[0] ?? req.url;
    const unmatched = hasOddSegment(path) && isApiLikePath(req.url);
    if (auth.enabled) {
      const guarded = unmatched
        ? { pattern: undefined, isPublic: false, url: req.url }
        : { pattern: req.routeOptions.url, isPublic: req.routeOptions.config.public === true, url: req.url };
      if (
        needsSession(guarded) &&
        req.headers[RELAYED_SECRET_HEADER] !== RELAY_SECRET &&
        !auth.signedIn(req.raw)
      )
        throw new ApiError('GATEWAY_SIGN_IN_REQUIRED');
    }
    if (unmatched) throw new ApiError('ROUTE_NOT_FOUND', `No route ${req.method} ${path}`);
  });
}

/** `/api/gateway/auth/*`: state, sign-in (rate limited), sign-out, the first password. All public. */
export function gatewayAuthRoutes(app: HttpApp, auth: GatewayAuth): void {
  const tags = ['gateway auth'];
  const secure = (req: FastifyRequest) => req.protocol === 'https';
  const signIn = (req: FastifyRequest, reply: FastifyReply) => {
    reply.header('set-cookie', auth.newSessionCookie(secure(req)));
    return { enabled: true, signedIn: true, canSetPassword: auth.password.canSet };
  };

  const state = GATEWAY_ROUTES['gateway.auth.state'];
  app.route({
    method: state.method,
    url: state.path,
    config: PUBLIC_ROUTE,
    schema: { tags, summary: state.summary, response: { 200: state.response } },
    handler: async (req) => auth.state(req.raw),
  });

  const signInRoute = GATEWAY_ROUTES['gateway.auth.signIn'];
  app.route({
    method: signInRoute.method,
    url: signInRoute.path,
    config: PUBLIC_ROUTE,
    schema: {
      tags,
      summary: signInRoute.summary,
      body: signInRoute.body,
      response: { 200: signInRoute.response },
    },
    handler: async (req, reply) => {
      const wait = await auth.limiter.hit(req.ip);
      if (wait > 0) {
        reply.header('retry-after', String(wait));
        throw new ApiError('RATE_LIMITED');
      }
      if (!auth.enabled || !auth.password.verify(req.body.password))
        throw new ApiError('GATEWAY_PASSWORD_WRONG');
      return signIn(req, reply);
    },
  });

  const signOut = GATEWAY_ROUTES['gateway.auth.signOut'];
  app.route({
    method: signOut.method,
    url: signOut.path,
    config: PUBLIC_ROUTE,
    schema: { tags, summary: signOut.summary, response: { 200: signOut.response } },
    handler: async (req, reply) => {
      reply.header('set-cookie', auth.clearedCookie());
      return { ...auth.state(req.raw), signedIn: false };
    },
  });

  const setPassword = GATEWAY_ROUTES['gateway.auth.setPassword'];
  app.route({
    method: setPassword.method,
    url: setPassword.path,
    config: PUBLIC_ROUTE,
    schema: {
      tags,
      summary: setPassword.summary,
      body: setPassword.body,
      response: { 200: setPassword.response },
    },
    handler: async (req, reply) => {
      if (!auth.password.setFirst(req.body.password)) throw new ApiError('GATEWAY_PASSWORD_ALREADY_SET');
      return signIn(req, reply);
    },
  });
}

/** An empty segment before the last (a trailing slash is a spelling the router accepts), or `.`/`..` however escaped. */
function hasOddSegment(path: string): boolean {
  const segments = path.split('/').slice(1);
  return segments.some(
    (segment, i) => (segment === '' && i < segments.length - 1) || /^(\.|%2e){1,2}$/i.test(segment),
  );
}
