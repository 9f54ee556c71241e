// A built gateway in its own process on loopback (fresh data dir, free ports), and simulator processes that
// beacon to it: the gateway's CPU and memory, read from /proc, are then its own.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freeTcpPort, freeUdpPort, waitFor } from '@st/testkit';
import { z } from 'zod';
import { type AppProcess, startApp, waitHttpOk } from './process';

export interface GatewayApp {
  readonly app: AppProcess;
  readonly url: string;
  readonly port: number;
  readonly logPort: number;
  readonly discoveryPort: number;
  /** how many devices the gateway hears now */
  found(): Promise<number>;
  /** starts `count` simulated devices from `firstIp` in one process (extra simulator flags after) */
  simulate(count: number, firstIp: string, flags?: readonly string[]): AppProcess;
  /** waits until the gateway hears `count` devices */
  waitFound(count: number, timeoutMs?: number): Promise<void>;
  /** stops the simulators, then the gateway, and removes the data dir */
  stop(): Promise<void>;
}

const FoundList = z.array(z.unknown());

export async function startGatewayApp(
  dirPrefix: string,
  env: Record<string, string> = {},
  /** options for node itself (e.g. --cpu-prof) */
  nodeArgs: string[] = [],
): Promise<GatewayApp> {
  const dir = mkdtempSync(join(tmpdir(), dirPrefix));
  const port = await freeTcpPort();
  const discoveryPort = await freeUdpPort();
  const logPort = await freeTcpPort();
  const url = `http://127.0.0.1:${port}`;
  const app = startApp(
    'gateway',
    {
      ST_PORT: String(port),
      ST_HOST: '127.0.0.1',
      ST_DATA_DIR: join(dir, 'gateway'),
      ST_MULTICAST_IF: '127.0.0.1',
      ST_DISCOVERY_PORT: String(discoveryPort),
      ST_LOG_PORT: String(logPort),
      ST_TRUST_BEACON_ADDRESS: 'true',
      ...env,
    },
    [],
    nodeArgs,
  );
  const sims: AppProcess[] = [];
  const found = async () => FoundList.parse(await (await fetch(`${url}/api/devices/found`)).json()).length;
  const stop = async () => {
    for (const s of sims.splice(0)) await s.stop();
    await app.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitHttpOk(`${url}/api/build`);
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    app,
    url,
    port,
    logPort,
    discoveryPort,
    found,
    simulate(count, firstIp, flags = []) {
      const sim = startApp('simulator', {}, [
        ...['--count', String(count), '--first-ip', firstIp, '--gateway', `127.0.0.1:${port}`],
        ...['--log-port', String(logPort), '--discovery-port', String(discoveryPort)],
        ...['--multicast-if', '127.0.0.1', ...flags],
      ]);
      sims.push(sim);
      return sim;
    },
    async waitFound(count, timeoutMs = 120_000) {
      await waitFor(async () => (await found()) >= count, { timeoutMs, what: `${count} devices found` });
    },
    stop,
  };
}
