// The cloud at scale: N cloud nodes (built apps, separate processes) on PostgreSQL and Redis, thousands of
// light gateway links in child processes (real STOMP-over-WebSocket sessions with real gateway tokens that
// answer relayed requests), and a user who issues relayed device calls at a fixed rate and watches presence.
// Figures: links held, memory per link, relay throughput and latency at the target rate, Redis commands per
// relayed request, PostgreSQL connections, presence churn. `BENCH_HEAVY=1` runs the goal sizes (10,000 links
// on one node; 3 nodes); the default profile is small enough for every `npm run bench`.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Gateway } from '@st/protocol';
import { startPostgres, startRedis, waitFor } from '@st/testkit';
import { z } from 'zod';
import { runIfMain } from '../lib/cli';
import { median, percentile, round } from '../lib/figures';
import { cpuTicks, rssMiB, waitHttpOk } from '../lib/process';
import { adminSession, createGateways, inBatches } from './admin';
import { measureChurn } from './churn';
import { printNodeHeapSites } from './heapProfile';
import { Holder } from './holder';
import {
  machineBusyMs,
  memoryAfterGc,
  perLinkAfterGc,
  pgConnections,
  redisCommands,
  redisCpu,
  runQueueWaitMs,
} from './measure';
import { type BenchNode, LOOP_PROBE, PASSWORD, startNode } from './nodes';
import { lowerHarness, pinHarness, restoreHarness, sharingFor } from './share';
import { allocKiBPerCall, loopSummary, perSecondTable, readLoop } from './trace';
import { RelayUsers } from './users';

/** CPU time a process has used so far, in ms (user + system). */
const cpuMs = (pid: number): number => cpuTicks(pid) * 10;

const PER_HOLDER = 4000;

interface Profile {
  nodes: number;
  links: number;
  /** relayed requests per second, spread over the links */
  rate: number;
  churn: number;
}

async function runProfile(p: Profile) {
  // BENCH_SCALE_CPU_PROF=<dir>: each node writes a V8 CPU profile there (nodes.ts), read after the window.
  const profDir = process.env.BENCH_SCALE_CPU_PROF;
  // The generator and the link holders stand for other machines: they get a core of their own or a lower
  // priority (share.ts), so they do not take the node's CPU as no deployment's browsers and gateways would.
  const sharing = sharingFor(p.nodes);
  pinHarness(sharing);
  const [pg, redis] = await Promise.all([startPostgres(), startRedis()]);
  lowerHarness(sharing);
  const dirs: string[] = [];
  /** lines each node wrote to its log (warnings and errors) */
  const output: number[] = [];
  const heapProfile = process.env.BENCH_SCALE_NODE_HEAP_PROFILE;
  for (let i = 0; heapProfile && i < p.nodes; i++)
    rmSync(`${heapProfile}.node${i}.heapprofile`, { force: true });
  // The probes' lines (loopProbe.mjs): one file per process.
  const traceDir = mkdtempSync(join(tmpdir(), 'st-bench-scale-trace-'));
  dirs.push(traceDir);
  const loopFile = (name: string) => join(traceDir, `${name}.jsonl`);
  process.env.BENCH_LOOP_FILE = loopFile('generator');
  await import(pathToFileURL(LOOP_PROBE).href);
  const nodes: BenchNode[] = [];
  const holders: Holder[] = [];
  try {
    const setup = {
      databaseUrl: pg.url,
      redisUrl: redis.url,
      sharing,
      loopFile,
      dirs,
      output,
      linksPerNode: Math.ceil(p.links / p.nodes),
    };
    for (let i = 0; i < p.nodes; i++) {
      const node = await startNode(i, setup);
      nodes.push(node);
      await waitHttpOk(`${node.url}/api/ready`);
    }
    const first = nodes[0]?.url ?? '';
    const { cookie, call } = await adminSession(first, 'admin', PASSWORD);
    const created = await createGateways(
      call,
      nodes.map((n) => n.url),
      p.links,
    );
    // Restarted before the baseline: creating thousands of gateways over HTTP grows a node's heap, which the
    // GC may give back later and make the links look free (or negative).
    for (const n of nodes) {
      await n.app.stop();
      n.app = n.start();
      await waitHttpOk(`${n.url}/api/ready`, 120_000);
    }
    await new Promise((r) => setTimeout(r, 2000));
    const rssBefore = nodes.map((n) => rssMiB(n.app.pid));
    // the same after a full GC: the baseline of what the links then hold (memory after the relay window, below)
    const memoryBefore = await Promise.all(nodes.map((n) => memoryAfterGc(n.memoryFile)));

    // Links: each holder process takes a slice; link i goes to node i % nodes (a balancer's round robin).
    const wsUrls = nodes.map((n) => `${n.url.replace(/^http/, 'ws')}/api/st-ws`);
    const linkStart = Date.now();
    const slices: Array<typeof created> = [];
    for (let i = 0; i < created.length; i += PER_HOLDER) slices.push(created.slice(i, i + PER_HOLDER));
    for (const [k] of slices.entries()) {
      holders.push(
        await Holder.start({
          execArgv: ['--import', LOOP_PROBE],
          env: { BENCH_LOOP_FILE: loopFile(`holder${k}`) },
        }),
      );
    }
    const opened = await Promise.all(
      slices.map((s, i) =>
        holders[i]?.ask({ t: 'open', urls: wsUrls, tokens: s.map((c) => c.token) }, 'opened'),
      ),
    );
    const linkSeconds = (Date.now() - linkStart) / 1000;
    const held = opened.reduce((a, o) => a + Number(o?.linked ?? 0), 0);
    const online = async () =>
      z
        .array(Gateway)
        .parse((await call(first, 'GET', '/api/gateway/management/list')).body)
        .filter((g) => g.online).length;
    console.log(`${held}/${p.links} links held after ${round(linkSeconds, 1)} s; waiting for presence`);
    // On an overloaded machine some links may drop and relink meanwhile: the figure then says how many were
    // online rather than giving up.
    const onlineBeforeRelay = await waitFor(async () => (await online()) === held, {
      timeoutMs: 120_000,
      // each look lists every gateway: at 15,000 that is work for the node, not a free read
      intervalMs: 1000,
      what: 'every link online',
    }).then(
      () => held,
      async () => online(),
    );
    await new Promise((r) => setTimeout(r, 3000));
    const rssAfter = nodes.map((n) => rssMiB(n.app.pid));
    const perLinkKiB =
      ((rssAfter.reduce((a, b) => a + b, 0) - rssBefore.reduce((a, b) => a + b, 0)) * 1024) / held;
    console.log(
      `${p.nodes} node(s): ${held}/${p.links} links held in ${round(linkSeconds, 1)} s; RSS ${rssBefore.map((r) => round(r, 0)).join('/')} -> ${rssAfter.map((r) => round(r, 0)).join('/')} MiB, ${round(perLinkKiB, 1)} KiB per link`,
    );

    // Warm-up: one relayed call per gateway through every node (a user's first call on a node checks their
    // session and role in the database; the figures below are the steady state of users who keep calling their
    // gateways, and a balancer sends a user's calls to any node, as the timed calls below are sent).
    await inBatches(created.length * nodes.length, 32, async (i) => {
      const base = nodes[Math.floor(i / created.length)]?.url ?? first;
      await fetch(`${base}/api/gateway/requests/${created[i % created.length]?.id}`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ url: '/api/build', method: 'GET' }),
      }).then((r) => r.arrayBuffer());
    });
    // Relay at a fixed rate, spread over the links and over the nodes the user talks to (users.ts).
    const users = new RelayUsers(
      nodes.map((n) => n.url),
      cookie,
      created.map((c) => c.id),
      p.rate,
    );
    await users.warm(128, 2000);
    const redisPort = Number(new URL(redis.url).port);
    const cmdsBefore = await redisCommands(redisPort);
    const cpuBefore = nodes.map((n) => cpuMs(n.app.pid));
    // The load generator (this process) and the link holders share the machine with the nodes: their CPU per
    // call says whether the harness, not the node, is what limits the rate.
    const benchCpuBefore = process.cpuUsage();
    const holderCpuBefore = holders.map((h) => cpuMs(h.child.pid ?? 0));
    const redisBefore = await redisCpu(redisPort);
    // Time each process's main thread was runnable but off the cores (another process had them).
    const waitPids = {
      nodes: nodes.map((n) => n.app.pid),
      generator: [process.pid],
      holders: holders.map((h) => h.child.pid ?? 0),
      redis: [redisBefore.pid],
    };
    const waitSum = (pids: number[]) => pids.reduce((a, pid) => a + runQueueWaitMs(pid), 0);
    const waitBefore = Object.fromEntries(Object.entries(waitPids).map(([k, v]) => [k, waitSum(v)]));
    const calls: Array<{ endMs: number; ms: number }> = [];
    const windowStartUs = Number(process.hrtime.bigint() / 1000n);
    const latencies: number[] = [];
    const statuses: Record<string, number> = {};
    // BENCH_SCALE_SECONDS: the timed window (default 10 s); a longer one samples the node's rare major GCs at
    // their real rate instead of by the luck of one 10 s window
    const durationMs = 1000 * Number(process.env.BENCH_SCALE_SECONDS ?? 10);
    const relayStart = Date.now();
    // the probes' heap profilers start and stop with the window (SIGUSR2)
    if (heapProfile) for (const n of nodes) process.kill(n.app.pid, 'SIGUSR2');
    const machine = [{ at: relayStart, busyMs: machineBusyMs() }];
    const machineTimer = setInterval(() => machine.push({ at: Date.now(), busyMs: machineBusyMs() }), 1000);
    const { sent, error } = await users.drive(durationMs, (t0, r) => {
      const ms = performance.now() - t0;
      latencies.push(ms);
      calls.push({ endMs: Date.now(), ms });
      // Refusals by their error code (CLOUD_BUSY, GATEWAY_OFFLINE...), answers by status.
      const key = r.status === 200 ? '200' : `${r.status} ${/"code":"(\w+)"/.exec(r.body)?.[1] ?? ''}`;
      statuses[key] = (statuses[key] ?? 0) + 1;
    });
    if (error > 0) statuses.error = error;
    if (heapProfile) for (const n of nodes) process.kill(n.app.pid, 'SIGUSR2');
    clearInterval(machineTimer);
    machine.push({ at: Date.now(), busyMs: machineBusyMs() });
    const relaySeconds = (Date.now() - relayStart) / 1000;
    const userClient = users.label;
    // retained: the users' connections stay open while the node's profiler looks (what each keeps of its calls)
    if (process.env.BENCH_SCALE_NODE_HEAP_PROFILE_KEEP === 'retained')
      await new Promise((r) => setTimeout(r, 2000));
    users.close();
    const cmdsAfter = await redisCommands(redisPort);
    const cpuUsed = nodes.reduce((a, n, i) => a + cpuMs(n.app.pid) - (cpuBefore[i] ?? 0), 0);
    const benchCpu = process.cpuUsage(benchCpuBefore);
    const holderCpu = holders.reduce((a, h, i) => a + cpuMs(h.child.pid ?? 0) - (holderCpuBefore[i] ?? 0), 0);
    const redisAfter = await redisCpu(redisPort);
    const relayEnd = Date.now();
    const waited = Object.fromEntries(
      Object.entries(waitPids).map(([k, v]) => [
        k,
        round((waitSum(v) - (waitBefore[k] ?? 0)) / relaySeconds, 1),
      ]),
    );
    // Wait for the probes' last line of the window.
    await new Promise((r) => setTimeout(r, 1100));
    const loops = {
      node: nodes.map((_, i) => readLoop(loopFile(`node${i}`), relayStart, relayEnd)),
      generator: [readLoop(loopFile('generator'), relayStart, relayEnd)],
      holders: holders.map((_, k) => readLoop(loopFile(`holder${k}`), relayStart, relayEnd)),
    };
    console.log(`relay, second by second:\n${perSecondTable(calls, relayStart, relayEnd, loops, machine)}`);
    // The relay phase on the profiles' clock (V8 and process.hrtime both read CLOCK_MONOTONIC), so a profile
    // can be cut to it: node scripts of your own, or `bench/cloud-scale/profile.ts <profile> <window>`.
    if (profDir) {
      writeFileSync(
        join(profDir, `relay-window-${windowStartUs}.json`),
        JSON.stringify({ startUs: windowStartUs, endUs: Number(process.hrtime.bigint() / 1000n) }),
      );
    }
    if (heapProfile) await printNodeHeapSites(heapProfile, nodes.length, latencies.length);
    latencies.sort((a, b) => a - b);
    const relay = {
      targetPerSecond: p.rate,
      achievedPerSecond: round(latencies.length / relaySeconds, 0),
      p50Ms: round(median(latencies)),
      p99Ms: round(percentile(latencies, 99)),
      p999Ms: round(percentile(latencies, 99.9)),
      windowSeconds: round(relaySeconds, 1),
      statuses,
      redisCommandsPerRequest: round((cmdsAfter - cmdsBefore - 1) / Math.max(1, sent), 2),
      /** CPU of all cloud nodes per relayed request: the cost that decides throughput on a loaded machine */
      nodeCpuMsPerRequest: round(cpuUsed / Math.max(1, sent), 3),
      /** KiB the nodes allocate on their V8 heaps per relayed request (loopProbe.mjs, the window's whole seconds) */
      nodeAllocKiBPerRequest: allocKiBPerCall(
        loops.node,
        relayStart,
        relayEnd,
        latencies.length / relaySeconds,
      ),
      /** KiB per relayed request that entered the nodes' old generations (promoted, or allocated there) */
      nodeToOldKiBPerRequest: allocKiBPerCall(
        loops.node,
        relayStart,
        relayEnd,
        latencies.length / relaySeconds,
        'oldKiB',
      ),
      /** CPU of the load generator (this process: the user's HTTP calls) per relayed request */
      loadGeneratorCpuMsPerRequest: round((benchCpu.user + benchCpu.system) / 1000 / Math.max(1, sent), 3),
      /** CPU of the link holders (the gateways' side: receive the request, answer it) per relayed request */
      linkHoldersCpuMsPerRequest: round(holderCpu / Math.max(1, sent), 3),
      /** CPU of the Redis server per relayed request */
      redisCpuMsPerRequest: round((redisAfter.cpuMs - redisBefore.cpuMs) / Math.max(1, sent), 3),
      /** ms per second each kind of process was runnable but waiting for a core (summed over its processes) */
      runQueueWaitMsPerSecond: waited,
      /** event-loop delay and GC pauses during the relay, per kind of process (loopProbe.mjs) */
      loop: Object.fromEntries(Object.entries(loops).map(([k, v]) => [k, loopSummary(v)])),
    };
    // Links that dropped during the relay phase (a node that drained or missed heart-beats under load).
    const counts = await Promise.all(holders.map((h) => h.ask({ t: 'count' }, 'count')));
    Object.assign(relay, {
      linksDroppedSinceStart: counts.reduce((a, c) => a + Number(c.dropped ?? 0), 0),
      userClient,
    });
    const dbConnections = pgConnections(pg.url);
    console.log(
      `relay ${JSON.stringify(relay)}; PostgreSQL connections in use: ${dbConnections}; sharing ${JSON.stringify(sharing)}`,
    );

    // Presence churn: `churn` gateways drop their links and relink all at once; a user watches the events.
    const churn = await measureChurn({
      wsUrl: wsUrls[0] ?? '',
      cookie,
      nodeUrls: nodes.map((n) => n.url),
      holders,
      slices,
      churn: p.churn,
      held,
      online,
    });
    console.log(`churn ${JSON.stringify(churn)}`);
    // What the links hold, garbage aside: each node's memory after a full GC now (the relay's calls over, the links
    // still up) less the same before they connected. Taken last: a forced full GC changes how V8 sizes the heap
    // for the minutes after it, so never before a measured phase.
    const memoryAfter = await Promise.all(nodes.map((n) => memoryAfterGc(n.memoryFile)));
    const afterGc = perLinkAfterGc(memoryBefore, memoryAfter, held);
    console.log(
      `memory per link after a full GC (links held, relay over): heap ${afterGc.heapKiB} KiB, RSS ${afterGc.rssKiB} KiB, external ${afterGc.externalKiB} KiB`,
    );
    return {
      nodes: p.nodes,
      links: p.links,
      sharing,
      held,
      onlineBeforeRelay,
      linkSeconds: round(linkSeconds, 1),
      rssBeforeMiB: rssBefore.map((r) => round(r, 1)),
      rssAfterMiB: rssAfter.map((r) => round(r, 1)),
      perLinkKiB: round(perLinkKiB, 1),
      perLinkAfterGc: afterGc,
      relay,
      dbConnections,
      churn,
    };
  } finally {
    await Promise.all(holders.map((h) => h.ask({ t: 'close' }, 'closed').then(() => h.child.kill())));
    await Promise.all(nodes.map((n) => n.app.stop()));
    output.forEach((n, i) => {
      if (n > 20) console.error(`[node${i}] ... ${n - 20} more lines of warnings and errors not shown`);
    });
    await redis.stop();
    await pg.stop();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
    restoreHarness(sharing);
  }
}

export async function run() {
  const heavy = process.env.BENCH_HEAVY === '1';
  // BENCH_SCALE="nodes,links,rate,churn" runs that one profile (a quick relay figure, or what fits a machine).
  const custom = process.env.BENCH_SCALE?.split(',').map(Number);
  const profiles: Profile[] = custom
    ? [{ nodes: custom[0] ?? 1, links: custom[1] ?? 1000, rate: custom[2] ?? 500, churn: custom[3] ?? 0 }]
    : heavy
      ? [
          { nodes: 1, links: 10_000, rate: 2000, churn: 1000 },
          // Three nodes x 5,000 links on one 2-core machine with the load generator and the link holders: 300
          // calls/s is what the shared cores give three nodes here (held in about 65 s, presence right through
          // the churn since the alive key has a timer of its own). On real machines: BENCH_SCALE=3,15000,2000,1000.
          { nodes: 3, links: 15_000, rate: 300, churn: 1000 },
        ]
      : [
          { nodes: 1, links: 2000, rate: 500, churn: 500 },
          { nodes: 3, links: 3000, rate: 500, churn: 500 },
        ];
  const figures: Record<string, unknown> = {
    profile: custom ? process.env.BENCH_SCALE : heavy ? 'heavy' : 'default',
  };
  for (const p of profiles) figures[`nodes${p.nodes}`] = await runProfile(p);
  return figures;
}

runIfMain(import.meta.url, async () => console.log(JSON.stringify(await run(), null, 2)));
