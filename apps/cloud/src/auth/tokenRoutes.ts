import {
  API_TOKEN_LIMITS,
  ApiError,
  ApiTokenCreateRequest,
  OK,
  type RouteName,
  routeDef,
  SIGN_IN_ROUTES,
  SignInIdParams,
} from '@st/protocol';
import type { HttpApp } from '@st/server-kit';
import type { AuditLog } from '../audit/log';
import type { GatewayStore } from '../gateways/store';
import { cloudErrors } from '../http/errors';
import type { RequestAuth } from '../http/requestAuth';
import { type ApiTokenStore, latestExpiry } from './apiTokens';
import type { SessionStore } from './sessions';
import { deviceOf } from './userAgent';

export interface TokenRouteDeps {
  apiTokens: ApiTokenStore;
  sessions: SessionStore;
  gateways: GatewayStore;
  auth: RequestAuth;
  audit: AuditLog;
  /** the session family was ended: close its live sessions on every node */
  onSessionRevoked: (familyId: string) => void;
  now?: () => number;
}

function doc(name: RouteName) {
  const r = routeDef(name);
  return { summary: r.summary, response: { [r.successStatus ?? 200]: r.response } };
}

/**
 * The caller's API tokens and signed-in sessions. Account management: a session only (auth.user refuses an API
 * token), so a token can neither mint nor revoke tokens nor end sessions.
 */
export function registerTokenRoutes(app: HttpApp, deps: TokenRouteDeps): void {
  const { apiTokens, sessions, auth, audit } = deps;
  const now = deps.now ?? Date.now;

  app.get(
    SIGN_IN_ROUTES['cloud.me.tokens.list'].path,
    { schema: doc('cloud.me.tokens.list') },
    async (req) => {
      const me = await auth.user(req);
      return apiTokens.list(me.userId);
    },
  );

  app.post(
    SIGN_IN_ROUTES['cloud.me.tokens.create'].path,
    { schema: { body: ApiTokenCreateRequest, ...doc('cloud.me.tokens.create') } },
    async (req, reply) => {
      const me = await auth.user(req);
      const { expiresAt, gatewayIds } = req.body;
      if (expiresAt <= now() || expiresAt > latestExpiry(now()))
        throw new ApiError('API_TOKEN_EXPIRY_INVALID');
      // A token may be limited only to gateways its user reaches now (their role on each still caps it later).
      for (const id of gatewayIds ?? []) {
        if (!(await deps.gateways.get(me.userId, id))) throw cloudErrors.gatewayNotFound(id);
      }
      if ((await apiTokens.count(me.userId)) >= API_TOKEN_LIMITS.perUserMax)
        throw new ApiError('API_TOKEN_LIMIT');
      const created = await apiTokens.create(me.userId, req.body);
      const limited = gatewayIds ? `, gateways ${gatewayIds.join(' ')}` : '';
      await audit.record({
        actorId: me.userId,
        actor: me.login,
        address: req.ip,
        action: 'apiToken.created',
        detail: `"${created.token.name}" (${created.token.scope}${limited})`,
        outcome: '201',
      });
      return reply.code(201).send(created);
    },
  );

  app.delete(
    SIGN_IN_ROUTES['cloud.me.tokens.delete'].path,
    { schema: { params: SignInIdParams, ...doc('cloud.me.tokens.delete') } },
    async (req) => {
      const me = await auth.user(req);
      const token = await apiTokens.byId(me.userId, req.params.id);
      if (!token || !(await apiTokens.revoke(me.userId, req.params.id)))
        throw new ApiError('API_TOKEN_NOT_FOUND');
      await audit.record({
        actorId: me.userId,
        actor: me.login,
        address: req.ip,
        action: 'apiToken.revoked',
        detail: `"${token.name}"`,
        outcome: '200',
      });
      return OK;
    },
  );

  app.get(
    SIGN_IN_ROUTES['cloud.me.sessions.list'].path,
    { schema: doc('cloud.me.sessions.list') },
    async (req) => {
      const me = await auth.user(req);
      const rows = await sessions.list(me.userId);
      return {
        sessions: rows.map((r) => ({
          ...r,
          current: r.id === me.sessionId,
          device: deviceOf(r.userAgent),
        })),
        tokens: await apiTokens.list(me.userId),
      };
    },
  );

  app.delete(
    SIGN_IN_ROUTES['cloud.me.sessions.delete'].path,
    { schema: { params: SignInIdParams, ...doc('cloud.me.sessions.delete') } },
    async (req) => {
      // Ending a session is a sign-out: allowed before a one-time password is replaced too.
      const me = await auth.userEvenBeforePasswordChange(req);
      if (!(await sessions.end(me.userId, req.params.id))) throw new ApiError('SESSION_NOT_FOUND');
      deps.onSessionRevoked(req.params.id);
      await audit.record({
        actorId: me.userId,
        actor: me.login,
        address: req.ip,
        action: 'session.ended',
        detail: req.params.id === me.sessionId ? 'this session' : 'another session',
        outcome: '200',
      });
      return OK;
    },
  );
}
