/**
 * Work under way, so a stopping part can wait for it (with a limit). A count and the waiters, not a Set of the
 * promises: this object lives as long as the node and a relayed call goes through `track` twice, and a Set
 * that grows and shrinks with every call allocates a new table each time it resizes; each table, held by this
 * old object, outlives two scavenges and is promoted, and when replaced it still points at the calls it held
 * and at its successor, which the next scavenge then promotes too (issue 22: the relay's old-generation inflow).
 */
export class WorkInFlight {
  private count = 0;
  private waiters: Array<() => void> = [];

  /** Counts `work` until it settles; returns it unchanged. */
  track<T>(work: Promise<T>): Promise<T> {
    this.count += 1;
    work.then(this.done, this.done);
    return work;
  }

  /** How much work is under way. */
  get size(): number {
    return this.count;
  }

  /** Waits until nothing is under way (work started meanwhile included) or `waitMs` passed; how much is left. */
  async settle(waitMs: number): Promise<number> {
    if (this.count === 0) return 0;
    let timer: NodeJS.Timeout | undefined;
    await new Promise<void>((resolve) => {
      timer = setTimeout(resolve, waitMs);
      this.waiters.push(resolve);
    });
    clearTimeout(timer);
    return this.count;
  }

  private readonly done = (): void => {
    this.count -= 1;
    if (this.count > 0 || this.waiters.length === 0) return;
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  };
}
