import { describe, expect, it } from 'vitest';
import { runEach } from './runEach';

describe('runEach', () => {
  it('runs every item once, never more than the limit at a time', async () => {
    let running = 0;
    let most = 0;
    const done: number[] = [];
    await runEach([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      running++;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, n % 3));
      done.push(n);
      running--;
    });
    expect(done.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(most).toBe(3);
  });

  it('does nothing for no items', async () => {
    let calls = 0;
    await runEach([], 4, async () => {
      calls++;
    });
    expect(calls).toBe(0);
  });
});
