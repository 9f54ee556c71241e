import { GATEWAY_ROUTES } from '@st/protocol';
import { PUBLIC_ROUTE } from '../../services/auth/publicRoute';
import type { RouteModule } from '../context';

export const buildRoutes: RouteModule = (app, ctx) => {
  const r = GATEWAY_ROUTES['gateway.build'];
  app.route({
    method: r.method,
    url: r.path,
    // the console reads it before it can show the sign-in screen
    config: PUBLIC_ROUTE,
    schema: { tags: ['gateway'], summary: r.summary, response: { 200: r.response } },
    handler: () => ({ version: ctx.version, buildTime: ctx.buildTime, mode: 'gateway' as const }),
  });
};
