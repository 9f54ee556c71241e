import { performance } from 'node:perf_hooks';
import type { LoopClock } from './loopClock';

export type TimedOutcome =
  | { ok: true; lagMs: number }
  /** `inconclusive`: no answer, but the node's own event loop lagged so much it could not tell */
  | { ok: false; error: string; lagMs: number; inconclusive: boolean };

export interface TimedCheckOptions {
  /** time the node itself must have run (wall time minus its own event-loop lag) before no answer is a timeout */
  timeoutMs: number;
  /** wall time after which a check still not judged is given up as inconclusive */
  maxWaitMs: number;
  clock: LoopClock;
}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * Waits for a dependency's answer, counting the timeout in time the node ran. Under CPU starvation a node's
 * timers fire late and, in Node's loop, a late timer runs before the socket reads that may already hold the
 * answer: a plain race then blames the dependency for the node's own lag. Here, when the deadline passes,
 * pending I/O is let in first (setImmediate runs after the poll phase) and an answer that had arrived counts;
 * time the loop lost (LoopClock) is added to the deadline; only a wait of `timeoutMs` of the node's own
 * running time without an answer is a timeout. A node that keeps lagging past `maxWaitMs` cannot judge: the
 * outcome is inconclusive (not ok, but not held against the dependency either).
 */
export function timedCheck(
  name: string,
  work: Promise<unknown>,
  opts: TimedCheckOptions,
): Promise<TimedOutcome> {
  const { timeoutMs, maxWaitMs, clock } = opts;
  const release = clock.hold();
  const started = performance.now();
  const lostAtStart = clock.lostMs();
  const lag = () => Math.round(clock.lostMs() - lostAtStart);
  return new Promise<TimedOutcome>((resolve) => {
    let done = false;
    let timer: NodeJS.Timeout | undefined;
    const finish = (outcome: TimedOutcome) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      release();
      resolve(outcome);
    };
    work.then(
      () => finish({ ok: true, lagMs: lag() }),
      (err: unknown) => finish({ ok: false, error: message(err), lagMs: lag(), inconclusive: false }),
    );
    const judge = () => {
      if (done) return;
      const elapsed = performance.now() - started;
      const lagMs = lag();
      const ran = elapsed - lagMs;
      if (ran >= timeoutMs) {
        finish({
          ok: false,
          error: `${name} did not answer within ${timeoutMs} ms`,
          lagMs,
          inconclusive: false,
        });
      } else if (elapsed >= maxWaitMs) {
        finish({
          ok: false,
          error: `${name} did not answer, but this node's event loop lagged ${lagMs} ms of ${Math.round(elapsed)} ms`,
          lagMs,
          inconclusive: true,
        });
      } else {
        arm(Math.min(timeoutMs - ran, maxWaitMs - elapsed));
      }
    };
    const arm = (ms: number) => {
      // After the timers, the poll phase reads sockets; setImmediate runs after it: an answer that arrived
      // while the loop was blocked settles `work` before the check is judged.
      timer = setTimeout(() => setImmediate(judge), Math.max(1, ms));
    };
    arm(timeoutMs);
  });
}
