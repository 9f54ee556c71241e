import { IdParams, OK, OkResponse, SettingsDumpCreate, SettingsDumpRecord } from '@st/protocol';
import { z } from 'zod';
import type { RouteModule } from '../context';

export const settingsRoutes: RouteModule = (app, ctx) => {
  const tags = ['settings dumps'];
  app.get(
    '/api/devices/settings',
    {
      schema: {
        tags,
        summary: 'Saved settings dumps, newest first',
        response: { 200: z.array(SettingsDumpRecord) },
      },
    },
    () => ctx.dumps.list(),
  );
  app.post(
    '/api/devices/settings',
    {
      schema: {
        tags,
        summary: 'Keep a settings dump a device exported',
        body: SettingsDumpCreate,
        response: { 200: SettingsDumpRecord },
      },
    },
    (req) => ctx.dumps.create(req.body.device, req.body.dump),
  );
  app.delete(
    '/api/devices/settings/:id',
    { schema: { tags, summary: 'Delete a settings dump', params: IdParams, response: { 200: OkResponse } } },
    (req) => {
      ctx.dumps.delete(req.params.id);
      return OK;
    },
  );
};
