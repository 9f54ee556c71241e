import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { waitFor } from '@st/testkit';

export const repoRoot = new URL('../../../..', import.meta.url).pathname;

/** A server of this repository as an OS process of its own (from source, through tsx), to kill with -9. */
export interface ServerProcess {
  pid(): number | undefined;
  /** starts it (again, with the same settings) and waits until `readyPath` answers 200 */
  start(): Promise<void>;
  /** kill -9: no cleanup at all, as when a machine dies */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

export function serverProcess(
  app: 'cloud' | 'gateway',
  url: string,
  readyPath: string,
  env: Record<string, string>,
): ServerProcess {
  const main = join(repoRoot, 'apps', app, 'src', 'main.ts');
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  const end = async (signal: NodeJS.Signals) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    child.kill(signal);
    await exited;
  };
  return {
    pid: () => child?.pid,
    async start() {
      const proc = spawn(process.execPath, ['--import', 'tsx', main], {
        cwd: repoRoot,
        env: { ...process.env, ST_HOST: '127.0.0.1', ST_LOG_LEVEL: 'warn', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      const keep = (d: Buffer) => {
        output = (output + d.toString()).slice(-8000);
      };
      proc.stdout?.on('data', keep);
      proc.stderr?.on('data', keep);
      child = proc;
      exited = new Promise((r) => proc.once('exit', () => r()));
      const died = exited.then(() => {
        throw new Error(`${app} on ${url} exited (${proc.exitCode ?? proc.signalCode}): ${output}`);
      });
      const ready = waitFor(
        async () => (await fetch(`${url}${readyPath}`).catch(() => undefined))?.status === 200,
        { timeoutMs: 60_000, intervalMs: 100, what: `${app} process on ${url}` },
      );
      await Promise.race([ready, died]);
      died.catch(() => undefined);
    },
    kill: () => end('SIGKILL'),
    stop: () => end('SIGTERM'),
  };
}
