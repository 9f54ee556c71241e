import type { Logger } from '@st/server-kit';
import { LoopClock } from './loopClock';
import { timedCheck } from './timedCheck';

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
  /** ms this node's own event loop lagged while it waited (shown when it mattered: 100 ms or more) */
  lagMs?: number;
  /** no answer, but the node lagged too much to blame the dependency: not counted towards a drain */
  inconclusive?: boolean;
}

export interface ReadinessReport {
  ready: boolean;
  stopping: boolean;
  checks: CheckOutcome[];
}

export interface ReadinessOptions {
  /** how long one check may take, in time the node itself ran (its own event-loop lag does not count) */
  timeoutMs: number;
  /** wall time after which a check of a node that keeps lagging is given up as inconclusive (default 3 x timeout) */
  maxWaitMs?: number;
  /** how often the node checks itself in the background (only when `onDrain` is set) */
  intervalMs: number;
  /** consecutive failed rounds before the node drains (inconclusive rounds neither count nor reset) */
  failuresToDrain: number;
  /** the node lost a dependency: hand its links and live sessions to the other nodes */
  onDrain?: (report: ReadinessReport) => void;
  logger: Logger;
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
  private readonly clock = new LoopClock();

  constructor(
    private readonly checks: readonly DependencyCheck[],
    private readonly opts: ReadinessOptions,
  ) {}

  get stopping(): boolean {
    return this.stoppingFlag;
  }

  /** Checks every dependency now, in parallel. */
  async probe(): Promise<ReadinessReport> {
    const { timeoutMs } = this.opts;
    const maxWaitMs = this.opts.maxWaitMs ?? 3 * timeoutMs;
    const checks = await Promise.all(
      this.checks.map(async (c): Promise<CheckOutcome> => {
        const o = await timedCheck(c.name, (async () => c.check())(), {
          timeoutMs,
          maxWaitMs,
          clock: this.clock,
        });
        const lag = o.lagMs >= 100 ? { lagMs: o.lagMs } : {};
        if (o.ok) return { name: c.name, ok: true, ...lag };
        return {
          name: c.name,
          ok: false,
          error: o.error,
          ...lag,
          ...(o.inconclusive ? { inconclusive: true } : {}),
        };
      }),
    );
    const stopping = this.stoppingFlag;
    return { ready: !stopping && checks.every((c) => c.ok), stopping, checks };
  }

  start(): void {
    if (!this.opts.onDrain) return;
    this.schedule();
  }

  /** The next round starts `intervalMs` after the last one ended: rounds never overlap, however long one takes. */
  private schedule(): void {
    if (this.stoppingFlag) return;
    this.timer = setTimeout(
      () =>
        void this.round()
          .catch((err: unknown) => this.opts.logger.error({ err }, 'readiness round failed'))
          .finally(() => this.schedule()),
      this.opts.intervalMs,
    );
    this.timer.unref();
  }

  /** From now on the node answers not-ready, so the balancer sends nothing new here. */
  markStopping(): void {
    this.stoppingFlag = true;
  }

  stop(): void {
    this.markStopping();
    clearTimeout(this.timer);
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
    if (report.checks.every((c) => c.ok || c.inconclusive)) {
      // Nothing failed that the node could judge: its own event loop was too late to tell (CPU starvation,
      // a long synchronous task). Draining would move every link because of the node's lag, not a dependency.
      this.opts.logger.warn(
        { checks: report.checks, failures: this.failures },
        'node lagging: checks inconclusive',
      );
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
