import { DeviceIpQuery, OK, OkResponse, SavedDevice } from '@st/protocol';
import { z } from 'zod';
import { formatDeviceAddress, parseDeviceAddress } from '../../services/devices/address';
import type { RouteModule } from '../context';

/** `?ip=` in its canonical form (`ip`, or `ip:port` when not 80). */
function canonical(ip: string): string {
  const a = parseDeviceAddress(ip);
  return a ? formatDeviceAddress(a) : ip;
}

export const savedRoutes: RouteModule = (app, ctx) => {
  const tags = ['saved devices'];
  app.get(
    '/api/devices/saved',
    { schema: { tags, summary: 'Saved devices', response: { 200: z.array(SavedDevice) } } },
    () => ctx.saved.list(),
  );
  app.post(
    '/api/devices/saved',
    {
      schema: {
        tags,
        summary: 'Save the device at this address (asks the device for its info)',
        querystring: DeviceIpQuery,
        response: { 200: SavedDevice },
      },
    },
    (req) => ctx.saved.add(canonical(req.query.ip)),
  );
  app.put(
    '/api/devices/saved',
    {
      schema: {
        tags,
        summary: 'Re-read a saved device and store what it says now',
        querystring: DeviceIpQuery,
        response: { 200: SavedDevice },
      },
    },
    (req) => ctx.saved.update(canonical(req.query.ip)),
  );
  app.delete(
    '/api/devices/saved',
    {
      schema: {
        tags,
        summary: 'Forget a saved device',
        querystring: DeviceIpQuery,
        response: { 200: OkResponse },
      },
    },
    (req) => {
      ctx.saved.delete(canonical(req.query.ip));
      return OK;
    },
  );
};
