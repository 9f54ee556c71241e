import { performance } from 'node:perf_hooks';
import { formatServerTiming, GATEWAY_ROUTES } from '@st/protocol';
import { RELAY_SECRET, RELAYED_ACTOR_HEADER, RELAYED_HEADER } from '../../cloud/requests';
import { listDeviceCommands } from '../../services/devices/commandsListing';
import type { RouteModule } from '../context';

export const deviceRequestRoutes: RouteModule = (app, ctx) => {
  const tags = ['device commands'];
  const listing = listDeviceCommands();

  const run = GATEWAY_ROUTES['gateway.device.request'];
  app.route({
    method: run.method,
    url: run.path,
    schema: {
      tags,
      summary: run.summary,
      description:
        "Answers the device's own answer: its status, body and content type (device errors are `{error}`). " +
        'An unknown device is 404, an unreachable one 502, one that does not answer in time 504. ' +
        'restart, wipe and importSettings answer 202 when the device drops the connection to reboot. ' +
        'The `Server-Timing` header gives the time spent with the device (`device;dur=`).',
      body: run.body,
    },
    handler: async (req, reply) => {
      const device = ctx.resolver.resolve(req.body.device);
      const started = performance.now();
      const answer = await ctx.commands.run(device.ip, req.body.command, req.body.params);
      // Only the in-process relay knows the secret, so only it can say "cloud" and name the cloud user.
      const relayed = req.headers[RELAYED_HEADER] === RELAY_SECRET;
      const actor = req.headers[RELAYED_ACTOR_HEADER];
      const by = relayed && typeof actor === 'string' ? safeDecode(actor) : undefined;
      const { command, params } = req.body;
      ctx.bus.emit(
        'device.command',
        {
          ip: device.ip,
          command,
          params,
          status: answer.status,
          via: relayed ? 'cloud' : 'console',
          ...(by ? { by } : {}),
        },
        (err) => req.log.error({ err }, 'command listener failed'),
      );
      return reply
        .code(answer.status)
        .header('server-timing', formatServerTiming([{ name: 'device', durMs: performance.now() - started }]))
        .type(answer.contentType ?? 'text/plain; charset=utf-8')
        .send(answer.body);
    },
  });

  const commands = GATEWAY_ROUTES['gateway.device.commands'];
  app.route({
    method: commands.method,
    url: commands.path,
    schema: {
      tags,
      summary: commands.summary,
      querystring: commands.query,
      response: { 200: commands.response },
    },
    handler: (req) => {
      ctx.resolver.resolve(req.query.ip || req.query.name || '');
      return listing;
    },
  });
};

function safeDecode(value: string): string | undefined {
  try {
    return decodeURIComponent(value).slice(0, 128);
  } catch {
    return undefined;
  }
}
