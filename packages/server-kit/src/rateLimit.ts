/** Limits for login attempts: at most `max` within `windowMs` per key. */
export interface RateLimitRule {
  max: number;
  windowMs: number;
}

/**
 * Fixed-window counters per key (IP or login), kept in memory on each node. Expired windows are dropped
 * when a key comes back and swept once many keys pile up, so memory stays bounded by the active keys.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly rule: RateLimitRule,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one attempt; returns 0 when allowed, else the seconds until the key may try again. */
  hit(key: string): number {
    if (this.windows.size > 10_000) this.sweep();
    const t = this.now();
    const w = this.windows.get(key);
    if (!w || t - w.start >= this.rule.windowMs) {
      this.windows.set(key, { start: t, count: 1 });
      return 0;
    }
    w.count += 1;
    if (w.count <= this.rule.max) return 0;
    return Math.max(1, Math.ceil((w.start + this.rule.windowMs - t) / 1000));
  }

  /** Seconds until allowed without counting an attempt (0 = allowed). */
  peek(key: string): number {
    const t = this.now();
    const w = this.windows.get(key);
    if (!w || t - w.start >= this.rule.windowMs || w.count < this.rule.max) return 0;
    return Math.max(1, Math.ceil((w.start + this.rule.windowMs - t) / 1000));
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  sweep(): void {
    const t = this.now();
    for (const [k, w] of this.windows) if (t - w.start >= this.rule.windowMs) this.windows.delete(k);
  }
}
