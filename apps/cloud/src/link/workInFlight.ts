/** Promises of work under way, so a stopping part can wait for them (with a limit). */
export class WorkInFlight {
  private readonly pending = new Set<Promise<unknown>>();

  /** Keeps `work` until it settles; returns it unchanged. */
  track<T>(work: Promise<T>): Promise<T> {
    this.pending.add(work);
    const done = () => this.pending.delete(work);
    work.then(done, done);
    return work;
  }

  /** Waits until nothing is under way (work started meanwhile included) or `waitMs` passed; how much is left. */
  async settle(waitMs: number): Promise<number> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), waitMs);
    });
    try {
      while (this.pending.size > 0) {
        if ((await Promise.race([Promise.allSettled([...this.pending]), late])) === 'late') break;
      }
      return this.pending.size;
    } finally {
      clearTimeout(timer);
    }
  }
}
