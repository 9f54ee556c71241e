// Gateway memory and CPU: idle with no devices, then with 50 and with 500 simulated devices beaconing and
// logging to it (default log rate), each measured over a settled window. The gateway and the simulators run as
// separate processes so the figures are the gateway's own.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freeTcpPort, freeUdpPort, waitFor } from '@st/testkit';
import { z } from 'zod';
import { runIfMain } from '../lib/cli';
import { type AppProcess, sample, startApp, waitHttpOk } from '../lib/process';

const SETTLE_MS = 10_000;
const WINDOW_MS = 15_000;
const FoundList = z.array(z.unknown());

async function foundCount(url: string): Promise<number> {
  return FoundList.parse(await (await fetch(`${url}/api/devices/found`)).json()).length;
}

export async function run() {
  const dir = mkdtempSync(join(tmpdir(), 'st-bench-gwmem-'));
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
  const sims: AppProcess[] = [];
  const simulate = (count: number, firstIp: string) =>
    sims.push(
      startApp('simulator', {}, [
        '--count',
        String(count),
        '--first-ip',
        firstIp,
        '--gateway',
        `127.0.0.1:${port}`,
        '--log-port',
        String(logPort),
        '--discovery-port',
        String(discoveryPort),
        '--multicast-if',
        '127.0.0.1',
        '--no-ota',
      ]),
    );
  const figures: Record<string, { devices: number; rssMiB: number; cpuPercent: number }> = {};
  try {
    await waitHttpOk(`${url}/api/build`);
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    figures.idle = { devices: 0, ...(await sample(gateway.pid, WINDOW_MS)) };
    console.log('idle', figures.idle);

    simulate(50, '127.77.1.1');
    await waitFor(async () => (await foundCount(url)) >= 50, { timeoutMs: 60_000, what: '50 devices found' });
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    figures.devices50 = { devices: await foundCount(url), ...(await sample(gateway.pid, WINDOW_MS)) };
    console.log('50 devices', figures.devices50);

    simulate(200, '127.77.2.1');
    simulate(250, '127.77.3.1');
    await waitFor(async () => (await foundCount(url)) >= 500, {
      timeoutMs: 120_000,
      what: '500 devices found',
    });
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    figures.devices500 = { devices: await foundCount(url), ...(await sample(gateway.pid, WINDOW_MS)) };
    console.log('500 devices', figures.devices500);
  } finally {
    for (const s of sims) await s.stop();
    await gateway.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  const perDeviceKiB =
    figures.devices500 && figures.idle
      ? ((figures.devices500.rssMiB - figures.idle.rssMiB) * 1024) / 500
      : Number.NaN;
  return { ...figures, rssPerDeviceKiB: perDeviceKiB };
}

runIfMain(import.meta.url, async () => console.log(await run()));
