// What the cloud-scale bench reads from the servers under test: Redis's command count, PostgreSQL's client
// connections, CPU and run-queue waits.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { waitFor } from '@st/testkit';
import { z } from 'zod';
import { round } from '../lib/figures';

/** Commands the Redis server on `port` has processed since it started (INFO stats). */
export async function redisCommands(port: number): Promise<number> {
  return Number((await redisInfo(port, 'stats', 'total_commands_processed')).total_commands_processed);
}

/** CPU time (user + system, ms) the Redis server on `port` has used, and its process id (INFO server, cpu). */
export async function redisCpu(port: number): Promise<{ pid: number; cpuMs: number }> {
  const info = await redisInfo(port, 'everything', 'used_cpu_user');
  return {
    pid: Number(info.process_id),
    cpuMs: (Number(info.used_cpu_sys) + Number(info.used_cpu_user)) * 1000,
  };
}

/** The fields of INFO `section` (read until `last` has arrived). */
function redisInfo(port: number, section: string, last: string): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    const s = createConnection(port, '127.0.0.1');
    let text = '';
    s.once('error', reject);
    s.on('data', (d) => {
      text += d.toString();
      if (!new RegExp(`${last}:[^\\r\\n]*\\r\\n`).test(text)) return;
      s.destroy();
      resolve(Object.fromEntries([...text.matchAll(/^(\w+):([^\r\n]*)$/gm)].map((m) => [m[1], m[2]])));
    });
    s.write(`INFO ${section}\r\n`);
  });
}

/** Client connections open on the PostgreSQL server at `url`, this query's own not counted. */
export function pgConnections(url: string): number {
  const u = new URL(url);
  const r = spawnSync(
    'psql',
    [
      '-h',
      u.hostname,
      '-p',
      u.port,
      '-U',
      u.username || 'st',
      '-d',
      u.pathname.slice(1) || 'postgres',
      '-tAc',
      "select count(*) from pg_stat_activity where backend_type = 'client backend'",
    ],
    { encoding: 'utf8' },
  );
  return Number(r.stdout.trim()) - 1; // minus this psql session
}

/**
 * Time (ms) the process's main thread has spent runnable but waiting for a CPU (/proc/<pid>/schedstat: the
 * scheduler's run-queue wait): how much another process kept it off the cores.
 */
export function runQueueWaitMs(pid: number): number {
  try {
    return Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[1]) / 1e6;
  } catch {
    return Number.NaN;
  }
}

/** CPU time (ms, all cores, user + nice + system + irq + softirq + steal) the whole machine has used (/proc/stat). */
export function machineBusyMs(): number {
  const cpu =
    readFileSync('/proc/stat', 'utf8').split('\n')[0]?.trim().split(/\s+/).slice(1).map(Number) ?? [];
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = cpu;
  return (user + nice + system + irq + softirq + steal) * 10;
}

/** A process's memory after a full GC, in bytes (loopProbe.mjs, $BENCH_MEMORY_FILE). */
export const MemoryAfterGc = z.object({
  rss: z.number(),
  heapUsed: z.number(),
  external: z.number(),
  arrayBuffers: z.number(),
});
export type MemoryAfterGc = z.infer<typeof MemoryAfterGc>;

/**
 * Asks a process started with loopProbe.mjs and $BENCH_MEMORY_FILE=<file> for a full GC and its memory after it
 * (by creating <file>.ask), and waits for the answer.
 */
export async function memoryAfterGc(file: string): Promise<MemoryAfterGc> {
  rmSync(file, { force: true });
  writeFileSync(`${file}.ask`, '');
  await waitFor(() => existsSync(file), {
    timeoutMs: 60_000,
    intervalMs: 100,
    what: 'memory after a full GC',
  });
  return MemoryAfterGc.parse(JSON.parse(readFileSync(file, 'utf8')));
}

/** KiB per link that the nodes hold after a full GC: their memory with the links (`after`) less without (`before`). */
export function perLinkAfterGc(before: MemoryAfterGc[], after: MemoryAfterGc[], links: number) {
  const kib = (k: keyof MemoryAfterGc) =>
    round((after.reduce((a, m) => a + m[k], 0) - before.reduce((a, m) => a + m[k], 0)) / 1024 / links, 1);
  return { heapKiB: kib('heapUsed'), rssKiB: kib('rss'), externalKiB: kib('external') };
}
