import { ApiError, GATEWAY_ROUTES, OK } from '@st/protocol';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PUBLIC_ROUTE } from '../../services/auth/publicRoute';
import { parseNotificationBody } from '../../services/notifications/firmwareBody';
import type { RouteModule } from '../context';

export const notificationRoutes: RouteModule = (app, ctx) => {
  const tags = ['notifications'];
  const create = GATEWAY_ROUTES['gateway.notifications.create'];
  // Devices post here; their JSON is not escaped (see firmwareBody), so this route reads it leniently.
  void app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
      try {
        done(null, parseNotificationBody(String(body)));
      } catch {
        done(new ApiError('BAD_JSON'), undefined);
      }
    });
    scope.route({
      method: create.method,
      url: create.path,
      // devices post without a session
      config: PUBLIC_ROUTE,
      schema: { tags, summary: create.summary, body: create.body, response: { 200: create.response } },
      handler: (req) => {
        const n = ctx.notifications.accept(req.body);
        ctx.bus.emit('notification', n, (err) => req.log.error({ err }, 'notification listener failed'));
        return { id: n.id };
      },
    });
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
