// Scheduled backups of a fleet: the gateway (built bundle, its own process) backs up 200 simulated devices
// (another process) with `POST /api/backups/run`: first run (every dump is new), second run (nothing changed),
// then the zip of every latest backup. Figures: wall time of each run and the gateway's own CPU time during
// it (from /proc), with the idle CPU of the same gateway and devices (beacons) as the reference.
//
//   npx tsx bench/gateway-backups/index.ts [--devices 200]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { BackupRunResult } from '@st/protocol';
import { freeTcpPort, freeUdpPort, waitFor } from '@st/testkit';
import { z } from 'zod';
import { numberOption, runIfMain } from '../lib/cli';
import { round } from '../lib/figures';
import { type AppProcess, cpuTicks, sample, startApp, waitHttpOk } from '../lib/process';

const SETTLE_MS = 5_000;
const FoundList = z.array(z.unknown());

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
  const dir = mkdtempSync(join(tmpdir(), 'st-bench-backups-'));
  const port = await freeTcpPort();
  const discoveryPort = await freeUdpPort();
  const logPort = await freeTcpPort();
  const url = `http://127.0.0.1:${port}`;
  const gateway = startApp('gateway', {
    ST_PORT: String(port),
    ST_HOST: '127.0.0.1',
    ST_DATA_DIR: join(dir, 'gateway'),
    ST_MULTICAST_IF: '127.0.0.1',
    ST_DISCOVERY_PORT: String(discoveryPort),
    ST_LOG_PORT: String(logPort),
    ST_TRUST_BEACON_ADDRESS: 'true',
  });
  let sim: AppProcess | undefined;
  try {
    await waitHttpOk(`${url}/api/build`);
    sim = startApp('simulator', {}, [
      ...['--count', String(devices), '--first-ip', '127.78.1.1', '--kinds', 'lamp,weather,button'],
      ...['--gateway', `127.0.0.1:${port}`, '--log-port', String(logPort), '--log-rate', '0'],
      ...['--discovery-port', String(discoveryPort), '--multicast-if', '127.0.0.1', '--no-ota'],
    ]);
    const found = async () => FoundList.parse(await (await fetch(`${url}/api/devices/found`)).json()).length;
    await waitFor(async () => (await found()) >= devices, {
      timeoutMs: 120_000,
      what: `${devices} devices found`,
    });
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
    await sim?.stop();
    await gateway.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

runIfMain(import.meta.url, async () => {
  const { values } = parseArgs({ options: { devices: { type: 'string' } } });
  console.log(JSON.stringify(await run({ devices: numberOption(values.devices) }), null, 2));
});
