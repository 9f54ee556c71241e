/** Thrown when a job's AbortSignal fires while it waits. */
export class AbortedError extends Error {
  constructor() {
    super('aborted');
    this.name = 'AbortedError';
  }
}

/** Thrown when a step does not finish in time; the message is for a person. */
export class StepTimeoutError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StepTimeoutError';
  }
}

/**
 * Waits for `start` to settle, at most `timeoutMs`, giving up at once when `signal` aborts. `start` returns
 * its own cleanup, which always runs (listeners removed, timers cleared).
 */
export function waitStep<T>(
  signal: AbortSignal,
  timeoutMs: number,
  timeoutMessage: string,
  start: (resolve: (value: T) => void, reject: (err: Error) => void) => () => void,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) {
      reject(new AbortedError());
      return;
    }
    let done = false;
    let cleanup: () => void = () => {};
    const finish = (fn: () => void) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      cleanup();
      fn();
    };
    const onAbort = () => finish(() => reject(new AbortedError()));
    const timer = setTimeout(() => finish(() => reject(new StepTimeoutError(timeoutMessage))), timeoutMs);
    signal.addEventListener('abort', onAbort, { once: true });
    cleanup = start(
      (value) => finish(() => resolve(value)),
      (err) => finish(() => reject(err)),
    );
    if (done) cleanup();
  });
}
