export interface RolloutTimings {
  /** how often every running rollout takes a step (default 1000 ms) */
  readonly tickMs: number;
  /** how often a soaking device is asked for its version and uptime (default 5000 ms) */
  readonly probeMs: number;
}

export const DEFAULT_ROLLOUT_TIMINGS: RolloutTimings = { tickMs: 1000, probeMs: 5000 };
