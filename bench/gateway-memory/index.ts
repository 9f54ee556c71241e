// Gateway memory and CPU: idle with no devices, then with 50 and with 500 simulated devices beaconing and
// logging to it (default log rate), each measured over a settled window. The gateway and the simulators run as
// separate processes so the figures are the gateway's own.
import { runIfMain } from '../lib/cli';
import { startGatewayApp } from '../lib/gatewayApp';
import { sample } from '../lib/process';

const SETTLE_MS = 10_000;
const WINDOW_MS = 15_000;
export async function run() {
  const gw = await startGatewayApp('st-bench-gwmem-');
  const simulate = (count: number, firstIp: string) => gw.simulate(count, firstIp, ['--no-ota']);
  const figures: Record<string, { devices: number; rssMiB: number; cpuPercent: number }> = {};
  try {
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    figures.idle = { devices: 0, ...(await sample(gw.app.pid, WINDOW_MS)) };
    console.log('idle', figures.idle);

    simulate(50, '127.77.1.1');
    await gw.waitFound(50, 60_000);
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    figures.devices50 = { devices: await gw.found(), ...(await sample(gw.app.pid, WINDOW_MS)) };
    console.log('50 devices', figures.devices50);

    simulate(200, '127.77.2.1');
    simulate(250, '127.77.3.1');
    await gw.waitFound(500);
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    figures.devices500 = { devices: await gw.found(), ...(await sample(gw.app.pid, WINDOW_MS)) };
    console.log('500 devices', figures.devices500);
  } finally {
    await gw.stop();
  }
  const perDeviceKiB =
    figures.devices500 && figures.idle
      ? ((figures.devices500.rssMiB - figures.idle.rssMiB) * 1024) / 500
      : Number.NaN;
  return { ...figures, rssPerDeviceKiB: perDeviceKiB };
}

runIfMain(import.meta.url, async () => console.log(await run()));
