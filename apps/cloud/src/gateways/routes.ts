import {
  CLOUD_ROUTES,
  GatewayCreateRequest,
  GatewayUpdateRequest,
  IdParams,
  OK,
  type RouteName,
  routeDef,
} from '@st/protocol';
import type { HttpApp } from '@st/server-kit';
import { cloudErrors } from '../http/errors';
import type { RequestAuth } from '../http/requestAuth';
import type { Presence } from '../link/presence';
import { DuplicateNameError, type GatewayRecord, type GatewayStore } from './store';

export interface GatewayRouteDeps {
  gateways: GatewayStore;
  presence: Presence;
  auth: RequestAuth;
  /** the gateway's token was deleted or replaced, or the gateway was deleted: drop its live link */
  onGatewayRevoked: (gatewayId: string) => void;
}

/** The catalog entry's summary and success schema, for validation of what we send and the OpenAPI document. */
function doc(name: RouteName) {
  const r = routeDef(name);
  return { summary: r.summary, response: { [r.successStatus ?? 200]: r.response } };
}

export function gatewayDto(g: GatewayRecord, online: boolean) {
  return { id: g.id, name: g.name, description: g.description, online, haveToken: g.haveToken };
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
  const { gateways, presence, auth } = deps;
  const dto = async (g: GatewayRecord) => gatewayDto(g, (await presence.onlineOf([g.id])).has(g.id));

  app.get(CLOUD_ROUTES['cloud.gateways.list'].path, { schema: doc('cloud.gateways.list') }, async (req) => {
    const user = await auth.user(req);
    const list = await gateways.list(user.userId);
    const online = await presence.onlineOf(list.map((g) => g.id));
    return list.map((g) => gatewayDto(g, online.has(g.id)));
  });

  app.get(
    CLOUD_ROUTES['cloud.gateways.get'].path,
    { schema: { params: IdParams, ...doc('cloud.gateways.get') } },
    async (req) => {
      const user = await auth.user(req);
      const g = await gateways.get(user.userId, req.params.id);
      if (!g) throw cloudErrors.gatewayNotFound(req.params.id);
      return dto(g);
    },
  );

  app.post(
    CLOUD_ROUTES['cloud.gateways.create'].path,
    { schema: { body: GatewayCreateRequest, ...doc('cloud.gateways.create') } },
    async (req, reply) => {
      const user = await auth.user(req);
      const { name, description } = req.body;
      const g = await withUniqueName(() => gateways.create(user.userId, name, description));
      return reply.code(201).send(gatewayDto(g, false));
    },
  );

  app.put(
    CLOUD_ROUTES['cloud.gateways.update'].path,
    { schema: { body: GatewayUpdateRequest, ...doc('cloud.gateways.update') } },
    async (req) => {
      const user = await auth.user(req);
      const { id, name, description } = req.body;
      const found = await withUniqueName(() => gateways.update(user.userId, id, name, description));
      const g = found ? await gateways.get(user.userId, id) : undefined;
      if (!g) throw cloudErrors.gatewayNotFound(id);
      return dto(g);
    },
  );

  app.delete(
    CLOUD_ROUTES['cloud.gateways.delete'].path,
    { schema: { params: IdParams, ...doc('cloud.gateways.delete') } },
    async (req, _reply) => {
      const user = await auth.user(req);
      if (!(await gateways.delete(user.userId, req.params.id)))
        throw cloudErrors.gatewayNotFound(req.params.id);
      deps.onGatewayRevoked(req.params.id);
      return OK;
    },
  );

  app.post(
    CLOUD_ROUTES['cloud.gatewayToken.create'].path,
    { schema: { params: IdParams, ...doc('cloud.gatewayToken.create') } },
    async (req) => {
      const user = await auth.user(req);
      const token = await gateways.issueToken(user.userId, req.params.id);
      if (!token) throw cloudErrors.gatewayNotFound(req.params.id);
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
      const allowed =
        p.kind === 'user' ? (await gateways.get(p.userId, id)) !== undefined : p.gatewayId === id;
      if (!allowed) throw cloudErrors.gatewayNotFound(id);
      await gateways.deleteToken(id);
      deps.onGatewayRevoked(id);
      return OK;
    },
  );
}
