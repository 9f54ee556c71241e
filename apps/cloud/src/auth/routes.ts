import {
  ApiError,
  CLOUD_ROUTES,
  OK,
  RefreshRequest,
  RefreshResponse,
  routeDef,
  UserLoginRequest,
  UserLoginResponse,
} from '@st/protocol';
import type { HttpApp } from '@st/server-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuditLog } from '../audit/log';
import { cloudErrors } from '../http/errors';
import { ACCESS_COOKIE } from '../http/principal';
import type { RequestAuth } from '../http/requestAuth';
import type { UserStore } from '../users/users';
import type { JwtSigner } from './jwt';
import type { RateLimiter } from './rateLimit';
import type { SessionStore } from './sessions';

export interface AuthRouteDeps {
  users: UserStore;
  sessions: SessionStore;
  jwt: JwtSigner;
  auth: RequestAuth;
  accessTtlSeconds: number;
  limits: { perIp: RateLimiter; perLogin: RateLimiter };
  /** called when a session family is revoked (logout, reuse), to close its live sessions */
  onSessionRevoked: (familyId: string) => void;
  audit: AuditLog;
}

function cookie(req: FastifyRequest, value: string, maxAge: number): string {
  const secure = req.protocol === 'https' ? '; Secure' : '';
  return `${ACCESS_COOKIE}=${value}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${secure}`;
}

export function registerAuthRoutes(app: HttpApp, deps: AuthRouteDeps): void {
  const { users, sessions, jwt, auth, limits } = deps;

  const issue = (
    req: FastifyRequest,
    reply: FastifyReply,
    user: { id: string; login: string },
    sid: string,
  ) => {
    const { token } = jwt.issue({ sub: user.id, login: user.login, sid });
    reply.header('set-cookie', cookie(req, token, deps.accessTtlSeconds));
  };

  app.post(
    CLOUD_ROUTES['cloud.auth.login'].path,
    {
      schema: {
        summary: routeDef('cloud.auth.login').summary,
        body: UserLoginRequest,
        response: { 200: UserLoginResponse },
      },
    },
    async (req, reply) => {
      const { login, password } = req.body;
      const [ipWait, loginWait] = await Promise.all([limits.perIp.hit(req.ip), limits.perLogin.peek(login)]);
      const wait = Math.max(ipWait, loginWait);
      if (wait > 0) {
        reply.header('retry-after', String(wait));
        throw cloudErrors.rateLimited(wait);
      }
      const result = await users.authenticate(login, password);
      if (!result.ok) {
        await limits.perLogin.hit(login);
        const detail = result.disabled ? 'disabled' : 'wrong login or password';
        await deps.audit.record({
          action: 'auth.loginFailed',
          actor: login,
          detail,
          outcome: '401',
          address: req.ip,
        });
        throw result.disabled ? new ApiError('USER_DISABLED') : cloudErrors.wrongCredentials();
      }
      const user = result.user;
      await limits.perLogin.reset(login);
      await deps.audit.record({
        action: 'auth.login',
        actorId: user.id,
        actor: user.login,
        outcome: '200',
        address: req.ip,
      });
      const pair = await sessions.open(user, { userAgent: req.headers['user-agent'], address: req.ip });
      issue(req, reply, user, pair.familyId);
      return { refresh: pair.refresh };
    },
  );

  app.post(
    CLOUD_ROUTES['cloud.auth.refresh'].path,
    {
      schema: {
        summary: routeDef('cloud.auth.refresh').summary,
        body: RefreshRequest,
        response: { 200: RefreshResponse },
      },
    },
    async (req, reply) => {
      const outcome = await sessions.rotate(req.body.refreshToken, req.ip);
      if (!outcome.ok) {
        if (outcome.reason === 'reused' && outcome.familyId) deps.onSessionRevoked(outcome.familyId);
        throw outcome.reason === 'reused' ? cloudErrors.refreshReused() : cloudErrors.refreshInvalid();
      }
      const user = await users.findById(outcome.pair.userId);
      if (!user) throw cloudErrors.refreshInvalid();
      issue(req, reply, user, outcome.pair.familyId);
      return { refresh: outcome.pair.refresh };
    },
  );

  app.post(
    CLOUD_ROUTES['cloud.auth.logout'].path,
    { schema: { summary: routeDef('cloud.auth.logout').summary } },
    async (req, reply) => {
      const p = await auth.principal(req);
      if (p?.kind === 'user' && !p.apiToken) {
        await sessions.revokeFamily(p.sessionId);
        deps.onSessionRevoked(p.sessionId);
      }
      reply.header('set-cookie', cookie(req, '', 0));
      return OK;
    },
  );

  app.get(
    CLOUD_ROUTES['cloud.auth.current'].path,
    { schema: { summary: routeDef('cloud.auth.current').summary } },
    async (req) => {
      const p = await auth.anyEvenBeforePasswordChange(req);
      if (p.kind === 'user') {
        // The flag only while a one-time password is pending: the original console's shape stays as it was.
        const must = p.mustChangePassword ? { mustChangePassword: true } : {};
        return { user: { id: p.userId, login: p.login, ...must }, gateway: null };
      }
      const owner = await users.findById(p.ownerId);
      if (!owner) throw cloudErrors.unauthenticated();
      return {
        user: { id: owner.id, login: owner.login },
        gateway: { id: p.gatewayId, name: p.name, description: p.description },
      };
    },
  );
}
