import {
  ACCOUNT_ROUTES,
  ApiError,
  GatewayIdParams,
  OK,
  type RouteName,
  routeDef,
  ShareDeleteQuery,
  ShareRequest,
} from '@st/protocol';
import type { HttpApp } from '@st/server-kit';
import type { AuditLog } from '../audit/log';
import type { GatewayStore } from '../gateways/store';
import type { RequestAuth } from '../http/requestAuth';
import type { UserStore } from '../users/users';
import { requireRole } from './access';
import type { ShareStore } from './store';

export interface ShareRouteDeps {
  gateways: GatewayStore;
  shares: ShareStore;
  users: UserStore;
  auth: RequestAuth;
  audit: AuditLog;
  /** a share ended or shrank: end that user's live channels of the gateway on every node */
  onShareEnded: (gatewayId: string, userId: string) => void;
  now?: () => number;
}

function doc(name: RouteName) {
  const r = routeDef(name);
  return { summary: r.summary, response: { [r.successStatus ?? 200]: r.response } };
}

/** Sharing a gateway by login (owners only): grant or change, list, revoke. */
export function registerShareRoutes(app: HttpApp, deps: ShareRouteDeps): void {
  const { gateways, shares, users, auth, audit } = deps;
  const now = deps.now ?? Date.now;

  app.post(
    ACCOUNT_ROUTES['cloud.shares.put'].path,
    { schema: { body: ShareRequest, ...doc('cloud.shares.put') } },
    async (req) => {
      const me = await auth.user(req);
      const { gatewayId, login, role } = req.body;
      const g = requireRole(await gateways.get(me.userId, gatewayId), gatewayId, 'owner', 'share it');
      const expiresAt = req.body.expiresAt ?? null;
      if (expiresAt !== null && expiresAt <= now()) throw new ApiError('SHARE_EXPIRY_PAST');
      const target = await users.findByLogin(login);
      if (!target) throw new ApiError('USER_NOT_FOUND', `No user with the login "${login}"`);
      if (target.id === g.ownerId) throw new ApiError('SHARE_CREATOR');
      const before = await gateways.get(target.id, gatewayId);
      await shares.put(gatewayId, target.id, role, expiresAt, me.userId);
      const detail = `${login}: ${before ? `${before.role} -> ` : ''}${role}${expiresAt ? ` until ${new Date(expiresAt).toISOString()}` : ''}`;
      await audit.record({
        actorId: me.userId,
        actor: me.login,
        address: req.ip,
        action: 'share.granted',
        gatewayId,
        detail,
        outcome: '200',
      });
      // A smaller role: live channels re-subscribe under the new role.
      if (before && before.role !== role) deps.onShareEnded(gatewayId, target.id);
      return { login: target.login, role, expiresAt, creator: false, grantedBy: me.login };
    },
  );

  app.get(
    ACCOUNT_ROUTES['cloud.shares.list'].path,
    { schema: { params: GatewayIdParams, ...doc('cloud.shares.list') } },
    async (req) => {
      const me = await auth.user(req);
      const { gatewayId } = req.params;
      requireRole(await gateways.get(me.userId, gatewayId), gatewayId, 'owner', 'see its shares');
      return shares.list(gatewayId);
    },
  );

  app.delete(
    ACCOUNT_ROUTES['cloud.shares.delete'].path,
    { schema: { querystring: ShareDeleteQuery, ...doc('cloud.shares.delete') } },
    async (req) => {
      const me = await auth.user(req);
      const { gatewayId, login } = req.query;
      const g = requireRole(await gateways.get(me.userId, gatewayId), gatewayId, 'owner', 'revoke shares');
      const target = await users.findByLogin(login);
      if (target?.id === g.ownerId) throw new ApiError('SHARE_CREATOR');
      if (!target || !(await shares.remove(gatewayId, target.id))) throw new ApiError('SHARE_NOT_FOUND');
      await audit.record({
        actorId: me.userId,
        actor: me.login,
        address: req.ip,
        action: 'share.revoked',
        gatewayId,
        detail: login,
        outcome: '200',
      });
      deps.onShareEnded(gatewayId, target.id);
      return OK;
    },
  );
}
