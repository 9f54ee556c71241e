/**
 * STOMP fan-out: one publisher, N @stomp/stompjs subscribers over real loopback websockets.
 * The server runs here, the subscribers in a worker thread (another core), so the figures are the server's
 * rather than the clients' parsing. Prints deliveries per second (burst: publish as fast as possible) and
 * delivery latency (steady rate); each body carries its publish time.
 *
 *   npx tsx bench/stomp-fanout/index.ts [--subscribers 100] [--messages 3000] [--rate 200] [--seconds 3]
 */
import { createServer } from 'node:http';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep, setImmediate as yieldToIo } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { attachStomp } from '@st/stomp';
import { freeTcpPort, waitFor } from '@st/testkit';
import { z } from 'zod';
import { numberOption, runIfMain } from '../lib/cli';
import { percentile, round } from '../lib/figures';
import { startTsWorker } from '../lib/workers';

export interface StompFanoutOptions {
  readonly subscribers: number;
  /** Messages in the burst phase. */
  readonly messages: number;
  /** Messages per second in the steady phase. */
  readonly rate: number;
  readonly seconds: number;
}

export interface StompFanoutFigures {
  readonly subscribers: number;
  readonly burstMessages: number;
  readonly burstDeliveriesPerSecond: number;
  readonly burstP99LatencyMs: number;
  /** Server-side CPU per MESSAGE frame written (publish, encode, fan-out, websocket send), in µs. */
  readonly serverMicrosPerDelivery: number;
  readonly steadyRatePerSecond: number;
  readonly steadyDeliveriesPerSecond: number;
  readonly steadyP50LatencyMs: number;
  readonly steadyP99LatencyMs: number;
  readonly steadyMaxLatencyMs: number;
  readonly lost: number;
}

const TOPIC = '/devices/logs';
// About the size of one JSON log line as the gateway publishes it.
const PADDING = `|${'x'.repeat(160)}`;
const report = z.object({ phase: z.string(), latencies: z.instanceof(Float64Array) });

/** The subscriber worker; `phase()` resolves with the latencies of `expected` deliveries (or what came). */
async function startSubscribers(url: string, subscribers: number) {
  const worker = startTsWorker(new URL('./subscribers.ts', import.meta.url), {
    url,
    topic: TOPIC,
    subscribers,
  });
  const answers: Array<z.infer<typeof report>> = [];
  let ready = false;
  worker.on('message', (message: unknown) => {
    if (message === 'ready') ready = true;
    else answers.push(report.parse(message));
  });
  const failed = new Promise<never>((_, reject) => worker.once('error', reject));
  await Promise.race([waitFor(() => ready, { timeoutMs: 60_000, what: 'subscribers' }), failed]);
  return {
    async phase(phase: string, expected: number, publish: () => Promise<void>, timeoutMs: number) {
      worker.postMessage({ phase, expected });
      await publish();
      const done = () => answers.find((a) => a.phase === phase);
      const answer = await waitFor(done, { timeoutMs, what: phase }).catch(() => {
        worker.postMessage({ phase, expected: 0 });
        return waitFor(done, { what: phase });
      });
      return answer.latencies.sort();
    },
    async stop() {
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      worker.postMessage('stop');
      await Promise.race([exited, sleep(5000).then(() => worker.terminate())]);
    },
  };
}

export async function run(options: Partial<StompFanoutOptions> = {}): Promise<StompFanoutFigures> {
  const { subscribers = 100, messages = 3000, rate = 200, seconds = 3 } = options;
  const port = await freeTcpPort();
  const http = createServer((_req, res) => res.writeHead(404).end());
  const stomp = attachStomp(http, { authenticate: () => ({ ok: true, principal: null }) });
  await new Promise<void>((resolve) => http.listen(port, '127.0.0.1', resolve));
  const workers = await startSubscribers(`ws://127.0.0.1:${port}/api/st-ws`, subscribers);
  const publish = () => stomp.publish(TOPIC, `${performance.timeOrigin + performance.now()}${PADDING}`);
  try {
    await waitFor(() => stomp.subscriberCount(TOPIC) === subscribers, { what: 'all subscriptions' });

    // Burst: publish as fast as the event loop lets us, yielding to I/O every 50 messages.
    const burstStart = performance.now();
    let publishMs = 0;
    const burst = await workers.phase(
      'burst',
      messages * subscribers,
      async () => {
        for (let i = 0; i < messages; i += 50) {
          const before = performance.now();
          for (let j = i; j < Math.min(messages, i + 50); j++) void publish();
          await Promise.resolve(); // the batched frames are written in a microtask
          publishMs += performance.now() - before;
          await yieldToIo();
        }
      },
      120_000,
    );
    const burstSeconds = (performance.now() - burstStart) / 1000;

    // Steady: `rate` messages per second, published in 10 ms ticks, for `seconds`.
    const total = rate * seconds;
    const steadyStart = performance.now();
    const steady = await workers.phase(
      'steady',
      total * subscribers,
      async () => {
        for (let sent = 0; sent < total; ) {
          const due = Math.min(total, Math.floor(((performance.now() - steadyStart) / 1000) * rate));
          for (; sent < due; sent++) void publish();
          await sleep(10);
        }
      },
      60_000,
    );
    const steadySeconds = (performance.now() - steadyStart) / 1000;
    return {
      subscribers,
      burstMessages: messages,
      burstDeliveriesPerSecond: Math.round(burst.length / burstSeconds),
      burstP99LatencyMs: round(percentile(burst, 99)),
      serverMicrosPerDelivery: round((publishMs * 1000) / (messages * subscribers)),
      steadyRatePerSecond: rate,
      steadyDeliveriesPerSecond: Math.round(steady.length / steadySeconds),
      steadyP50LatencyMs: round(percentile(steady, 50)),
      steadyP99LatencyMs: round(percentile(steady, 99)),
      steadyMaxLatencyMs: round(percentile(steady, 100)),
      lost: messages * subscribers - burst.length + total * subscribers - steady.length,
    };
  } finally {
    await workers.stop();
    await stomp.close();
    await new Promise<void>((resolve) => http.close(() => resolve()));
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      subscribers: { type: 'string' },
      messages: { type: 'string' },
      rate: { type: 'string' },
      seconds: { type: 'string' },
    },
  });
  const figures = await run({
    subscribers: numberOption(values.subscribers),
    messages: numberOption(values.messages),
    rate: numberOption(values.rate),
    seconds: numberOption(values.seconds),
  });
  console.log(
    `stomp-fanout: 1 publisher -> ${figures.subscribers} @stomp/stompjs subscribers (in a worker thread)`,
  );
  console.log(
    `  burst  ${figures.burstMessages} msgs: ${figures.burstDeliveriesPerSecond} deliveries/s, ` +
      `p99 latency ${figures.burstP99LatencyMs} ms (queueing included); ` +
      `server ${figures.serverMicrosPerDelivery} µs per delivered frame`,
  );
  console.log(
    `  steady ${figures.steadyRatePerSecond} msgs/s: ${figures.steadyDeliveriesPerSecond} deliveries/s, ` +
      `p50 ${figures.steadyP50LatencyMs} ms, p99 ${figures.steadyP99LatencyMs} ms, max ${figures.steadyMaxLatencyMs} ms`,
  );
  console.log(`  lost ${figures.lost}`);
}

runIfMain(import.meta.url, main);
