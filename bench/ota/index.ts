/**
 * OTA throughput: a 1 MB firmware image flashed by a real gateway over espota (UDP invitation, TCP transfer in
 * 1024-byte chunks, byte-count answers) to simulated devices on loopback: first to one device, then to 10 at
 * once (concurrency 10). Prints MB/s per device and in total, and the ratio.
 *
 *   npx tsx bench/ota/index.ts [--size 1048576] [--devices 10]
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { DeviceInfoSchema, Firmware, makeFirmwareImage, OtaBatchResult, OtaTask } from '@st/protocol';
import { startSimulator } from '@st/simulator';
import { loopbackBlock, waitFor } from '@st/testkit';
import { z } from 'zod';
import { runIfMain } from '../lib/cli';
import { round } from '../lib/figures';
import { startBenchGateway } from '../lib/gateway';

export interface OtaBenchOptions {
  readonly size: number;
  readonly devices: number;
}

export interface OtaBenchFigures {
  readonly imageBytes: number;
  readonly singleSeconds: number;
  readonly singleMBps: number;
  readonly devices: number;
  readonly batchSeconds: number;
  readonly batchTotalMBps: number;
  readonly batchPerDeviceMBps: number;
  /** total throughput to N devices at once / throughput to one */
  readonly batchSpeedup: number;
  readonly failed: number;
}

async function json(url: string, init?: RequestInit): Promise<unknown> {
  const res = await fetch(url, init);
  const body: unknown = await res.json();
  if (!res.ok) throw new Error(`${init?.method ?? 'GET'} ${url}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

async function over(base: string, taskIds: readonly string[]): Promise<OtaTask[]> {
  const ids = new Set(taskIds);
  return waitFor(
    async () => {
      const done = z.array(OtaTask).parse(await json(`${base}/api/ota/firmware/upload/history?limit=1000`));
      const mine = done.filter((t) => ids.has(t.taskId));
      return mine.length === ids.size ? mine : undefined;
    },
    { what: 'uploads over', timeoutMs: 120_000, intervalMs: 5 },
  );
}

export async function run(input: Partial<OtaBenchOptions> = {}): Promise<OtaBenchFigures> {
  const size = input.size ?? 1024 * 1024;
  const count = input.devices ?? 10;
  const { base, discoveryPort, stop } = await startBenchGateway('st-bench-ota-', {
    otaConcurrency: count,
    // Poll the restarted device often, so the figures are the transfer's rather than the poll interval's.
    otaTimeouts: { versionPollMs: 20 },
  });
  const sim = await startSimulator({
    ips: loopbackBlock(count),
    kinds: ['lamp'],
    discoveryPort,
    logRate: 0,
    beaconIntervalMs: 200,
    rebootMs: 0,
    restartDelayMs: 0,
  });
  try {
    await waitFor(
      async () => z.array(DeviceInfoSchema).parse(await json(`${base}/api/devices/found`)).length === count,
      { what: 'devices found', timeoutMs: 10_000 },
    );
    const flash = async (version: string, targets: string[]) => {
      const form = new FormData();
      form.append('info', JSON.stringify({ board: 'esp32', type: 'lamp', version }));
      form.append('file', new Blob([Uint8Array.from(makeFirmwareImage({ version, size }))]), 'bench.bin');
      const fw = Firmware.parse(await json(`${base}/api/ota/firmware`, { method: 'POST', body: form }));
      const started = performance.now();
      const ids = OtaBatchResult.parse(
        await json(`${base}/api/ota/firmware/upload/batch?id=${fw.id}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(targets.map((ip) => ({ ip }))),
        }),
      );
      const tasks = await over(base, Object.values(ids));
      return {
        seconds: (performance.now() - started) / 1000,
        failed: tasks.filter((t) => t.status !== 'FINISHED').length,
      };
    };
    const addresses = sim.devices.map((d) => d.address);
    const first = addresses.slice(0, 1);
    const single = await flash('bench-1', first);
    const batch = await flash('bench-2', addresses);
    const mb = size / (1024 * 1024);
    const singleMBps = mb / single.seconds;
    const batchTotalMBps = (mb * count) / batch.seconds;
    return {
      imageBytes: size,
      singleSeconds: round(single.seconds, 3),
      singleMBps: round(singleMBps),
      devices: count,
      batchSeconds: round(batch.seconds, 3),
      batchTotalMBps: round(batchTotalMBps),
      batchPerDeviceMBps: round(batchTotalMBps / count),
      batchSpeedup: round(batchTotalMBps / singleMBps),
      failed: single.failed + batch.failed,
    };
  } finally {
    await sim.stop();
    await stop();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { size: { type: 'string' }, devices: { type: 'string' } } });
  const f = await run({
    ...(values.size ? { size: Number(values.size) } : {}),
    ...(values.devices ? { devices: Number(values.devices) } : {}),
  });
  console.log(`ota: ${f.imageBytes} byte image over espota (1024-byte chunks, one ack each) on loopback`);
  console.log(
    `  1 device:   ${f.singleSeconds} s end to end (invitation to new version), ${f.singleMBps} MB/s`,
  );
  console.log(
    `  ${f.devices} devices: ${f.batchSeconds} s, ${f.batchTotalMBps} MB/s in total, ${f.batchPerDeviceMBps} MB/s each, ` +
      `x${f.batchSpeedup} the single-device throughput`,
  );
  console.log(`  failed uploads: ${f.failed}`);
}

runIfMain(import.meta.url, main);
