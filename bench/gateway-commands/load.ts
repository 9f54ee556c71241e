/**
 * Worker thread of the gateway-commands bench: the simulated devices and the load generator, so the gateway
 * (in the parent thread) is measured on its own. Messages from the parent: {mode, seconds, concurrency,
 * gatewayBase} -> answers {latencies: Float64Array (ms), failures}; 'stop'.
 */
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { startSimulator } from '@st/simulator';
import { z } from 'zod';

const setup = z
  .object({ addresses: z.array(z.string()), discoveryPort: z.number().int(), logPort: z.number().int() })
  .parse(workerData);
const command = z.object({
  mode: z.enum(['direct', 'gateway']),
  seconds: z.number().positive(),
  concurrency: z.number().int().positive(),
  gatewayBase: z.string(),
});

const sim = await startSimulator({
  ips: setup.addresses,
  kinds: ['lamp'],
  discoveryPort: setup.discoveryPort,
  logPort: setup.logPort,
  logRate: 0,
});
const addresses = sim.devices.map((d) => d.address);
parentPort?.postMessage({ ready: addresses });

/** One getInfo, either straight to the device or through the gateway's command route. */
async function once(mode: 'direct' | 'gateway', device: string, gatewayBase: string): Promise<boolean> {
  const res =
    mode === 'direct'
      ? await fetch(`http://${device}/info/system`)
      : await fetch(`${gatewayBase}/api/device/request`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ command: 'getInfo', device, params: {} }),
        });
  await res.arrayBuffer();
  return res.status === 200;
}

parentPort?.on('message', async (message: unknown) => {
  if (message === 'stop') {
    await sim.stop();
    parentPort?.close();
    return;
  }
  const { mode, seconds, concurrency, gatewayBase } = command.parse(message);
  const latencies: number[] = [];
  let failures = 0;
  let next = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        const device = addresses[next++ % addresses.length] ?? '';
        const start = performance.now();
        const ok = await once(mode, device, gatewayBase).catch(() => false);
        if (ok) latencies.push(performance.now() - start);
        else failures++;
      }
    }),
  );
  parentPort?.postMessage({ latencies: Float64Array.from(latencies), failures });
});
