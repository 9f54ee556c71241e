// Ending a server process a spec started (its own gateway or cloud).
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';

/** Sends the signal (SIGTERM: a service manager's stop; SIGKILL: a crash) and waits until the process exits. */
export async function endProcess(child: ChildProcess | undefined, signal: NodeJS.Signals): Promise<void> {
  if (child === undefined || child.exitCode !== null) return;
  const exited = once(child, 'exit');
  child.kill(signal);
  await exited;
}
