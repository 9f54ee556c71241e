import {
  ApiError,
  CLOUD_ROUTES,
  OK,
  PENDING_SIGN_IN,
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
import type { PendingSignIns } from './pending';
import type { RateLimiter } from './rateLimit';
import type { SessionStore } from './sessions';
import type { TotpStore } from './totp';

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
  totp: TotpStore;
  pending: PendingSignIns;
  /** whether the user has a second factor (TOTP or a passkey) */
  hasSecondFactor: (userId: string) => Promise<boolean>;
}

/** Ends a sign-in whose every factor checked out: the session opens, the answer carries its refresh token. */
export type CompleteSignIn = (
  req: FastifyRequest,
  reply: FastifyReply,
  user: { id: string; login: string },
  detail: string,
) => Promise<{ refresh: string }>;

/**
 * After a first factor (the password, or single sign-on): the second step when the user has a second factor
 * (401 SECOND_FACTOR_REQUIRED) or must set one up (403 SECOND_FACTOR_ENROL_REQUIRED), with the pending-sign-in
 * cookie; else the session opens.
 */
export type AfterFirstFactor = CompleteSignIn;

/** The pending-sign-in cookie (PENDING_SIGN_IN), for the second step only; maxAge 0 clears it. */
export function pendingCookie(req: FastifyRequest, value: string, maxAge: number): string {
  const secure = req.protocol === 'https' ? '; Secure' : '';
  return `${PENDING_SIGN_IN.cookieName}=${value}; Path=/api/auth/user; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${secure}`;
}

function cookie(req: FastifyRequest, value: string, maxAge: number): string {
  const secure = req.protocol === 'https' ? '; Secure' : '';
  return `${ACCESS_COOKIE}=${value}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${secure}`;
}

export function registerAuthRoutes(
  app: HttpApp,
  deps: AuthRouteDeps,
): { complete: CompleteSignIn; afterFirstFactor: AfterFirstFactor } {
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
      return afterFirstFactor(req, reply, result.user, 'password only');
    },
  );

  const afterFirstFactor: AfterFirstFactor = async (req, reply, user, detail) => {
    // A second factor comes next when the user has one, or must set one up when an admin requires it: no
    // session yet, only the pending-sign-in cookie (and the login's failure count stays until the end).
    const step = (await deps.hasSecondFactor(user.id))
      ? 'code'
      : (await deps.totp.required())
        ? 'enrol'
        : undefined;
    if (step) {
      reply.header(
        'set-cookie',
        pendingCookie(req, deps.pending.issue(user.id, step), PENDING_SIGN_IN.ttlSeconds),
      );
      throw new ApiError(step === 'code' ? 'SECOND_FACTOR_REQUIRED' : 'SECOND_FACTOR_ENROL_REQUIRED');
    }
    return complete(req, reply, user, detail);
  };

  const complete: CompleteSignIn = async (req, reply, user, detail) => {
    await limits.perLogin.reset(user.login);
    await deps.audit.record({
      action: 'auth.login',
      actorId: user.id,
      actor: user.login,
      detail,
      outcome: '200',
      address: req.ip,
    });
    const pair = await sessions.open(user, { userAgent: req.headers['user-agent'], address: req.ip });
    issue(req, reply, user, pair.familyId);
    return { refresh: pair.refresh };
  };

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
  return { complete, afterFirstFactor };
}
