import {
  CLOUD_ROLLOUT_ROUTES,
  CLOUD_ROUTES,
  GatewayCreateRequest,
  GatewayTagsBody,
  GatewayUpdateRequest,
  IdParams,
  OK,
  type RouteName,
  routeDef,
} from '@st/protocol';
import type { HttpApp } from '@st/server-kit';
import type { AuditLog } from '../audit/log';
import { cloudErrors } from '../http/errors';
import type { RequestAuth } from '../http/requestAuth';
import { effectiveRole, tokenReaches } from '../http/tokenAccess';
import type { Presence } from '../link/presence';
import { requireRole } from '../shares/access';
import { DuplicateNameError, type GatewayStore, type MemberView } from './store';

export interface GatewayRouteDeps {
  gateways: GatewayStore;
  presence: Presence;
  auth: RequestAuth;
  /** the gateway's token was deleted or replaced, or the gateway was deleted: drop its live link */
  onGatewayRevoked: (gatewayId: string) => void;
  audit: AuditLog;
}

/** The catalog entry's summary and success schema, for validation of what we send and the OpenAPI document. */
function doc(name: RouteName) {
  const r = routeDef(name);
  return { summary: r.summary, response: { [r.successStatus ?? 200]: r.response } };
}

export function gatewayDto(g: MemberView, online: boolean) {
  const { id, name, description, haveToken, role, sharedBy, tags } = g;
  return { id, name, description, online, haveToken, role, sharedBy, tags };
}

async function withUniqueName<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof DuplicateNameError) throw cloudErrors.gatewayNameTaken(e.message);
    throw e;
  }
}

/** Gateway management and gateway tokens; everything is scoped to the caller: others' gateways are 404. */
export function registerGatewayRoutes(app: HttpApp, deps: GatewayRouteDeps): void {
  const { gateways, presence, auth, audit } = deps;
  const dto = async (g: MemberView) => gatewayDto(g, (await presence.onlineOf([g.id])).has(g.id));

  app.get(CLOUD_ROUTES['cloud.gateways.list'].path, { schema: doc('cloud.gateways.list') }, async (req) => {
    const user = await auth.userOrToken(req);
    const list = (await gateways.list(user.userId))
      .filter((g) => tokenReaches(user, g.id))
      .map((g) => ({ ...g, role: effectiveRole(user, g.id, g.role) }));
    const online = await presence.onlineOf(list.map((g) => g.id));
    return list.map((g) => gatewayDto(g, online.has(g.id)));
  });

  app.get(
    CLOUD_ROUTES['cloud.gateways.get'].path,
    { schema: { params: IdParams, ...doc('cloud.gateways.get') } },
    async (req) => {
      const user = await auth.userOrToken(req);
      const g = await gateways.get(user.userId, req.params.id);
      if (!g) throw cloudErrors.gatewayNotFound(req.params.id);
      return dto({ ...g, role: effectiveRole(user, g.id, g.role) });
    },
  );

  app.post(
    CLOUD_ROUTES['cloud.gateways.create'].path,
    { schema: { body: GatewayCreateRequest, ...doc('cloud.gateways.create') } },
    async (req, reply) => {
      const user = await auth.user(req);
      const { name, description } = req.body;
      const g = await withUniqueName(() => gateways.create(user.userId, name, description));
      await audit.record({
        ...who(user, req.ip),
        action: 'gateway.created',
        gatewayId: g.id,
        detail: name,
        outcome: '201',
      });
      return reply.code(201).send(gatewayDto({ ...g, role: 'owner', sharedBy: null }, false));
    },
  );

  app.put(
    CLOUD_ROUTES['cloud.gateways.update'].path,
    { schema: { body: GatewayUpdateRequest, ...doc('cloud.gateways.update') } },
    async (req) => {
      const user = await auth.user(req);
      const { id, name, description } = req.body;
      const before = requireRole(await gateways.get(user.userId, id), id, 'owner', 'rename it');
      await withUniqueName(() => gateways.update(id, name, description));
      const g = await gateways.get(user.userId, id);
      if (!g) throw cloudErrors.gatewayNotFound(id);
      if (before.name !== name) {
        const detail = `${before.name} -> ${name}`;
        await audit.record({
          ...who(user, req.ip),
          action: 'gateway.renamed',
          gatewayId: id,
          detail,
          outcome: '200',
        });
      }
      return dto(g);
    },
  );

  app.put(
    CLOUD_ROLLOUT_ROUTES['cloud.gateways.tags'].path,
    { schema: { params: IdParams, body: GatewayTagsBody, ...doc('cloud.gateways.tags') } },
    async (req) => {
      const user = await auth.user(req);
      const id = req.params.id;
      const before = requireRole(await gateways.get(user.userId, id), id, 'operator', 'tag it');
      await gateways.setTags(id, req.body.tags);
      const g = await gateways.get(user.userId, id);
      if (!g) throw cloudErrors.gatewayNotFound(id);
      const detail = `${before.tags.join(', ') || '-'} -> ${g.tags.join(', ') || '-'}`;
      await audit.record({
        ...who(user, req.ip),
        action: 'gateway.tagged',
        gatewayId: id,
        detail,
        outcome: '200',
      });
      return dto(g);
    },
  );

  app.delete(
    CLOUD_ROUTES['cloud.gateways.delete'].path,
    { schema: { params: IdParams, ...doc('cloud.gateways.delete') } },
    async (req, _reply) => {
      const user = await auth.user(req);
      const g = requireRole(
        await gateways.get(user.userId, req.params.id),
        req.params.id,
        'owner',
        'delete it',
      );
      if (!(await gateways.delete(g.id))) throw cloudErrors.gatewayNotFound(req.params.id);
      await audit.record({
        ...who(user, req.ip),
        action: 'gateway.deleted',
        gatewayId: g.id,
        detail: g.name,
        outcome: '200',
      });
      deps.onGatewayRevoked(req.params.id);
      return OK;
    },
  );

  app.post(
    CLOUD_ROUTES['cloud.gatewayToken.create'].path,
    { schema: { params: IdParams, ...doc('cloud.gatewayToken.create') } },
    async (req) => {
      const user = await auth.user(req);
      const g = requireRole(
        await gateways.get(user.userId, req.params.id),
        req.params.id,
        'owner',
        'manage tokens',
      );
      const token = await gateways.issueToken(g.id);
      await audit.record({ ...who(user, req.ip), action: 'token.created', gatewayId: g.id, outcome: '200' });
      deps.onGatewayRevoked(req.params.id);
      return { token };
    },
  );

  app.post(
    CLOUD_ROUTES['cloud.gatewayToken.delete'].path,
    { schema: { params: IdParams, ...doc('cloud.gatewayToken.delete') } },
    async (req, _reply) => {
      const p = await auth.any(req);
      const id = req.params.id;
      if (p.kind === 'user') requireRole(await gateways.get(p.userId, id), id, 'owner', 'manage tokens');
      else if (p.gatewayId !== id) throw cloudErrors.gatewayNotFound(id);
      await gateways.deleteToken(id);
      const actor = p.kind === 'user' ? who(p, req.ip) : { actor: `gateway:${p.name}`, address: req.ip };
      await audit.record({ ...actor, action: 'token.deleted', gatewayId: id, outcome: '200' });
      deps.onGatewayRevoked(id);
      return OK;
    },
  );
}

function who(user: { userId: string; login: string }, address: string) {
  return { actorId: user.userId, actor: user.login, address };
}
