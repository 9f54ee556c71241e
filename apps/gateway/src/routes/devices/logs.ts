import { GATEWAY_ROUTES, LOGS } from '@st/protocol';
import type { RouteModule } from '../context';

export const logsRoutes: RouteModule = (app, ctx) => {
  const r = GATEWAY_ROUTES['gateway.devices.logs'];
  app.route({
    method: r.method,
    url: r.path,
    schema: {
      tags: ['logs'],
      summary: r.summary,
      description:
        '`device`: substring of the device name or address; `tag`, `message`: substrings (case-insensitive); ' +
        '`level`: minimum level; `limit`: how many lines; `from`, `to`: receive time range (ISO 8601).',
      querystring: r.query,
      response: { 200: r.response },
    },
    handler: (req) =>
      ctx.logs.query({
        device: req.query.device || undefined,
        tag: req.query.tag || undefined,
        message: req.query.message || undefined,
        level: req.query.level,
        from: req.query.from,
        to: req.query.to,
        limit: req.query.limit ?? LOGS.queryDefaultLimit,
      }),
  });
};
