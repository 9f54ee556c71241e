// Scheduled backups of a fleet: the gateway (built bundle, its own process) backs up 200 simulated devices
// (another process) with `POST /api/backups/run`: first run (every dump is new), second run (nothing changed),
// then the zip of every latest backup. Figures: wall time of each run and the gateway's own CPU time during
// it (from /proc), with the idle CPU of the same gateway and devices (beacons) as the reference.
//
//   npx tsx bench/gateway-backups/index.ts [--devices 200]
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { BackupRunResult } from '@st/protocol';
import { numberOption, runIfMain } from '../lib/cli';
import { round } from '../lib/figures';
import { startGatewayApp } from '../lib/gatewayApp';
import { cpuTicks, sample } from '../lib/process';

const SETTLE_MS = 5_000;

export interface RunFigures {
  readonly seconds: number;
  readonly gatewayCpuSeconds: number;
  /** gateway CPU during the run, percent of one core */
  readonly gatewayCpuPercent: number;
  readonly backedUp: number;
  readonly unchanged: number;
  readonly failed: number;
}

async function timed(pid: number, work: () => Promise<BackupRunResult>): Promise<RunFigures> {
  const t0 = cpuTicks(pid);
  const start = performance.now();
  const r = await work();
  const seconds = (performance.now() - start) / 1000;
  const cpu = (cpuTicks(pid) - t0) / 100;
  return {
    seconds: round(seconds),
    gatewayCpuSeconds: round(cpu),
    gatewayCpuPercent: round((cpu / seconds) * 100, 1),
    backedUp: r.backedUp,
    unchanged: r.unchanged,
    failed: r.failed.length,
  };
}

export async function run(options: { devices?: number } = {}) {
  const devices = options.devices ?? 200;
  const gw = await startGatewayApp('st-bench-backups-');
  const { url } = gw;
  const gateway = gw.app;
  try {
    gw.simulate(devices, '127.78.1.1', ['--kinds', 'lamp,weather,button', '--log-rate', '0', '--no-ota']);
    await gw.waitFound(devices);
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    const idle = await sample(gateway.pid, 5_000);
    const runNow = async () =>
      BackupRunResult.parse(await (await fetch(`${url}/api/backups/run`, { method: 'POST' })).json());
    const first = await timed(gateway.pid, runNow);
    const second = await timed(gateway.pid, runNow);
    const t0 = performance.now();
    const zip = await (await fetch(`${url}/api/backups/archive`)).arrayBuffer();
    const archive = {
      seconds: round((performance.now() - t0) / 1000, 3),
      kiB: round(zip.byteLength / 1024, 1),
    };
    return {
      devices,
      idleCpuPercent: round(idle.cpuPercent, 1),
      firstRun: first,
      unchangedRun: second,
      archive,
      rssMiB: round((await sample(gateway.pid, 200)).rssMiB, 1),
    };
  } finally {
    await gw.stop();
  }
}

runIfMain(import.meta.url, async () => {
  const { values } = parseArgs({ options: { devices: { type: 'string' } } });
  console.log(JSON.stringify(await run({ devices: numberOption(values.devices) }), null, 2));
});
