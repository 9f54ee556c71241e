import { DeviceInfoSchema } from '@st/protocol';
import { z } from 'zod';
import type { RouteModule } from '../context';

export const foundRoutes: RouteModule = (app, ctx) => {
  app.get(
    '/api/devices/found',
    {
      schema: {
        tags: ['devices'],
        summary: 'Devices heard on the discovery channel recently',
        response: { 200: z.array(DeviceInfoSchema) },
      },
    },
    () => ctx.discovery.list(),
  );
  app.get(
    '/api/devices/search/enabled',
    {
      schema: {
        tags: ['devices'],
        summary: 'Whether the gateway listens for device beacons',
        response: { 200: z.boolean() },
      },
    },
    () => ctx.discovery.enabled,
  );
};
