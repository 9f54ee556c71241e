/**
 * Gateway log ingest: 50 simulated devices (TCP connections from their own loopback addresses, firmware line
 * format) each write 4000 log lines as fast as the gateway reads them (TCP backpressure), while 5
 * @stomp/stompjs subscribers follow
 * `/devices/logs`. Devices and subscribers run in worker threads (other cores), the gateway in this thread.
 * Prints sustained lines/s ingested (parsed and stored in SQLite) and delivered, the event-loop delay of the
 * gateway during the run, and the lost count (must be 0).
 *
 *   npx tsx bench/gateway-logs/index.ts [--devices 50] [--lines 4000] [--subscribers 5] [--seconds 30]
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import type { Worker } from 'node:worker_threads';
import { loopbackBlock, waitFor } from '@st/testkit';
import { z } from 'zod';
import { numberOption, runIfMain } from '../lib/cli';
import { startBenchGateway } from '../lib/gateway';
import { ask, startTsWorker } from '../lib/workers';

export interface GatewayLogsFigures {
  readonly devices: number;
  readonly subscribers: number;
  readonly linesPerDevice: number;
  readonly linesSent: number;
  readonly sentPerSecond: number;
  readonly ingestedPerSecond: number;
  /** lines per second each subscriber received (the slowest one) */
  readonly deliveredPerSecondPerSubscriber: number;
  readonly deliveriesPerSecond: number;
  /** the same measure with the gateway idle, just before the run: what the machine itself adds */
  readonly idleEventLoopDelayP99Ms: number;
  readonly eventLoopDelayP99Ms: number;
  readonly eventLoopDelayMaxMs: number;
  readonly lost: number;
}

function startWorker(file: string, data: unknown): { worker: Worker; ready: Promise<void> } {
  const worker = startTsWorker(new URL(file, import.meta.url), data);
  const ready = new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    const onMessage = (m: unknown) => {
      if (m === 'ready') {
        worker.off('message', onMessage);
        resolve();
      }
    };
    worker.on('message', onMessage);
  });
  return { worker, ready };
}

const Counts = z.object({ counts: z.array(z.number()) });
const Sent = z.object({ sent: z.array(z.number()) });

export async function run(
  options: { devices?: number; lines?: number; subscribers?: number; seconds?: number } = {},
): Promise<GatewayLogsFigures> {
  /** `seconds` bounds the writing phase; `lines` per device is the workload. */
  const { devices = 50, lines = 4000, subscribers = 5, seconds = 30 } = options;
  const { gateway, port, logPort, stop } = await startBenchGateway('st-bench-gw-logs-');
  const subs =
    subscribers > 0
      ? startWorker('./subscribers.ts', { url: `ws://127.0.0.1:${port}/api/st-ws`, subscribers })
      : undefined;
  const devs = startWorker('./devices.ts', { port: logPort, addresses: loopbackBlock(devices) });
  try {
    await Promise.all([subs?.ready, devs.ready]);
    await waitFor(() => gateway.stomp.subscriberCount('/devices/logs') === subscribers, {
      what: 'subscribers',
    });
    await waitFor(() => gateway.logs.stats.connections === devices, { what: 'device connections' });

    const idle = monitorEventLoopDelay({ resolution: 10 });
    idle.enable();
    await sleep(1000);
    idle.disable();
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const start = performance.now();
    const { sent } = await ask(devs.worker, { seconds, lines }, Sent);
    const sentAt = performance.now();
    const total = sent.reduce((a, b) => a + b, 0);

    let ingestedAt = performance.now();
    await waitFor(
      () => {
        const s = gateway.logs.stats;
        if (s.stored + s.dropped < total) return false;
        ingestedAt = performance.now();
        return true;
      },
      { timeoutMs: 120_000, intervalMs: 20, what: 'all lines stored' },
    );
    let counts: number[] = [];
    let deliveredAt = performance.now();
    await waitFor(
      async () => {
        counts = subs ? (await ask(subs.worker, 'count', Counts)).counts : [];
        if (counts.some((c) => c < total)) return false;
        deliveredAt = performance.now();
        return true;
      },
      { timeoutMs: 120_000, intervalMs: 20, what: 'all lines delivered' },
    ).catch(() => undefined);
    loop.disable();

    const stats = gateway.logs.stats;
    const delivered = counts.reduce((a, b) => a + b, 0);
    const slowest = counts.length > 0 ? Math.min(...counts) : 0;
    return {
      devices,
      subscribers,
      linesPerDevice: lines,
      linesSent: total,
      sentPerSecond: Math.round(total / ((sentAt - start) / 1000)),
      ingestedPerSecond: Math.round(stats.stored / ((ingestedAt - start) / 1000)),
      deliveredPerSecondPerSubscriber: Math.round(slowest / ((deliveredAt - start) / 1000)),
      deliveriesPerSecond: Math.round(delivered / ((deliveredAt - start) / 1000)),
      idleEventLoopDelayP99Ms: Math.round(idle.percentile(99) / 1e4) / 100,
      eventLoopDelayP99Ms: Math.round(loop.percentile(99) / 1e4) / 100,
      eventLoopDelayMaxMs: Math.round(loop.max / 1e4) / 100,
      lost: total - stats.stored + (total * subscribers - delivered),
    };
  } finally {
    devs.worker.postMessage('stop');
    subs?.worker.postMessage('stop');
    await sleep(200);
    await Promise.all([devs.worker.terminate(), subs?.worker.terminate()]);
    await stop();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      devices: { type: 'string' },
      lines: { type: 'string' },
      subscribers: { type: 'string' },
      seconds: { type: 'string' },
    },
  });
  const f = await run({
    devices: numberOption(values.devices),
    lines: numberOption(values.lines),
    subscribers: numberOption(values.subscribers),
    seconds: numberOption(values.seconds),
  });
  console.log(
    `gateway-logs: ${f.devices} devices logging ${f.linesPerDevice} lines each flat out, ${f.subscribers} STOMP subscribers`,
  );
  console.log(`  sent      ${f.linesSent} lines (${f.sentPerSecond} lines/s)`);
  console.log(`  ingested  ${f.ingestedPerSecond} lines/s (parsed + stored in SQLite)`);
  console.log(
    `  delivered ${f.deliveredPerSecondPerSubscriber} lines/s per subscriber, ${f.deliveriesPerSecond} deliveries/s in all`,
  );
  console.log(
    `  event loop delay p99 ${f.eventLoopDelayP99Ms} ms, max ${f.eventLoopDelayMaxMs} ms ` +
      `(idle gateway on this machine: p99 ${f.idleEventLoopDelayP99Ms} ms)`,
  );
  console.log(`  lost ${f.lost}`);
}

runIfMain(import.meta.url, main);
