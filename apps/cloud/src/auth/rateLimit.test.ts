import { type RedisServer, startRedis } from '@st/testkit';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RateLimiter } from './rateLimit';

describe('login rate limiter', () => {
  it('allows max attempts per window, then says how long to wait; reset forgets the key', async () => {
    const limiter = new RateLimiter({ max: 3, windowMs: 60_000 });
    expect([await limiter.hit('ip'), await limiter.hit('ip'), await limiter.hit('ip')]).toEqual([0, 0, 0]);
    const wait = await limiter.hit('ip');
    expect(wait).toBeGreaterThan(50);
    expect(wait).toBeLessThanOrEqual(60);
    expect(await limiter.peek('ip')).toBe(wait);
    expect(await limiter.hit('other')).toBe(0);
    await limiter.reset('ip');
    expect(await limiter.peek('ip')).toBe(0);
  });

  it('peek does not count an attempt', async () => {
    const limiter = new RateLimiter({ max: 1, windowMs: 60_000 });
    for (let i = 0; i < 5; i++) expect(await limiter.peek('login')).toBe(0);
    expect(await limiter.hit('login')).toBe(0);
    expect(await limiter.hit('login')).toBeGreaterThan(0);
  });

  describe('several nodes on one Redis', () => {
    let redis: RedisServer;
    const clients: Redis[] = [];
    beforeAll(async () => {
      redis = await startRedis();
    });
    afterAll(async () => {
      for (const c of clients) c.disconnect();
      await redis.stop();
    });

    it('counts the attempts of every node against one limit', async () => {
      const nodes = [0, 1, 2].map(() => {
        const client = new Redis(redis.url);
        clients.push(client);
        return new RateLimiter({ max: 4, windowMs: 60_000 }, { redis: client, prefix: 'test-shared' });
      });
      const waits: number[] = [];
      // six attempts spread over three nodes: a per-node count (2 each) would allow all of them
      for (let i = 0; i < 6; i++) waits.push(await (nodes[i % 3] as RateLimiter).hit('10.0.0.9'));
      expect(waits.slice(0, 4)).toEqual([0, 0, 0, 0]);
      expect(waits[4]).toBeGreaterThan(0);
      expect(waits[5]).toBeGreaterThan(0);
      expect(await (nodes[2] as RateLimiter).peek('10.0.0.9')).toBeGreaterThan(0);
      await (nodes[0] as RateLimiter).reset('10.0.0.9');
      expect(await (nodes[1] as RateLimiter).peek('10.0.0.9')).toBe(0);
    });
  });
});
