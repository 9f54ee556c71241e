import { describe, expect, it } from 'vitest';
import { WorkInFlight } from './workInFlight';

const deferred = () => {
  let resolve: () => void = () => {};
  let reject: (e: Error) => void = () => {};
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};

describe('WorkInFlight', () => {
  it('settles at once with nothing under way', async () => {
    expect(await new WorkInFlight().settle(1000)).toBe(0);
  });

  it('waits for work under way, failed work included, and for work started meanwhile', async () => {
    const work = new WorkInFlight();
    const a = deferred();
    const b = deferred();
    const c = deferred();
    void work.track(a.promise);
    work.track(b.promise).catch(() => undefined);
    expect(work.size).toBe(2);
    let settled: number | undefined;
    const waiting = work.settle(5000).then((left) => {
      settled = left;
    });
    a.resolve();
    b.reject(new Error('failed'));
    void work.track(c.promise);
    await new Promise((r) => setTimeout(r, 20));
    expect(settled).toBeUndefined();
    c.resolve();
    await waiting;
    expect(settled).toBe(0);
  });

  it('gives up after the limit and says how much is left', async () => {
    const work = new WorkInFlight();
    void work.track(deferred().promise);
    expect(await work.settle(30)).toBe(1);
  });
});
