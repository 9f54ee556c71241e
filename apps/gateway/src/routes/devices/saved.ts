import { GATEWAY_ROUTES, OK } from '@st/protocol';
import { formatDeviceAddress, parseDeviceAddress } from '../../services/devices/address';
import type { RouteModule } from '../context';

/** `?ip=` in its canonical form (`ip`, or `ip:port` when not 80). */
function canonical(ip: string): string {
  const a = parseDeviceAddress(ip);
  return a ? formatDeviceAddress(a) : ip;
}

export const savedRoutes: RouteModule = (app, ctx) => {
  const tags = ['saved devices'];
  const list = GATEWAY_ROUTES['gateway.devices.saved.list'];
  app.route({
    method: list.method,
    url: list.path,
    schema: { tags, summary: list.summary, querystring: list.query, response: { 200: list.response } },
    handler: (req) => ctx.tags.annotate(ctx.saved.list(), req.query.tag),
  });
  const add = GATEWAY_ROUTES['gateway.devices.saved.add'];
  app.route({
    method: add.method,
    url: add.path,
    schema: { tags, summary: add.summary, querystring: add.query, response: { 200: add.response } },
    handler: (req) => ctx.saved.add(canonical(req.query.ip)),
  });
  const update = GATEWAY_ROUTES['gateway.devices.saved.update'];
  app.route({
    method: update.method,
    url: update.path,
    schema: { tags, summary: update.summary, querystring: update.query, response: { 200: update.response } },
    handler: (req) => ctx.saved.update(canonical(req.query.ip)),
  });
  const remove = GATEWAY_ROUTES['gateway.devices.saved.delete'];
  app.route({
    method: remove.method,
    url: remove.path,
    schema: { tags, summary: remove.summary, querystring: remove.query, response: { 200: remove.response } },
    handler: (req) => {
      const ip = canonical(req.query.ip);
      ctx.saved.delete(ip);
      ctx.bus.emit('device.deleted', { ip }, (err) =>
        req.log.error({ err }, 'device.deleted listener failed'),
      );
      return OK;
    },
  });
};
