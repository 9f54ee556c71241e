import { LOGS, LogMessage, LogsQuery } from '@st/protocol';
import { z } from 'zod';
import type { RouteModule } from '../context';

export const logsRoutes: RouteModule = (app, ctx) => {
  app.get(
    '/api/devices/logs',
    {
      schema: {
        tags: ['logs'],
        summary: 'Device log history, newest first, filtered',
        description:
          '`device`: substring of the device name or address; `tag`, `message`: substrings (case-insensitive); ' +
          '`level`: minimum level; `limit`: how many lines.',
        querystring: LogsQuery,
        response: { 200: z.array(LogMessage) },
      },
    },
    (req) =>
      ctx.logs.query({
        device: req.query.device || undefined,
        tag: req.query.tag || undefined,
        message: req.query.message || undefined,
        level: req.query.level,
        limit: req.query.limit ?? LOGS.queryDefaultLimit,
      }),
  );
};
