/**
 * Device commands through the gateway vs straight to the device: `getInfo` on 5 simulated devices, N
 * concurrent callers, for a few seconds each way. Devices and callers run in a worker thread, the gateway in
 * this one. Prints commands/s and p50/p99 latency both ways and the gateway's overhead as ratios.
 *
 *   npx tsx bench/gateway-commands/index.ts [--seconds 3] [--concurrency 8] [--devices 5]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { build, GatewayConfigSchema } from '@st/gateway';
import { freeTcpPort, freeUdpPort, loopbackBlock, waitFor } from '@st/testkit';
import { z } from 'zod';

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

function ask<T>(worker: Worker, message: unknown, schema: z.ZodType<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: unknown) => {
      const parsed = schema.safeParse(m);
      if (!parsed.success) return;
      worker.off('message', onMessage);
      worker.off('error', reject);
      resolve(parsed.data);
    };
    worker.on('message', onMessage);
    worker.once('error', reject);
    if (message !== undefined) worker.postMessage(message);
  });
}

function side(result: z.infer<typeof Result>, seconds: number): Side {
  const sorted = result.latencies.sort();
  const at = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
  return {
    commandsPerSecond: Math.round(sorted.length / seconds),
    p50Ms: Math.round(at(50) * 100) / 100,
    p99Ms: Math.round(at(99) * 100) / 100,
    failures: result.failures,
  };
}

export async function run(
  options: { seconds?: number; concurrency?: number; devices?: number } = {},
): Promise<GatewayCommandsFigures> {
  const { seconds = 3, concurrency = 8, devices = 5 } = options;
  const dataDir = mkdtempSync(join(tmpdir(), 'st-bench-gw-cmd-'));
  const discoveryPort = await freeUdpPort();
  const gateway = await build({
    ...GatewayConfigSchema.parse({}),
    port: 0,
    host: '127.0.0.1',
    dataDir,
    multicastIf: '127.0.0.1',
    discoveryPort,
    logPort: await freeTcpPort(),
    webDist: join(dataDir, 'none'),
    logLevel: 'silent',
  });
  const { port, logPort } = await gateway.start();
  const entry = new URL('./load.ts', import.meta.url).href;
  const boot = `import('tsx/esm/api').then((tsx) => tsx.tsImport(${JSON.stringify(entry)}, ${JSON.stringify(import.meta.url)}))`;
  const worker = new Worker(boot, {
    eval: true,
    workerData: { addresses: loopbackBlock(devices), discoveryPort, logPort },
  });
  try {
    await ask(worker, undefined, Ready);
    await waitFor(() => gateway.discovery.list().length === devices, {
      what: 'devices found',
      timeoutMs: 10_000,
    });
    const gatewayBase = `http://127.0.0.1:${port}`;
    const load = { seconds, concurrency, gatewayBase };
    await ask(worker, { ...load, mode: 'gateway', seconds: 0.5 }, Result); // warm-up
    const direct = side(await ask(worker, { ...load, mode: 'direct' }, Result), seconds);
    const viaGateway = side(await ask(worker, { ...load, mode: 'gateway' }, Result), seconds);
    const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;
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
    await gateway.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { seconds: { type: 'string' }, concurrency: { type: 'string' }, devices: { type: 'string' } },
  });
  const pick = (v: string | undefined) => (v === undefined ? undefined : Number(v));
  const f = await run({
    seconds: pick(values.seconds),
    concurrency: pick(values.concurrency),
    devices: pick(values.devices),
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

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
