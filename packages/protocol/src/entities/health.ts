import { z } from 'zod';

/** One dependency of a cloud node (database, Redis) as the readiness probe found it. */
export const DependencyStatus = z.object({
  name: z.string(),
  ok: z.boolean(),
  error: z.string().optional(),
  /** ms the node's own event loop lagged during the check (from 100 ms): the node was slow, not the dependency */
  lagMs: z.number().int().nonnegative().optional(),
  /** no answer, but the node lagged too much to blame the dependency (never counted towards a drain) */
  inconclusive: z.boolean().optional(),
});
export type DependencyStatus = z.infer<typeof DependencyStatus>;

/**
 * `GET /api/ready` of a cloud node: 200 with `ready: true` when every dependency answers, else 503 with the
 * error body plus the same fields. Load balancers send traffic only to ready nodes.
 */
export const ReadinessResponse = z.object({
  ready: z.boolean(),
  node: z.string(),
  stopping: z.boolean(),
  checks: z.array(DependencyStatus),
  /** gateway links this node holds */
  links: z.number().int().nonnegative(),
});
export type ReadinessResponse = z.infer<typeof ReadinessResponse>;
