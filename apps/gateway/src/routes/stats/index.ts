import { z } from 'zod';
import type { RouteModule } from '../context';

const Counters = z.record(z.string(), z.number());

/** Gateway-only diagnostics: what the listeners accepted and what they dropped (and why). */
export const statsRoutes: RouteModule = (app, ctx) => {
  app.get(
    '/api/stats',
    {
      schema: {
        tags: ['gateway'],
        summary: 'Counters of accepted and dropped beacons and log lines',
        response: { 200: z.object({ discovery: Counters, logs: Counters }) },
      },
    },
    () => ({ discovery: { ...ctx.discovery.counters }, logs: ctx.logs.stats }),
  );
};
