// Who shares the CPU with the cloud nodes under test. The load generator (this process: the users' browsers)
// and the link holders (the users' gateways) stand for machines that are not the node's: in a deployment they
// never take a core from it. On one shared machine they would, so the bench gives them a place of their own:
// - pinned (one node): the bench itself, and everything it starts after pinning itself (Redis, PostgreSQL,
//   the link holders), runs on the last core; the node runs alone on the others (`taskset`, util-linux);
// - lower priority (several nodes, which need every core): the generator and the link holders run at nice
//   10, so when a node and one of them are runnable at once the node gets the core; Redis and PostgreSQL
//   (the deployment's own servers) and the nodes keep the normal priority.
// What is measured does not change: the round trip the user's relayed call sees at the node, timed by the
// generator. Overrides: BENCH_SCALE_PIN=0|1, BENCH_SCALE_HARNESS_NICE=<0..19>.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { availableParallelism, setPriority } from 'node:os';

export interface Sharing {
  /** the harness on the last core, the nodes on the others */
  pinned: boolean;
  /** the nice value of the load generator and the link holders (0: same priority as the nodes) */
  harnessNice: number;
  harnessCpu: number;
  nodeCpus: string;
}

export function sharingFor(nodes: number): Sharing {
  const cpus = availableParallelism();
  const canPin = cpus >= 2 && spawnSync('taskset', ['-V']).status === 0;
  const pinEnv = process.env.BENCH_SCALE_PIN;
  const niceEnv = process.env.BENCH_SCALE_HARNESS_NICE;
  return {
    pinned: canPin && (pinEnv === undefined ? nodes === 1 : pinEnv === '1'),
    harnessNice: niceEnv === undefined ? (nodes > 1 ? 10 : 0) : Number(niceEnv),
    harnessCpu: cpus - 1,
    nodeCpus: process.env.BENCH_SCALE_NODE_CPUS ?? (cpus > 2 ? `0-${cpus - 2}` : '0'),
  };
}

/** The process's threads (nice values and affinity are per thread on Linux). */
function threads(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).map(Number);
  } catch {
    return [pid];
  }
}

function renice(pid: number, nice: number): void {
  for (const tid of threads(pid)) {
    try {
      setPriority(tid, nice);
    } catch (err) {
      console.error(`could not set nice ${nice} on ${tid}: ${String(err)}`);
    }
  }
}

function taskset(cpus: string, pid: number): void {
  const r = spawnSync('taskset', ['-a', '-p', '-c', cpus, String(pid)], { encoding: 'utf8' });
  if (r.status !== 0) console.error(`taskset ${cpus} ${pid} failed: ${r.stderr}`);
}

/** First thing of a run: the bench (and what it starts from now on) on the harness core. */
export function pinHarness(s: Sharing): void {
  if (s.pinned) taskset(String(s.harnessCpu), process.pid);
}

/** After Redis and PostgreSQL started: the generator's priority (link holders forked later inherit it). */
export function lowerHarness(s: Sharing): void {
  if (s.harnessNice !== 0) renice(process.pid, s.harnessNice);
}

/** Each node as it starts: its own cores, normal priority. */
export function placeNode(s: Sharing, pid: number): void {
  if (s.pinned) taskset(s.nodeCpus, pid);
  if (s.harnessNice !== 0) renice(pid, 0);
}

/** End of a run: the bench back on every core at normal priority (the next profile may share differently). */
export function restoreHarness(s: Sharing): void {
  if (s.pinned) taskset(`0-${s.harnessCpu}`, process.pid);
  if (s.harnessNice !== 0) renice(process.pid, 0);
}
