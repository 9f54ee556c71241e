import { useEffect, useReducer } from 'react';

export type Settled<T> = { value: T } | { error: unknown };

const outcomes = new WeakMap<Promise<unknown>, Settled<unknown>>();

/** Notes the promise's outcome once it settles, so a later useSettled of it has it on its first render. */
function follow<T>(promise: Promise<T>): Promise<void> {
  return promise.then(
    (value) => void outcomes.set(promise, { value }),
    (error: unknown) => void outcomes.set(promise, { error }),
  );
}

/**
 * A promise's outcome as component state: undefined while it is pending, then `{ value }` or `{ error }`
 * (the caller throws an error for its error boundary). Where React.use or React.lazy would suspend, what
 * waited shows with an ordinary update: React holds back the content of a suspended boundary until 300 ms
 * after its fallback showed (its fallback throttle), which kept the device list hidden ~300 ms after all it
 * needed was in (issue 21, the first list). A promise seen settled before gives its outcome at once.
 */
export function useSettled<T>(promise: Promise<T> | undefined): Settled<T> | undefined {
  const [, settled] = useReducer((count: number) => count + 1, 0);
  const outcome = promise === undefined ? undefined : (outcomes.get(promise) as Settled<T> | undefined);
  useEffect(() => {
    if (promise === undefined || outcome !== undefined) return;
    let mounted = true;
    void follow(promise).then(() => {
      if (mounted) settled();
    });
    return () => {
      mounted = false;
    };
  }, [promise, outcome]);
  return outcome;
}

/** Starts noting the promise's outcome now (a promise made before the component that waits for it). */
export function settleEarly<T>(promise: Promise<T>): Promise<T> {
  void follow(promise);
  return promise;
}
