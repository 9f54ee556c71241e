// The cloud nodes of a bench run: each a built cloud app in its own process on PostgreSQL and Redis, with the
// loop probe preloaded, placed on its core (share.ts), its warnings and errors shown as they come.
import { appendFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freeTcpPort } from '@st/testkit';
import { type AppProcess, startApp } from '../lib/process';
import { placeNode, type Sharing } from './share';

export const PASSWORD = 'bench-password-1';
/** preloaded into every process of the bench: its event-loop delay, GC pauses and CPU, one line a second */
export const LOOP_PROBE = join(new URL('.', import.meta.url).pathname, 'loopProbe.mjs');

export interface BenchNode {
  app: AppProcess;
  url: string;
  /** starts the node again on the same port, data and settings */
  start: () => AppProcess;
  /** where its probe answers with its memory after a full GC (measure.ts memoryAfterGc) */
  memoryFile: string;
}

export interface NodeSetup {
  databaseUrl: string;
  redisUrl: string;
  sharing: Sharing;
  /** the probe's file for a process of this name */
  loopFile: (name: string) => string;
  /** a data directory per node, removed by the caller */
  dirs: string[];
  /** lines each node wrote to its log (warnings and errors), by node */
  output: number[];
  /** links each node will hold (a node of 5,000 or more runs with docs/deploy.md's large-node options) */
  linksPerNode: number;
}

/** Starts node `i` (the caller waits for its readiness). */
export async function startNode(i: number, s: NodeSetup): Promise<BenchNode> {
  const port = await freeTcpPort();
  const dir = mkdtempSync(join(tmpdir(), 'st-bench-scale-'));
  s.dirs.push(dir);
  const heapProfile = process.env.BENCH_SCALE_NODE_HEAP_PROFILE;
  const profDir = process.env.BENCH_SCALE_CPU_PROF;
  const nodeLog = process.env.BENCH_SCALE_NODE_LOG;
  const memoryFile = `${s.loopFile(`node${i}`)}.memory`;
  const env = {
    ST_PORT: String(port),
    ST_HOST: '127.0.0.1',
    ST_DATA_DIR: dir,
    DATABASE_URL: s.databaseUrl,
    REDIS_URL: s.redisUrl,
    ST_SECRET: 'bench-scale-secret-0123456789abcdef',
    ST_ADMIN_LOGIN: 'admin',
    ST_ADMIN_PASSWORD: PASSWORD,
    ST_LOGIN_MAX_PER_IP: '100000',
    BENCH_LOOP_FILE: s.loopFile(`node${i}`),
    // memory after a full GC, when the bench asks (loopProbe.mjs; memoryAfterGc in measure.ts)
    BENCH_MEMORY_FILE: memoryFile,
    // BENCH_SCALE_NODE_HEAP_PROFILE=<file>: node i writes <file>.node<i>.heapprofile, what survived its young
    // generation during the timed window (loopProbe.mjs), and the run prints the sites (heapProfile.ts)
    ...(heapProfile ? { BENCH_HEAP_PROFILE: `${heapProfile}.node${i}.heapprofile` } : {}),
    // BENCH_SCALE_NODE_HEAP_PROFILE_KEEP=retained: what is still alive after the window (loopProbe.mjs)
    BENCH_HEAP_PROFILE_KEEP: process.env.BENCH_SCALE_NODE_HEAP_PROFILE_KEEP ?? 'promoted',
  };
  const start = () => {
    const app = startApp(
      'cloud',
      env,
      [],
      [
        '--import',
        LOOP_PROBE,
        // BENCH_SCALE_CPU_PROF=<dir>: each node writes a V8 CPU profile there when it stops
        ...(profDir ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : []),
        // BENCH_SCALE_NODE_ARGS="--trace-gc ...": more options for the nodes' node (with BENCH_SCALE_NODE_LOG)
        ...(process.env.BENCH_SCALE_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
      ],
      // The node's warnings and errors (its log at ST_LOG_LEVEL=warn), so a run says what went wrong: the
      // first 20 lines of each node as they come, then only how many more (printed at the end).
      (line) => {
        // BENCH_SCALE_NODE_LOG=<file>: every line of every node, with the time it was read
        if (nodeLog) appendFileSync(nodeLog, `${Date.now()} node${i} ${line}\n`);
        s.output[i] = (s.output[i] ?? 0) + 1;
        if ((s.output[i] ?? 0) <= 20)
          console.error(`[node${i}] ${line.length > 400 ? `${line.slice(0, 400)}...` : line}`);
      },
      { links: s.linksPerNode },
    );
    placeNode(s.sharing, app.pid);
    return app;
  };
  return { app: start(), url: `http://127.0.0.1:${port}`, start, memoryFile };
}
