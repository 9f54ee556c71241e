import { GATEWAY_ROUTES } from '@st/protocol';
import type { RouteModule } from '../context';

export const buildRoutes: RouteModule = (app, ctx) => {
  const r = GATEWAY_ROUTES['gateway.build'];
  app.route({
    method: r.method,
    url: r.path,
    schema: { tags: ['gateway'], summary: r.summary, response: { 200: r.response } },
    handler: () => ({ version: ctx.version, buildTime: ctx.buildTime, mode: 'gateway' as const }),
  });
};
