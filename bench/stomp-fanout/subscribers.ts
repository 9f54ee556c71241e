/**
 * Worker thread of the fan-out bench: N @stomp/stompjs subscribers, so their frame parsing runs on another
 * core than the server. Bodies start with the publish time (ms since the epoch, sub-ms precision).
 * Messages from the parent: {phase, expected} -> answers {phase, latencies} once `expected` deliveries arrived.
 */
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { connectStompClient } from '@st/stomp/client';
import type { Client } from '@stomp/stompjs';
import { z } from 'zod';

const setup = z
  .object({ url: z.string(), topic: z.string(), subscribers: z.number().int().positive() })
  .parse(workerData);
const command = z.object({ phase: z.string(), expected: z.number().int().nonnegative() });

let latencies = new Float64Array(1 << 16);
let count = 0;
let waiting: z.infer<typeof command> | undefined;

function record(value: number): void {
  if (count === latencies.length) {
    const grown = new Float64Array(latencies.length * 2);
    grown.set(latencies);
    latencies = grown;
  }
  latencies[count++] = value;
  if (waiting !== undefined && count >= waiting.expected) report();
}

function report(): void {
  if (waiting === undefined) return;
  const result = latencies.slice(0, count);
  parentPort?.postMessage({ phase: waiting.phase, latencies: result }, [result.buffer]);
  waiting = undefined;
  count = 0;
}

const clients: Client[] = [];
for (let i = 0; i < setup.subscribers; i++) {
  const client = await connectStompClient(setup.url, {
    heartbeatIncoming: 10_000,
    heartbeatOutgoing: 10_000,
  });
  client.subscribe(setup.topic, (message) =>
    record(performance.timeOrigin + performance.now() - Number.parseFloat(message.body)),
  );
  clients.push(client);
}

parentPort?.on('message', (raw: unknown) => {
  if (raw === 'stop') {
    void Promise.all(clients.map((c) => c.deactivate())).then(() => parentPort?.close());
    return;
  }
  waiting = command.parse(raw);
  if (count >= waiting.expected) report();
});
parentPort?.postMessage('ready');
