import { ApiError, GATEWAY_ROUTES, LOGS } from '@st/protocol';
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

  const list = GATEWAY_ROUTES['gateway.devices.loggers'];
  app.route({
    method: list.method,
    url: list.path,
    schema: { tags: ['logs'], summary: list.summary, response: { 200: list.response } },
    handler: () => {
      const known = new Map<string, string>();
      for (const d of ctx.saved.list()) known.set(d.ip, d.name);
      for (const d of ctx.discovery.list()) known.set(d.ip, d.name);
      return [...known].map(([ip, name]) => ({ ip, name, connected: ctx.logs.isConnected(ip) }));
    },
  });

  const reconnect = GATEWAY_ROUTES['gateway.devices.loggers.reconnect'];
  app.route({
    method: reconnect.method,
    url: reconnect.path,
    schema: {
      tags: ['logs'],
      summary: reconnect.summary,
      description:
        "Reads the device's config and writes it back (the firmware reconnects its logger after a config write); " +
        'if the logger still does not connect, clears the log address and writes it again. 409 LOGGER_NO_ADDRESS ' +
        'when the device has no log address.',
      body: reconnect.body,
      response: { 200: reconnect.response },
    },
    handler: async (req) => {
      if (!ctx.resolver.find(req.body.ip))
        throw new ApiError('UNKNOWN_DEVICE', `Unknown device ${req.body.ip}`);
      return ctx.loggers.reconnect(req.body.ip);
    },
  });
};
