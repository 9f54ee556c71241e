import { performance } from 'node:perf_hooks';

/**
 * How much time this process's event loop lost (blocked by its own work, or the process not scheduled on a
 * starved CPU) while something waited: a timer ticks every `tickMs` and every gap longer than that (beyond a
 * small slack) counts as lost. It runs only while someone waits (`hold`), so an idle node does not tick.
 * What it answers is the node's own lag, not a dependency's: a check may only time out on time the node ran.
 */
export class LoopClock {
  private timer: NodeJS.Timeout | undefined;
  private last = 0;
  private lost = 0;
  private holders = 0;

  constructor(
    private readonly tickMs = 20,
    private readonly slackMs = 10,
  ) {}

  /** Starts measuring for one waiter; call the answer to let go. */
  hold(): () => void {
    this.holders += 1;
    if (this.holders === 1) {
      this.last = performance.now();
      this.timer = setInterval(() => this.tick(), this.tickMs);
      this.timer.unref();
    }
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      this.holders -= 1;
      if (this.holders === 0) {
        this.tick();
        clearInterval(this.timer);
        this.timer = undefined;
      }
    };
  }

  /** Lost milliseconds so far (a running total: subtract an earlier reading), up to this very moment. */
  lostMs(): number {
    if (this.holders === 0) return this.lost;
    return this.lost + this.gapLoss(performance.now() - this.last);
  }

  private tick(): void {
    const now = performance.now();
    this.lost += this.gapLoss(now - this.last);
    this.last = now;
  }

  private gapLoss(gap: number): number {
    return gap > this.tickMs + this.slackMs ? gap - this.tickMs : 0;
  }
}
