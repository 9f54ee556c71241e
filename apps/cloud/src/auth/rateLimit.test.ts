import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rateLimit';

describe('login rate limiter', () => {
  it('allows max attempts per window, then says how long to wait, and forgets after the window', () => {
    let now = 0;
    const limiter = new RateLimiter({ max: 3, windowMs: 60_000 }, () => now);
    expect([limiter.hit('ip'), limiter.hit('ip'), limiter.hit('ip')]).toEqual([0, 0, 0]);
    now = 15_000;
    expect(limiter.hit('ip')).toBe(45);
    expect(limiter.peek('ip')).toBe(45);
    expect(limiter.hit('other')).toBe(0);
    now = 60_000;
    expect(limiter.hit('ip')).toBe(0);
    limiter.reset('ip');
    expect(limiter.peek('ip')).toBe(0);
  });
});
