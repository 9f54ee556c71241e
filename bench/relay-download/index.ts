/**
 * A 16 MiB firmware download through the cloud relay (issue 22): the gateway's answer crosses its link in acked
 * chunks and the cloud waits as long as they keep moving, with the production relay timeout (TIMEOUTS.relayMs).
 * Straight from the gateway, through one cloud, and through two cloud nodes over Redis (request on node A,
 * gateway linked to node B). Everything runs in this one process (cloud, gateway, simulator): the figures
 * include the event loop being shared by every part.
 *
 *   npx tsx bench/relay-download/index.ts [--runs 3]
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { makeFirmwareImage, OTA } from '@st/protocol';
import { runIfMain } from '../lib/cli';
import { round } from '../lib/figures';
import { type CloudTarget, startRelaySystem } from '../relay/setup';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

async function timed(url: string, init: RequestInit): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(url, init);
  const bytes = (await res.arrayBuffer()).byteLength;
  if (res.status !== 200 || bytes !== OTA.firmwareMaxBytes)
    throw new Error(`HTTP ${res.status}, ${bytes} bytes`);
  return performance.now() - t0;
}

export async function run(opts: { runs?: number } = {}) {
  const runs = opts.runs ?? 3;
  const sys = await startRelaySystem();
  try {
    const image = makeFirmwareImage({ version: '16.0.9', size: OTA.firmwareMaxBytes, seed: 9 });
    const form = new FormData();
    form.append('info', JSON.stringify({ type: 'bench', board: 'esp32', version: '16.0.9' }));
    form.append('file', new Blob([Uint8Array.from(image)]), 'bench.bin');
    const stored = await fetch(`${sys.gatewayUrl}/api/ota/firmware`, { method: 'POST', body: form });
    const created: unknown = await stored.json();
    const id: unknown =
      typeof created === 'object' && created !== null ? Reflect.get(created, 'id') : undefined;
    if (stored.status !== 201 || typeof id !== 'string') throw new Error(`store: ${JSON.stringify(created)}`);
    const path = `/api/ota/firmware/download?id=${encodeURIComponent(id)}`;
    const viaCloud = (t: CloudTarget) => () =>
      timed(`${t.url}/api/gateway/requests/${t.gatewayId}/raw?url=${encodeURIComponent(path)}&method=GET`, {
        method: 'POST',
        headers: { cookie: t.cookie },
      });
    const measure = async (call: () => Promise<number>) => {
      const ms: number[] = [];
      for (let i = 0; i < runs; i++) ms.push(await call());
      const m = median(ms);
      return {
        medianMs: round(m),
        MiBPerSecond: round(16 / (m / 1000)),
        runsMs: ms.map((x) => Math.round(x)),
      };
    };
    const gateway = await measure(() => timed(`${sys.gatewayUrl}${path}`, {}));
    const cloud = await measure(viaCloud(await sys.linkSingle()));
    const cloudTwoNodes = await measure(viaCloud(await sys.linkTwoNodes()));
    return { bytes: OTA.firmwareMaxBytes, runs, gateway, cloud, cloudTwoNodes };
  } finally {
    await sys.stop();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { runs: { type: 'string' } } });
  const figures = await run(values.runs ? { runs: Number(values.runs) } : {});
  console.log(JSON.stringify(figures, null, 2));
  process.exit(0);
}

runIfMain(import.meta.url, main);
