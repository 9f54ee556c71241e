import {
  type IRateLimiterStoreOptions,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';

/** Limits for attempts (sign-in, codes): at most `max` within `windowMs` per key. */
export interface RateLimitRule {
  max: number;
  windowMs: number;
}

export interface RateLimiterOptions {
  /**
   * An ioredis client shared by every node of a cloud: the counts are kept in Redis, so N nodes allow `max`
   * attempts in all, not N x `max`. While Redis is unreachable each node counts in its own memory.
   */
  redis?: IRateLimiterStoreOptions['storeClient'];
  /** Names this limiter's keys in Redis (two limiters sharing a Redis need two prefixes). */
  prefix?: string;
}

/**
 * Fixed-window attempt counters per key (IP or login), on rate-limiter-flexible: in memory on one node, in
 * Redis when several nodes serve one cloud. Every call answers the seconds until the key may try again
 * (0 = allowed).
 */
export class RateLimiter {
  private readonly store: RateLimiterMemory | RateLimiterRedis;

  constructor(
    private readonly rule: RateLimitRule,
    options: RateLimiterOptions = {},
  ) {
    const base = {
      points: rule.max,
      duration: Math.max(1, Math.ceil(rule.windowMs / 1000)),
      keyPrefix: options.prefix ?? 'st-limit',
    };
    const memory = new RateLimiterMemory(base);
    this.store = options.redis
      ? new RateLimiterRedis({ ...base, storeClient: options.redis, insuranceLimiter: memory })
      : memory;
  }

  /** Counts one attempt; answers 0 when allowed, else the seconds until the key may try again. */
  async hit(key: string): Promise<number> {
    try {
      await this.store.consume(key);
      return 0;
    } catch (err) {
      if (err instanceof RateLimiterRes) return waitSeconds(err);
      throw err;
    }
  }

  /** Seconds until allowed, without counting an attempt (0 = allowed). */
  async peek(key: string): Promise<number> {
    const state = await this.store.get(key);
    if (!state || state.consumedPoints < this.rule.max) return 0;
    return waitSeconds(state);
  }

  /** Forgets the key's attempts (a successful sign-in clears its failures). */
  async reset(key: string): Promise<void> {
    await this.store.delete(key);
  }
}

function waitSeconds(state: RateLimiterRes): number {
  return Math.max(1, Math.ceil(state.msBeforeNext / 1000));
}
