import { ApiError, GATEWAY_ROUTES, GatewaySetPasswordRequest, GatewaySignInRequest } from '@st/protocol';
import type { HttpApp } from '@st/server-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RELAY_SECRET, RELAYED_SECRET_HEADER } from '../../cloud/requests';
import { type GatewayAuth, needsSession } from '../../services/auth/gatewayAuth';

/**
 * `/api/gateway/auth/*` and the guard: with a password set, every other API route answers 401
 * GATEWAY_SIGN_IN_REQUIRED without a session cookie. Relayed requests (the cloud checked its user) carry
 * the process's relay secret and pass; so do devices' own notifications.
 */
export function gatewayAuthRoutes(app: HttpApp, auth: GatewayAuth): void {
  app.addHook('onRequest', async (req) => {
    if (!auth.enabled) return;
    const path = req.url.split('?')[0] ?? '';
    if (!needsSession(req.method, path)) return;
    if (req.headers[RELAYED_SECRET_HEADER] === RELAY_SECRET) return;
    if (auth.signedIn(req.raw)) return;
    throw new ApiError('GATEWAY_SIGN_IN_REQUIRED');
  });

  const secure = (req: FastifyRequest) => req.protocol === 'https';
  const signIn = (req: FastifyRequest, reply: FastifyReply) => {
    reply.header('set-cookie', auth.newSessionCookie(secure(req)));
    return { enabled: true, signedIn: true, canSetPassword: auth.password.canSet };
  };

  app.get(GATEWAY_ROUTES['gateway.auth.state'].path, async (req) => auth.state(req.raw));

  app.post(
    GATEWAY_ROUTES['gateway.auth.signIn'].path,
    { schema: { body: GatewaySignInRequest } },
    async (req, reply) => {
      const wait = auth.limiter.hit(req.ip);
      if (wait > 0) {
        reply.header('retry-after', String(wait));
        throw new ApiError('RATE_LIMITED');
      }
      if (!auth.enabled || !auth.password.verify(req.body.password))
        throw new ApiError('GATEWAY_PASSWORD_WRONG');
      return signIn(req, reply);
    },
  );

  app.post(GATEWAY_ROUTES['gateway.auth.signOut'].path, async (req, reply) => {
    reply.header('set-cookie', auth.clearedCookie());
    return { ...auth.state(req.raw), signedIn: false };
  });

  app.post(
    GATEWAY_ROUTES['gateway.auth.setPassword'].path,
    { schema: { body: GatewaySetPasswordRequest } },
    async (req, reply) => {
      if (!auth.password.setFirst(req.body.password)) throw new ApiError('GATEWAY_PASSWORD_ALREADY_SET');
      return signIn(req, reply);
    },
  );
}
