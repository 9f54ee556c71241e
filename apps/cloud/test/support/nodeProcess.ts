import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { freeTcpPort, waitFor } from '@st/testkit';

const root = new URL('../../../..', import.meta.url).pathname;
const main = join(root, 'apps', 'cloud', 'src', 'main.ts');

/** A cloud node as its own process (from source, through tsx), so a test can kill it with -9. */
export interface NodeProcess {
  readonly port: number;
  readonly url: string;
  readonly address: string;
  pid(): number | undefined;
  /** starts it (again, on the same port) and waits until it answers ready */
  start(): Promise<void>;
  /** kill -9: no cleanup at all, as when a machine dies */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

export async function cloudNodeProcess(env: Record<string, string>): Promise<NodeProcess> {
  const port = await freeTcpPort();
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  const end = async (signal: NodeJS.Signals) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    child.kill(signal);
    await exited;
  };
  return {
    port,
    url,
    address: `127.0.0.1:${port}`,
    pid: () => child?.pid,
    async start() {
      const proc = spawn(process.execPath, ['--import', 'tsx', main], {
        cwd: root,
        env: {
          ...process.env,
          ST_PORT: String(port),
          ST_HOST: '127.0.0.1',
          ST_LOG_LEVEL: 'warn',
          ST_WEB_DIST: join(root, 'no-console-here'),
          ...env,
        },
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
        throw new Error(`cloud node on ${port} exited (${proc.exitCode ?? proc.signalCode}): ${output}`);
      });
      const ready = waitFor(
        async () => (await fetch(`${url}/api/ready`).catch(() => undefined))?.status === 200,
        { timeoutMs: 60_000, intervalMs: 100, what: `cloud node on ${port}` },
      );
      await Promise.race([ready, died]);
      died.catch(() => undefined);
    },
    kill: () => end('SIGKILL'),
    stop: () => end('SIGTERM'),
  };
}
