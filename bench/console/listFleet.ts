// The gateway with 300 simulated devices that the hand-run device-list tools (profileList.ts, compareList.ts)
// open the console against: started, answering, and with every device found.
import { join } from 'node:path';
import { freeTcpPort, freeUdpPort, waitFor } from '@st/testkit';
import { z } from 'zod';
import { type AppProcess, startApp, waitHttpOk } from '../lib/process';

export const LIST_DEVICES = 300;

export interface ListFleet {
  gatewayUrl: string;
  stop(): Promise<void>;
}

/** A gateway serving `webDist` (data under `dir`) and 300 simulated devices, all found before it returns. */
export async function startListFleet(dir: string, webDist: string): Promise<ListFleet> {
  const [gwPort, logPort, discoveryPort] = [await freeTcpPort(), await freeTcpPort(), await freeUdpPort()];
  const gatewayUrl = `http://127.0.0.1:${gwPort}`;
  const procs: AppProcess[] = [
    startApp('gateway', {
      ST_PORT: String(gwPort),
      ST_HOST: '127.0.0.1',
      ST_DATA_DIR: join(dir, 'gw'),
      ST_MULTICAST_IF: '127.0.0.1',
      ST_DISCOVERY_PORT: String(discoveryPort),
      ST_LOG_PORT: String(logPort),
      ST_TRUST_BEACON_ADDRESS: 'true',
      ST_WEB_DIST: webDist,
    }),
  ];
  for (const [count, first] of [
    [250, '127.79.1.1'],
    [LIST_DEVICES - 250, '127.79.2.1'],
  ] as const)
    procs.push(
      startApp('simulator', {}, [
        '--count',
        String(count),
        '--first-ip',
        first,
        '--discovery-port',
        String(discoveryPort),
        '--multicast-if',
        '127.0.0.1',
        '--no-ota',
      ]),
    );
  const stop = async () => {
    for (const p of procs.reverse()) await p.stop();
  };
  try {
    await waitHttpOk(`${gatewayUrl}/api/build`);
    await waitFor(
      async () =>
        z.array(z.unknown()).parse(await (await fetch(`${gatewayUrl}/api/devices/found`)).json()).length >=
        LIST_DEVICES,
      { timeoutMs: 60_000, what: `${LIST_DEVICES} devices found` },
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { gatewayUrl, stop };
}
