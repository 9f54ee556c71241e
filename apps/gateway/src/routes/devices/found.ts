import { GATEWAY_ROUTES } from '@st/protocol';
import { markRestarting } from '../../services/devices/restarts';
import type { RouteModule } from '../context';

export const foundRoutes: RouteModule = (app, ctx) => {
  const found = GATEWAY_ROUTES['gateway.devices.found'];
  app.route({
    method: found.method,
    url: found.path,
    schema: {
      tags: ['devices'],
      summary: found.summary,
      querystring: found.query,
      response: { 200: found.response },
    },
    handler: (req) =>
      markRestarting(ctx.tags.annotate(ctx.discovery.list(), req.query.tag), (ip) => ctx.discovery.holds(ip)),
  });
  const enabled = GATEWAY_ROUTES['gateway.devices.searchEnabled'];
  app.route({
    method: enabled.method,
    url: enabled.path,
    schema: { tags: ['devices'], summary: enabled.summary, response: { 200: enabled.response } },
    handler: () => ctx.discovery.enabled,
  });
};
