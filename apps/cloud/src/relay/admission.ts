import { ApiError } from '@st/protocol';

/** pg's message when no pooled connection frees up within `connectionTimeoutMillis`. */
const POOL_TIMEOUT = /timeout exceeded when trying to connect/i;

export const busy = () => new ApiError('CLOUD_BUSY');

/**
 * Load shedding in front of the relay: at most `max` relayed requests may be in their checking phase (session,
 * ownership: database work) at once; more answer 503 CLOUD_BUSY at once, with Retry-After, instead of
 * queueing behind the database pool until every waiting user times out. Measured by bench/cloud-scale: an
 * offered load above what the node can do no longer turns into 30-second waits and 500s.
 */
export class Admission {
  private active = 0;

  constructor(private readonly max: number) {}

  get admitting(): number {
    return this.active;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.max) throw busy();
    this.active += 1;
    try {
      return await work();
    } catch (err) {
      if (err instanceof Error && POOL_TIMEOUT.test(err.message)) throw busy();
      throw err;
    } finally {
      this.active -= 1;
    }
  }
}
