import { GATEWAY_ROUTES, OK } from '@st/protocol';
import type { RouteModule } from '../context';

export const notificationRoutes: RouteModule = (app, ctx) => {
  const tags = ['notifications'];
  const create = GATEWAY_ROUTES['gateway.notifications.create'];
  app.route({
    method: create.method,
    url: create.path,
    schema: { tags, summary: create.summary, body: create.body, response: { 200: create.response } },
    handler: (req) => {
      const n = ctx.notifications.accept(req.body);
      ctx.bus.emit('notification', n, (err) => req.log.error({ err }, 'notification listener failed'));
      return { id: n.id };
    },
  });
  const list = GATEWAY_ROUTES['gateway.notifications.list'];
  app.route({
    method: list.method,
    url: list.path,
    schema: { tags, summary: list.summary, response: { 200: list.response } },
    handler: () => ctx.notifications.list(),
  });
  const seen = GATEWAY_ROUTES['gateway.notifications.seen'];
  app.route({
    method: seen.method,
    url: seen.path,
    schema: { tags, summary: seen.summary, querystring: seen.query, response: { 200: seen.response } },
    handler: (req) => {
      ctx.notifications.markSeen(req.query.id);
      return OK;
    },
  });
};
