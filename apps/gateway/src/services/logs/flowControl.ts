/** Something whose reading can be paused (the device log server). */
export interface Pausable {
  pause(): void;
  resume(): void;
  readonly isPaused: boolean;
}

export interface FlowControlOptions {
  /** lines accepted and not yet written */
  readonly queued: () => number;
  /** true while live subscribers are behind */
  readonly liveCongested: () => boolean;
  /** pause above this many queued lines, resume at or below `lowWater` */
  readonly highWater: number;
  readonly lowWater: number;
}

/**
 * Device reads pause while too many lines wait to be written or live subscribers are behind, and resume once
 * both have caught up, so a flood slows the devices down (TCP backpressure) instead of losing lines.
 */
export class FlowControl {
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  pauses = 0;

  constructor(
    private readonly source: Pausable,
    private readonly opts: FlowControlOptions,
  ) {}

  /** Cheap enough to call per accepted line: only looks further once the queue is over the mark. */
  afterAccept(): void {
    if (this.opts.queued() > this.opts.highWater) this.check();
  }

  check(): void {
    if (this.stopped) return;
    const behind = this.opts.queued() > this.opts.highWater || this.opts.liveCongested();
    if (behind && !this.source.isPaused) {
      this.source.pause();
      this.pauses++;
      this.timer ??= setInterval(() => this.check(), 10);
    } else if (!behind && this.source.isPaused && this.opts.queued() <= this.opts.lowWater) {
      this.source.resume();
      this.clearTimer();
    }
  }

  /** For good: later checks do nothing (the final flush on shutdown must not start a timer). */
  stop(): void {
    this.stopped = true;
    this.clearTimer();
  }

  private clearTimer(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}
