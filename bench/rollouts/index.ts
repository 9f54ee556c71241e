/**
 * A firmware rollout run by a real gateway (the built bundle, its own process) over 500 simulated lamps (two
 * simulator processes, each device on its own loopback address): the default three waves (1 device, 10 %, the
 * rest) at concurrency 10 with a 10 s soak. Prints the wall time against the ideal (per wave: devices x mean
 * upload time / concurrency, plus one soak per wave), the per-device upload times, each wave's upload span,
 * soak tail and gate, and the gateway's CPU, RSS and event-loop lag during the rollout, with the load average.
 *
 *   npx tsx bench/rollouts/index.ts [--devices 500] [--concurrency 10] [--soak-ms 10000] [--size 1048576]
 *     [--cpu-prof-dir DIR] (the gateway's CPU profile, written when it stops)
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { Firmware, makeFirmwareImage, OtaTask, Rollout, RolloutSummary } from '@st/protocol';
import { loopbackFirstIp, waitFor } from '@st/testkit';
import { z } from 'zod';
import { numberOption, runIfMain } from '../lib/cli';
import { round } from '../lib/figures';
import { startGatewayApp } from '../lib/gatewayApp';
import { sample } from '../lib/process';
import { timeline } from './timeline';
import { watchProcess } from './watch';

export interface RolloutBenchOptions {
  readonly devices: number;
  readonly concurrency: number;
  readonly soakMs: number;
  readonly size: number;
  /** a folder for the gateway's CPU profile (node --cpu-prof), written when it stops */
  readonly profileDir?: string | undefined;
}

async function json(url: string, init?: RequestInit): Promise<unknown> {
  const res = await fetch(url, init);
  const body: unknown = await res.json();
  if (!res.ok) throw new Error(`${init?.method ?? 'GET'} ${url}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

const post = (url: string, body: unknown) =>
  json(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

export async function run(input: Partial<RolloutBenchOptions> = {}) {
  const o: RolloutBenchOptions = {
    devices: 500,
    concurrency: 10,
    soakMs: 10_000,
    size: 1024 * 1024,
    ...input,
  };
  // the gateway's own cap on uploads at once must not be what limits the rollout
  const gw = await startGatewayApp(
    'st-bench-rollouts-',
    { ST_OTA_CONCURRENCY: String(o.concurrency) },
    o.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${o.profileDir}`] : [],
  );
  try {
    // 250 devices a simulator process, each on a random loopback block (a bench another helper runs beside
    // this one does not share its addresses)
    const blocks = new Set<string>();
    for (let left = o.devices; left > 0; left -= 250) {
      let first = loopbackFirstIp();
      while (blocks.has(first)) first = loopbackFirstIp();
      blocks.add(first);
      gw.simulate(Math.min(250, left), first, ['--kinds', 'lamp', '--log-rate', '0']);
    }
    await gw.waitFound(o.devices);
    const idle = await sample(gw.app.pid, 5_000);

    const version = `bench-${Date.now()}`;
    const form = new FormData();
    form.append('info', JSON.stringify({ board: 'esp32', type: 'lamp', version }));
    form.append('file', new Blob([Uint8Array.from(makeFirmwareImage({ version, size: o.size }))]), 'fw.bin');
    const fw = Firmware.parse(await json(`${gw.url}/api/ota/firmware`, { method: 'POST', body: form }));

    const watch = watchProcess(gw.app.pid, `${gw.url}/metrics`);
    const started = performance.now();
    const created = Rollout.parse(
      await post(`${gw.url}/api/rollouts`, {
        firmwareId: fw.id,
        target: { kind: 'typeBoard', type: 'lamp', board: 'esp32' },
        concurrency: o.concurrency,
        soakMs: o.soakMs,
      }),
    );
    console.log(`rollout ${created.id}: waves ${created.waves.map((w) => w.size).join(' / ')}`);
    let wave = -1;
    const summary = await waitFor(
      async () => {
        const list = z.array(RolloutSummary).parse(await json(`${gw.url}/api/rollouts`));
        const r = list.find((x) => x.id === created.id);
        if (r && r.currentWave !== wave && r.state === 'RUNNING') {
          wave = r.currentWave;
          console.log(`  wave ${wave + 1} at ${round((performance.now() - started) / 1000, 1)} s`);
        }
        return r && r.state !== 'RUNNING' ? r : undefined;
      },
      { what: 'the rollout over', timeoutMs: 60 * 60_000, intervalMs: 250 },
    );
    const wallObserved = (performance.now() - started) / 1000;
    const gateway = await watch.stop();
    const rollout = Rollout.parse(await json(`${gw.url}/api/rollouts/${created.id}`));
    const tasks = z
      .array(OtaTask)
      .parse(await json(`${gw.url}/api/ota/firmware/upload/history?limit=5000`))
      .filter((t) => t.firmware.id === fw.id);
    const t = timeline(rollout, tasks, o.soakMs);
    const wallSeconds = (Date.parse(rollout.finishedAt ?? '') - Date.parse(rollout.createdAt)) / 1000;
    return {
      devices: o.devices,
      imageBytes: o.size,
      concurrency: o.concurrency,
      soakSeconds: o.soakMs / 1000,
      state: summary.state,
      reason: summary.reason,
      updated: summary.counts.UPDATED ?? 0,
      wallSeconds: round(wallSeconds, 1),
      wallObservedSeconds: round(wallObserved, 1),
      idealSeconds: t.idealSeconds,
      /** wall time / ideal */
      ratio: round(wallSeconds / t.idealSeconds),
      idealFlatSeconds: t.idealFlatSeconds,
      ratioFlat: round(wallSeconds / t.idealFlatSeconds),
      uploads: t.uploads,
      waves: t.waves,
      gateway,
      gatewayIdle: { cpuPercent: round(idle.cpuPercent, 1), rssMiB: round(idle.rssMiB, 1) },
    };
  } finally {
    await gw.stop();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      devices: { type: 'string' },
      concurrency: { type: 'string' },
      'soak-ms': { type: 'string' },
      size: { type: 'string' },
      'cpu-prof-dir': { type: 'string' },
    },
  });
  const given = {
    devices: numberOption(values.devices),
    concurrency: numberOption(values.concurrency),
    soakMs: numberOption(values['soak-ms']),
    size: numberOption(values.size),
    profileDir: values['cpu-prof-dir'],
  };
  const f = await run(Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined)));
  const g = f.gateway;
  console.log(
    `rollouts: ${f.devices} devices, ${f.imageBytes} byte image, concurrency ${f.concurrency}, soak ${f.soakSeconds} s`,
  );
  console.log(`  ${f.state} (${f.reason}); ${f.updated} updated`);
  console.log(
    `  wall ${f.wallSeconds} s, ideal ${f.idealSeconds} s, ratio ${f.ratio} ` +
      `(flat formula: ideal ${f.idealFlatSeconds} s, ratio ${f.ratioFlat})`,
  );
  const u = f.uploads;
  console.log(
    `  upload per device: mean ${u.meanSeconds} s, min ${u.minSeconds}, p50 ${u.p50Seconds}, ` +
      `p90 ${u.p90Seconds}, p99 ${u.p99Seconds}, max ${u.maxSeconds} (${u.count} uploads)`,
  );
  for (const [i, w] of f.waves.entries()) {
    console.log(
      `  wave ${i + 1}: ${w.devices} devices, uploads ${w.uploadSeconds} s (ideal ${w.idealUploadSeconds}), ` +
        `soak tail ${w.soakTailSeconds} s, gate ${w.gateSeconds} s`,
    );
  }
  console.log(
    `  gateway: CPU ${g.cpuSeconds} s = ${g.cpuPercent} % of a core (peak second ${g.cpuPeakPercent} %; idle ` +
      `${f.gatewayIdle.cpuPercent} %), RSS mean ${g.rssMeanMiB} MiB, peak ${g.rssPeakMiB} MiB (idle ` +
      `${f.gatewayIdle.rssMiB}, end ${g.rssEndMiB}), heap used peak ${g.heapUsedPeakMiB} MiB, external peak ` +
      `${g.externalPeakMiB} MiB`,
  );
  console.log(`  event-loop lag: max ${g.loopLagMaxMs} ms, mean of the p99s ${g.loopLagP99Ms} ms`);
  console.log(
    `  load average (1 min, 2 cores): ${g.loadAverage.start} at the start, ${g.loadAverage.end} at the end`,
  );
}

runIfMain(import.meta.url, main);
