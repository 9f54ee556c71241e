/** Where the rollouts read the time: every deadline (soak, window, lifetime) is measured on it. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/**
 * Real time moved by a settable offset: time flows as usual, and `advance` jumps ahead (tests: a device away
 * for two hours, a soak of ten minutes, a rollout's seven-day life, without waiting for them).
 */
export class ShiftedClock implements Clock {
  private offset = 0;
  now(): number {
    return Date.now() + this.offset;
  }
  advance(ms: number): void {
    this.offset += ms;
  }
}
