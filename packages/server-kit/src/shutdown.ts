import type { Logger } from 'pino';

export interface StopStep {
  readonly name: string;
  readonly stop: () => Promise<void> | void;
}

/** Runs the steps one after another in the declared order; a failing step is logged and the rest still run. */
export async function stopInOrder(steps: readonly StopStep[], logger: Logger): Promise<void> {
  for (const step of steps) {
    try {
      await step.stop();
    } catch (err) {
      logger.error({ err, step: step.name }, 'stop step failed');
    }
  }
}

export interface ShutdownOptions {
  readonly stop: () => Promise<void>;
  readonly logger: Logger;
  readonly signals?: readonly NodeJS.Signals[];
  /** give up waiting for stop() after this long and exit with 1 */
  readonly timeoutMs?: number;
  readonly exit?: (code: number) => void;
}

/**
 * On the first SIGINT/SIGTERM runs stop() and exits 0 (1 if it failed or took too long);
 * a second signal exits at once with 1. Returns a function that removes the listeners.
 */
export function handleShutdownSignals(opts: ShutdownOptions): () => void {
  const signals = opts.signals ?? ['SIGINT', 'SIGTERM'];
  const exit = opts.exit ?? ((code: number) => process.exit(code));
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals): void => {
    if (stopping) {
      opts.logger.warn({ signal }, 'second signal, exiting now');
      exit(1);
      return;
    }
    stopping = true;
    opts.logger.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      opts.logger.error('shutdown took too long, exiting');
      exit(1);
    }, opts.timeoutMs ?? 15_000);
    timer.unref();
    opts.stop().then(
      () => {
        clearTimeout(timer);
        exit(0);
      },
      (err: unknown) => {
        clearTimeout(timer);
        opts.logger.error({ err }, 'shutdown failed');
        exit(1);
      },
    );
  };
  for (const s of signals) process.on(s, onSignal);
  return () => {
    for (const s of signals) process.off(s, onSignal);
  };
}
