import { ApiError, GATEWAY_ROUTES, OK } from '@st/protocol';
import type { RouteModule } from '../context';

export const settingsRoutes: RouteModule = (app, ctx) => {
  const tags = ['settings dumps'];
  const list = GATEWAY_ROUTES['gateway.devices.settings.list'];
  app.route({
    method: list.method,
    url: list.path,
    schema: { tags, summary: list.summary, response: { 200: list.response } },
    handler: () => ctx.dumps.list(),
  });
  const one = GATEWAY_ROUTES['gateway.devices.settings.get'];
  app.route({
    method: one.method,
    url: one.path,
    schema: { tags, summary: one.summary, params: one.params, response: { 200: one.response } },
    handler: (req) => {
      const record = ctx.dumps.get(req.params.id);
      if (!record) throw new ApiError('DUMP_NOT_FOUND', `Device settings with id=${req.params.id} not found`);
      return record;
    },
  });
  const create = GATEWAY_ROUTES['gateway.devices.settings.create'];
  app.route({
    method: create.method,
    url: create.path,
    schema: {
      tags,
      summary: create.summary,
      description: 'The dump must be what the device exported; an empty or unreadable dump is refused.',
      body: create.body,
      response: { 201: create.response },
    },
    handler: async (req, reply) => {
      reply.code(create.successStatus);
      return ctx.dumps.create(req.body.device, req.body.dump);
    },
  });
  const remove = GATEWAY_ROUTES['gateway.devices.settings.delete'];
  app.route({
    method: remove.method,
    url: remove.path,
    schema: { tags, summary: remove.summary, params: remove.params, response: { 200: remove.response } },
    handler: (req) => {
      ctx.dumps.delete(req.params.id);
      return OK;
    },
  });
};
