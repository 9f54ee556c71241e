// Preloaded into a process of bench/cloud-scale (`node --import <this file>`, plain JS so the built cloud node
// needs no tsx): every second it appends one JSON line to $BENCH_LOOP_FILE with what the process's own event
// loop saw in that second: event-loop delay (perf_hooks.monitorEventLoopDelay, 5 ms resolution) p50/p99/max,
// garbage-collection pauses (count, total and longest, by kind), the process's CPU time, and how long its main
// thread was runnable but waiting for a core (/proc/self/task/<pid>/schedstat: another process had it). The bench cuts the
// lines to the relay window, so a latency tail can be laid beside the node's own stalls.
import { appendFileSync, existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import v8 from 'node:v8';

const file = process.env.BENCH_LOOP_FILE;
if (file) {
  const h = monitorEventLoopDelay({ resolution: 5 });
  h.enable();
  let gc = { n: 0, ms: 0, maxMs: 0, major: 0 };
  const obs = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      gc.n += 1;
      gc.ms += e.duration;
      gc.maxMs = Math.max(gc.maxMs, e.duration);
      if (e.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) gc.major += 1;
    }
  });
  obs.observe({ entryTypes: ['gc'] });
  let cpu = process.cpuUsage();
  const waitedNs = () => {
    try {
      return Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[1]);
    } catch {
      return 0;
    }
  };
  let waited = waitedNs();
  // Bytes the process allocated on V8's heap in the second: the heap's growth plus what each GC freed
  // (v8.GCProfiler reports the heap before and after every collection).
  const used = () => v8.getHeapStatistics().used_heap_size;
  let gcProfiler = new v8.GCProfiler();
  gcProfiler.start();
  let heapAt = used();
  // Bytes that entered the old generation in the second (promoted by scavenges, or allocated there directly:
  // pretenured and large objects): the old spaces' growth plus what major GCs freed in them. This is what the
  // next Mark-Compact has to go through.
  const OLD = new Set(['old_space', 'large_object_space']);
  const oldOf = (spaces) =>
    spaces.reduce(
      (a, s) => a + (OLD.has(s.space_name ?? s.spaceName) ? (s.space_used_size ?? s.spaceUsedSize) : 0),
      0,
    );
  const oldUsed = () => oldOf(v8.getHeapSpaceStatistics());
  let oldAt = oldUsed();
  let enteredOld = 0;
  const allocatedSince = () => {
    const stats = gcProfiler.stop()?.statistics ?? [];
    gcProfiler = new v8.GCProfiler();
    gcProfiler.start();
    const freed = stats.reduce(
      (a, s) => a + s.beforeGC.heapStatistics.usedHeapSize - s.afterGC.heapStatistics.usedHeapSize,
      0,
    );
    const now = used();
    const allocated = now - heapAt + freed;
    heapAt = now;
    const majorFreedOld = stats
      .filter((s) => s.gcType === 'MarkSweepCompact')
      .reduce((a, s) => a + oldOf(s.beforeGC.heapSpaceStatistics) - oldOf(s.afterGC.heapSpaceStatistics), 0);
    const oldNow = oldUsed();
    enteredOld = oldNow - oldAt + majorFreedOld;
    oldAt = oldNow;
    return allocated;
  };
  const ms = (ns) => Math.round(ns / 1e4) / 100;
  const timer = setInterval(() => {
    const used = process.cpuUsage(cpu);
    cpu = process.cpuUsage();
    const nowWaited = waitedNs();
    const line = {
      at: Date.now(),
      pid: process.pid,
      loopP50: ms(h.percentile(50)),
      loopP99: ms(h.percentile(99)),
      loopMax: ms(h.max),
      gcN: gc.n,
      gcMs: Math.round(gc.ms * 100) / 100,
      gcMaxMs: Math.round(gc.maxMs * 100) / 100,
      gcMajor: gc.major,
      cpuMs: Math.round((used.user + used.system) / 1000),
      waitMs: ms(nowWaited - waited),
      allocKiB: Math.round(allocatedSince() / 1024),
      oldKiB: Math.round(enteredOld / 1024),
      heapMiB: Math.round(v8.getHeapStatistics().total_heap_size / 1048576),
      rssMiB: Math.round(process.memoryUsage.rss() / 1048576),
    };
    waited = nowWaited;
    h.reset();
    gc = { n: 0, ms: 0, maxMs: 0, major: 0 };
    try {
      appendFileSync(file, `${JSON.stringify(line)}\n`);
    } catch {
      clearInterval(timer); // the bench removed its directory: it is over
    }
  }, 1000);
  timer.unref();
}

// $BENCH_MEMORY_FILE=<file>: when the bench creates <file>.ask, a full GC (through the inspector: no --expose-gc
// needed), then the process's memory after it written to <file> as JSON (rss, heapUsed, external, arrayBuffers,
// bytes). What a process holds, without the garbage that a GC floor lets wait (memory per link). Asked before
// the links connect and after the relay window, never inside it: a forced full GC changes how V8 sizes the heap
// for the minutes after it.
const memoryFile = process.env.BENCH_MEMORY_FILE;
if (memoryFile) {
  const timer = setInterval(() => {
    if (!existsSync(`${memoryFile}.ask`)) return;
    rmSync(`${memoryFile}.ask`, { force: true });
    const session = new Session();
    session.connect();
    // (V8's low-memory notification: full GCs until nothing more is freed). Answered from a later tick: the
    // session does not call back a second post made from inside a first one's callback.
    session.post('HeapProfiler.collectGarbage', () =>
      setImmediate(() => {
        session.disconnect();
        const m = process.memoryUsage();
        // written whole, then renamed into place: the bench never reads half a file
        writeFileSync(
          `${memoryFile}.tmp`,
          JSON.stringify({
            rss: m.rss,
            heapUsed: m.heapUsed,
            external: m.external,
            arrayBuffers: m.arrayBuffers,
          }),
        );
        renameSync(`${memoryFile}.tmp`, memoryFile);
      }),
    );
  }, 100);
  timer.unref();
}

// $BENCH_HEAP_PROFILE=<file>: V8's sampling heap profiler, started by the first SIGUSR2 and written to <file>
// (a .heapprofile, Chrome's format) by the second. Samples of objects that a scavenge collected are dropped and
// those a Mark-Compact collected are kept: what is left is what survived the young generation (promoted, or
// allocated in the old generation), i.e. what makes the major GCs. $BENCH_HEAP_PROFILE_INTERVAL: bytes between
// samples (default 8192). $BENCH_HEAP_PROFILE_KEEP=retained: only what is still alive after a full GC half a
// second after the window (the calls have ended, the users' connections are still open: what long-lived
// structures, per link or per connection, keep of the calls). Read with bench/cloud-scale/heapProfile.ts.
const heapFile = process.env.BENCH_HEAP_PROFILE;
if (heapFile) {
  const session = new Session();
  session.connect();
  const keep = process.env.BENCH_HEAP_PROFILE_KEEP ?? 'promoted';
  // alive:<ms>: what is alive <ms> after the start, after a full GC, with the load still running
  const aliveAfterMs = keep.startsWith('alive:') ? Number(keep.slice(6)) : 0;
  // snapshot:<ms>: a heap snapshot (v8.writeHeapSnapshot) <ms> after the start, with the load still running;
  // snapshot:<ms>:<gap>: two, <gap> ms apart (<file>.a, <file>.b): V8 keeps object ids between them, so the
  // objects in b and not in a are those allocated in between and still alive (snapshotDiff.ts reads them)
  const [snapshotAfterMs, snapshotGapMs] = keep.startsWith('snapshot:')
    ? keep.slice(9).split(':').map(Number)
    : [0, undefined];
  const retained = keep === 'retained' || aliveAfterMs > 0;
  let sampling = false;
  process.on('SIGUSR2', () => {
    if (snapshotAfterMs > 0) {
      if (!sampling && snapshotGapMs === undefined)
        setTimeout(() => v8.writeHeapSnapshot(heapFile), snapshotAfterMs);
      else if (!sampling)
        setTimeout(() => {
          v8.writeHeapSnapshot(`${heapFile}.a`);
          setTimeout(() => v8.writeHeapSnapshot(`${heapFile}.b`), snapshotGapMs);
        }, snapshotAfterMs);
      sampling = !sampling;
      return;
    }
    if (!sampling) {
      sampling = true;
      if (aliveAfterMs > 0)
        setTimeout(
          () =>
            session.post('HeapProfiler.collectGarbage', () => {
              session.post('HeapProfiler.getSamplingProfile', (err, res) => {
                if (!err) writeFileSync(heapFile, JSON.stringify(res.profile));
              });
            }),
          aliveAfterMs,
        );
      session.post('HeapProfiler.startSampling', {
        samplingInterval: Number(process.env.BENCH_HEAP_PROFILE_INTERVAL ?? 8192),
        includeObjectsCollectedByMinorGC: false,
        includeObjectsCollectedByMajorGC: !retained,
      });
      return;
    }
    sampling = false;
    if (aliveAfterMs > 0) return session.post('HeapProfiler.stopSampling');
    const write = () =>
      session.post('HeapProfiler.getSamplingProfile', (err, res) => {
        if (!err) writeFileSync(heapFile, JSON.stringify(res.profile));
        session.post('HeapProfiler.stopSampling');
      });
    // the calls still in flight end first
    if (retained) setTimeout(() => session.post('HeapProfiler.collectGarbage', write), 500);
    else write();
  });
}
