import type { Logger } from '@st/server-kit';

/** One dependency the node cannot work without (the database, Redis): resolves when it answers. */
export interface DependencyCheck {
  readonly name: string;
  check(): Promise<void>;
}

export interface CheckOutcome {
  name: string;
  ok: boolean;
  /** why it failed (a driver message; never a secret: URLs are not echoed) */
  error?: string;
}

export interface ReadinessReport {
  ready: boolean;
  stopping: boolean;
  checks: CheckOutcome[];
}

export interface ReadinessOptions {
  /** how long one check may take before it counts as failed */
  timeoutMs: number;
  /** how often the node checks itself in the background (only when `onDrain` is set) */
  intervalMs: number;
  /** consecutive failed rounds before the node drains */
  failuresToDrain: number;
  /** the node lost a dependency: hand its links and live sessions to the other nodes */
  onDrain?: (report: ReadinessReport) => void;
  logger: Logger;
}

function withTimeout<T>(work: Promise<T>, ms: number, name: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${name} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Whether this node can serve: every dependency answers and the node is not stopping. The load balancer asks
 * `GET /api/ready`; in a cluster the node also checks itself and drains (closes its gateway links and live
 * sessions, which reconnect through the balancer to a healthy node) after `failuresToDrain` failed rounds.
 */
export class Readiness {
  private stoppingFlag = false;
  private timer: NodeJS.Timeout | undefined;
  private failures = 0;
  private drained = false;

  constructor(
    private readonly checks: readonly DependencyCheck[],
    private readonly opts: ReadinessOptions,
  ) {}

  get stopping(): boolean {
    return this.stoppingFlag;
  }

  /** Checks every dependency now, in parallel. */
  async probe(): Promise<ReadinessReport> {
    const checks = await Promise.all(
      this.checks.map(async (c): Promise<CheckOutcome> => {
        try {
          await withTimeout(c.check(), this.opts.timeoutMs, c.name);
          return { name: c.name, ok: true };
        } catch (err) {
          return { name: c.name, ok: false, error: err instanceof Error ? err.message : String(err) };
        }
      }),
    );
    const stopping = this.stoppingFlag;
    return { ready: !stopping && checks.every((c) => c.ok), stopping, checks };
  }

  start(): void {
    if (!this.opts.onDrain) return;
    this.timer = setInterval(() => void this.round(), this.opts.intervalMs);
    this.timer.unref();
  }

  /** From now on the node answers not-ready, so the balancer sends nothing new here. */
  markStopping(): void {
    this.stoppingFlag = true;
  }

  stop(): void {
    this.markStopping();
    clearInterval(this.timer);
  }

  private async round(): Promise<void> {
    const report = await this.probe();
    if (report.stopping) return;
    if (report.ready) {
      if (this.drained) this.opts.logger.info('dependencies back: node ready again');
      this.failures = 0;
      this.drained = false;
      return;
    }
    this.failures += 1;
    this.opts.logger.warn({ checks: report.checks, failures: this.failures }, 'node not ready');
    // Every failed round past the threshold drains again: sessions that reached the node meanwhile (a client
    // that bypasses the balancer) cannot work without the node's dependencies either.
    if (this.failures >= this.opts.failuresToDrain) {
      if (!this.drained) this.opts.logger.warn('draining: closing gateway links and live sessions');
      this.drained = true;
      this.opts.onDrain?.(report);
    }
  }
}
