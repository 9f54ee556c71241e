// Running the built servers as separate processes and reading what they cost from /proc.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { waitFor } from '@st/testkit';
import { serverNodeArgs } from '../../scripts/node-args.mjs';

const root = new URL('../..', import.meta.url).pathname;

export interface AppProcess {
  child: ChildProcess;
  pid: number;
  stop(): Promise<void>;
}

/** Starts apps/<name>/dist/main.js (run `npm run build` first) with the given environment and arguments. */
export function startApp(
  name: 'gateway' | 'cloud' | 'simulator',
  env: Record<string, string>,
  args: string[] = [],
  /** options for node itself (e.g. --cpu-prof) */
  nodeArgs: string[] = [],
  /** each line the app writes to stdout (its log at ST_LOG_LEVEL=warn: warnings and errors); absent: dropped */
  onOutput?: (line: string) => void,
  /** what the node is meant to hold: a cloud node for 5,000 links or more gets the large-node options */
  plan: { links?: number } = {},
): AppProcess {
  const main = join(root, 'apps', name, 'dist', 'main.js');
  if (!existsSync(main)) throw new Error(`${main} is missing: run npm run build first`);
  // The options npm start and docs/deploy.md give node for this server (the cloud's old-generation floor, larger
  // for a node of 5,000 links or more; BENCH_SERVER_NODE_ARGS=0 leaves them out, to compare), then the bench's own.
  const shipped = process.env.BENCH_SERVER_NODE_ARGS === '0' ? [] : serverNodeArgs(name, plan);
  const child = spawn(process.execPath, [...shipped, ...nodeArgs, main, ...args], {
    env: { ...process.env, ...env, ST_LOG_LEVEL: 'warn' },
    stdio: ['ignore', onOutput ? 'pipe' : 'ignore', 'inherit'],
  });
  if (onOutput && child.stdout) {
    let rest = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const l of lines) if (l.trim() !== '') onOutput(l);
    });
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const pid = child.pid;
  if (pid === undefined) throw new Error(`could not start ${name}`);
  return {
    child,
    pid,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await Promise.race([exited, sleep(5000).then(() => child.kill('SIGKILL'))]);
    },
  };
}

/** Resident set size of a process, in MiB. */
export function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

/** CPU time a process has used so far, in clock ticks (1/100 s). */
export function cpuTicks(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return Number(fields[11]) + Number(fields[12]);
}

/** Average CPU use (percent of one core) and the RSS at the end of a `ms` window. */
export async function sample(pid: number, ms: number): Promise<{ cpuPercent: number; rssMiB: number }> {
  const t0 = cpuTicks(pid);
  await sleep(ms);
  const ticks = cpuTicks(pid) - t0;
  return { cpuPercent: (ticks / 100 / (ms / 1000)) * 100, rssMiB: rssMiB(pid) };
}

export async function waitHttpOk(url: string, timeoutMs = 30_000): Promise<void> {
  await waitFor(async () => (await fetch(url)).ok, { timeoutMs, intervalMs: 100, what: url });
}
