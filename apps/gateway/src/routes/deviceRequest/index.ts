import { CommandsListing, CommandsQuery, DeviceRequest } from '@st/protocol';
import { listDeviceCommands } from '../../services/devices/commandsListing';
import type { RouteModule } from '../context';

export const deviceRequestRoutes: RouteModule = (app, ctx) => {
  const tags = ['device commands'];
  const listing = listDeviceCommands();

  app.post(
    '/api/device/request',
    {
      schema: {
        tags,
        summary: 'Run one device command',
        description:
          "Answers the device's own answer: its status, body and content type (device errors are `{error}`). " +
          'An unknown device is 404, an unreachable one 502, one that does not answer in time 504. ' +
          'restart, wipe and importSettings answer 202 when the device drops the connection to reboot.',
        body: DeviceRequest,
      },
    },
    async (req, reply) => {
      const device = ctx.resolver.resolve(req.body.device);
      const answer = await ctx.commands.run(device.ip, req.body.command, req.body.params);
      return reply
        .code(answer.status)
        .type(answer.contentType ?? 'text/plain; charset=utf-8')
        .send(answer.body);
    },
  );

  app.get(
    '/api/device/request/commands',
    {
      schema: {
        tags,
        summary: 'The commands a device accepts, with their params',
        querystring: CommandsQuery,
        response: { 200: CommandsListing },
      },
    },
    (req) => {
      ctx.resolver.resolve(req.query.ip || req.query.name || '');
      return listing;
    },
  );
};
