// What the package test's parts share: running commands, one `ok`/`not ok` line per check with its time,
// waiting for a state, podman's options in this sandbox, free ports.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { root } from './common.mjs';

export const VERSION = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version;
export const tag = `p${process.pid}`;
// podman in this sandbox: crun refuses the hybrid cgroups, and raising RLIMIT_NOFILE/NPROC is refused, so
// every container gets runc and limits it may set
export const RUN_OPTS = ['--runtime', 'runc', '--ulimit', 'nofile=8192:8192', '--ulimit', 'nproc=4096:4096'];

/** how many checks passed and failed so far, and the names of the failed ones */
export const counts = { passed: 0, failed: 0, failures: [] };

export function sh(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 64 << 20, ...opts });
  return {
    status: r.status ?? -1,
    out: `${r.stdout ?? ''}`.trim(),
    err: `${r.stderr ?? ''}${r.error?.message ?? ''}`.trim(),
  };
}

export function must(cmd, args, opts) {
  const r = sh(cmd, args, opts);
  if (r.status !== 0)
    throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}: ${(r.err || r.out).slice(-800)}`);
  return r.out;
}

export async function check(name, fn) {
  const t = Date.now();
  try {
    const detail = await fn();
    counts.passed++;
    console.log(`ok - ${name}${detail ? ` (${detail})` : ''} [${((Date.now() - t) / 1000).toFixed(1)} s]`);
    return true;
  } catch (e) {
    counts.failed++;
    counts.failures.push(name);
    console.log(`not ok - ${name}: ${(e instanceof Error ? e.message : String(e)).split('\n').join(' | ')}`);
    return false;
  }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export async function waitFor(what, fn, timeoutMs) {
  const until = Date.now() + timeoutMs;
  let last;
  while (Date.now() < until) {
    try {
      const v = await fn();
      if (v) return v;
    } catch (e) {
      last = e;
    }
    await sleep(500);
  }
  throw new Error(`${what} not within ${timeoutMs / 1000} s${last ? `: ${last.message}` : ''}`);
}

/** `podman rm -f -v` (with the anonymous volume of the image's VOLUME), tried again while the container still exists (a busy podman may fail the first time). */
export function removeContainer(name) {
  for (let i = 0; i < 5; i++) {
    sh('podman', ['rm', '-f', '-v', '-t', '2', name]);
    if (sh('podman', ['container', 'exists', name]).status !== 0) return;
    spawnSync('sleep', ['2']);
  }
  console.log(`# could not remove container ${name}`);
}

export function freeTcpPort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

export async function fetchJson(url, init) {
  const r = await fetch(url, { ...init, signal: AbortSignal.timeout(5000) });
  if (!r.ok) throw new Error(`${url} answered ${r.status}`);
  return r.json();
}

/**
 * Runs one group of checks with its own clean-up list (containers, volumes, images), emptied right after it,
 * so groups can run at the same time. `fn` gets `onCleanup(step)`.
 */
export async function phase(fn) {
  const cleanups = [];
  try {
    await fn((step) => cleanups.push(step));
  } finally {
    for (const c of cleanups.reverse()) {
      try {
        await c();
      } catch {}
    }
  }
}
