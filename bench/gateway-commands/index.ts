/**
 * Device commands through the gateway vs straight to the device: `getInfo` on 5 simulated devices, N
 * concurrent callers, for a few seconds each way. Devices and callers run in a worker thread, the gateway in
 * this one. Prints commands/s and p50/p99 latency both ways and the gateway's overhead as ratios.
 *
 *   npx tsx bench/gateway-commands/index.ts [--seconds 3] [--concurrency 8] [--devices 5]
 */
import { parseArgs } from 'node:util';
import { loopbackBlock, waitFor } from '@st/testkit';
import { z } from 'zod';
import { numberOption, runIfMain } from '../lib/cli';
import { percentile, round } from '../lib/figures';
import { startBenchGateway } from '../lib/gateway';
import { ask, startTsWorker } from '../lib/workers';

export interface Side {
  readonly commandsPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly failures: number;
}

export interface GatewayCommandsFigures {
  readonly devices: number;
  readonly concurrency: number;
  readonly seconds: number;
  readonly direct: Side;
  readonly viaGateway: Side;
  /** direct commands/s divided by commands/s through the gateway */
  readonly throughputRatio: number;
  /** p50 through the gateway divided by p50 direct */
  readonly p50Ratio: number;
  readonly p99Ratio: number;
}

const Ready = z.object({ ready: z.array(z.string()) });
const Result = z.object({ latencies: z.instanceof(Float64Array), failures: z.number() });

function side(result: z.infer<typeof Result>, seconds: number): Side {
  const sorted = result.latencies.sort();
  return {
    commandsPerSecond: Math.round(sorted.length / seconds),
    p50Ms: round(percentile(sorted, 50)),
    p99Ms: round(percentile(sorted, 99)),
    failures: result.failures,
  };
}

export async function run(
  options: { seconds?: number; concurrency?: number; devices?: number } = {},
): Promise<GatewayCommandsFigures> {
  const { seconds = 3, concurrency = 8, devices = 5 } = options;
  const {
    gateway,
    base: gatewayBase,
    discoveryPort,
    logPort,
    stop,
  } = await startBenchGateway('st-bench-gw-cmd-');
  const worker = startTsWorker(new URL('./load.ts', import.meta.url), {
    addresses: loopbackBlock(devices),
    discoveryPort,
    logPort,
  });
  try {
    await ask(worker, undefined, Ready);
    await waitFor(() => gateway.discovery.list().length === devices, {
      what: 'devices found',
      timeoutMs: 10_000,
    });
    const load = { seconds, concurrency, gatewayBase };
    await ask(worker, { ...load, mode: 'gateway', seconds: 0.5 }, Result); // warm-up
    const direct = side(await ask(worker, { ...load, mode: 'direct' }, Result), seconds);
    const viaGateway = side(await ask(worker, { ...load, mode: 'gateway' }, Result), seconds);
    const ratio = (a: number, b: number) => round(a / b);
    return {
      devices,
      concurrency,
      seconds,
      direct,
      viaGateway,
      throughputRatio: ratio(direct.commandsPerSecond, viaGateway.commandsPerSecond),
      p50Ratio: ratio(viaGateway.p50Ms, direct.p50Ms),
      p99Ratio: ratio(viaGateway.p99Ms, direct.p99Ms),
    };
  } finally {
    worker.postMessage('stop');
    await new Promise((resolve) => setTimeout(resolve, 300));
    await worker.terminate();
    await stop();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { seconds: { type: 'string' }, concurrency: { type: 'string' }, devices: { type: 'string' } },
  });
  const f = await run({
    seconds: numberOption(values.seconds),
    concurrency: numberOption(values.concurrency),
    devices: numberOption(values.devices),
  });
  const show = (s: Side) =>
    `${s.commandsPerSecond} commands/s, p50 ${s.p50Ms} ms, p99 ${s.p99Ms} ms, failures ${s.failures}`;
  console.log(
    `gateway-commands: getInfo on ${f.devices} simulated devices, ${f.concurrency} concurrent callers`,
  );
  console.log(`  direct       ${show(f.direct)}`);
  console.log(`  via gateway  ${show(f.viaGateway)}`);
  console.log(
    `  ratios: throughput direct/gateway ${f.throughputRatio}, p50 ${f.p50Ratio}x, p99 ${f.p99Ratio}x`,
  );
}

runIfMain(import.meta.url, main);
