import { apiErrorBody, CLOUD_ROUTES, type ReadinessResponse, routeDef } from '@st/protocol';
import type { HttpApp } from '@st/server-kit';
import type { Readiness } from './readiness';

export interface HealthRouteDeps {
  readiness: Readiness;
  nodeId: string;
  /** gateway links held by this node */
  links: () => number;
}

/**
 * `GET /api/ready` for load balancers (and `/api/health`, which only says the process answers). Public on
 * purpose: it tells whether the node works, never where its database or Redis are.
 */
export function registerHealthRoutes(app: HttpApp, deps: HealthRouteDeps): void {
  const r = routeDef('cloud.ready');
  app.get(
    CLOUD_ROUTES['cloud.ready'].path,
    { schema: { summary: r.summary }, logLevel: 'warn' },
    async (_req, reply) => {
      const report = await deps.readiness.probe();
      const body: ReadinessResponse = {
        ready: report.ready,
        node: deps.nodeId,
        stopping: report.stopping,
        checks: report.checks,
        links: deps.links(),
      };
      reply.header('cache-control', 'no-store');
      if (report.ready) return body;
      const code = report.stopping ? 'SHUTTING_DOWN' : 'NOT_READY';
      return reply.code(503).send({ ...apiErrorBody(code), ...body });
    },
  );
}
