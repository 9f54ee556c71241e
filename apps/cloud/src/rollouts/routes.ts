import {
  CLOUD_ROLLOUT_ROUTES,
  CloudRolloutCreate,
  CloudRolloutPreviewRequest,
  IdParams,
  RolloutAction,
  type RouteName,
  routeDef,
} from '@st/protocol';
import type { HttpApp } from '@st/server-kit';
import type { AuditLog } from '../audit/log';
import type { RequestAuth } from '../http/requestAuth';
import type { CloudRolloutService } from './service';
import type { CloudRolloutStore, RolloutRow } from './store';
import { rolloutSummary } from './view';

export interface CloudRolloutRouteDeps {
  service: CloudRolloutService;
  store: CloudRolloutStore;
  auth: RequestAuth;
  audit: AuditLog;
  isAdmin(userId: string): Promise<boolean>;
}

function doc(name: RouteName) {
  const r = routeDef(name);
  return { summary: r.summary, response: { [r.successStatus ?? 200]: r.response } };
}

const ACTION_AUDIT = {
  pause: 'rollout.paused',
  resume: 'rollout.resumed',
  cancel: 'rollout.cancelled',
  retryFailed: 'rollout.retried',
} as const;

/** Rollouts across gateways: every write is audited on each gateway it involves. */
export function registerCloudRolloutRoutes(app: HttpApp, deps: CloudRolloutRouteDeps): void {
  const { service, store, auth } = deps;
  const route = (name: keyof typeof CLOUD_ROLLOUT_ROUTES) => CLOUD_ROLLOUT_ROUTES[name].path;

  const audit = async (
    row: RolloutRow,
    user: { userId: string; login: string },
    address: string,
    action: (typeof ACTION_AUDIT)[keyof typeof ACTION_AUDIT] | 'rollout.created' | 'rollout.deleted',
    outcome: string,
  ) => {
    const fw = row.spec.firmware;
    const detail = `${row.name}: ${fw.type} ${fw.version} (${fw.board})`;
    for (const gatewayId of row.spec.gatewayIds) {
      await deps.audit.recordBy(user, address, { action, gatewayId, detail, outcome });
    }
  };

  app.get(route('cloud.rollouts.list'), { schema: doc('cloud.rollouts.list') }, async (req) => {
    const user = await auth.user(req);
    const rows = await service.list(user);
    return Promise.all(rows.map(async (r) => rolloutSummary(r, await store.parts(r.id))));
  });

  app.post(
    route('cloud.rollouts.preview'),
    { schema: { body: CloudRolloutPreviewRequest, ...doc('cloud.rollouts.preview') } },
    async (req) => service.preview(await auth.user(req), req.body),
  );

  app.get(
    route('cloud.rollouts.get'),
    { schema: { params: IdParams, ...doc('cloud.rollouts.get') } },
    async (req) => service.view(await service.visible(await auth.user(req), req.params.id)),
  );

  app.post(
    route('cloud.rollouts.create'),
    { schema: { body: CloudRolloutCreate, ...doc('cloud.rollouts.create') } },
    async (req, reply) => {
      const user = await auth.user(req);
      const row = await service.create(user, req.body);
      await audit(row, user, req.ip, 'rollout.created', '201');
      return reply.code(201).send(await service.view(row));
    },
  );

  app.post(
    route('cloud.rollouts.action'),
    { schema: { params: IdParams, body: RolloutAction, ...doc('cloud.rollouts.action') } },
    async (req) => {
      const user = await auth.user(req);
      const row = await service.act(user, req.params.id, req.body.action);
      await audit(row, user, req.ip, ACTION_AUDIT[req.body.action], '200');
      return service.view(row);
    },
  );

  app.delete(
    route('cloud.rollouts.delete'),
    { schema: { params: IdParams, ...doc('cloud.rollouts.delete') } },
    async (req) => {
      const user = await auth.user(req);
      const row = await service.remove(user, req.params.id, await deps.isAdmin(user.userId));
      await audit(row, user, req.ip, 'rollout.deleted', '200');
      return { ok: true as const };
    },
  );
}
