import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freeTcpPort, freeUdpPort } from '@st/testkit';
import { type ServerProcess, serverProcess } from './serverProcess';

/** A gateway as an OS process of its own (from source, through tsx) on its own data dir and ports. */
export interface GatewayProcess extends ServerProcess {
  readonly url: string;
  readonly dataDir: string;
  readonly discoveryPort: number;
}

export async function gatewayProcess(env: Record<string, string> = {}): Promise<GatewayProcess> {
  const port = await freeTcpPort();
  const discoveryPort = await freeUdpPort();
  const dataDir = mkdtempSync(join(tmpdir(), 'st-cloud-gwp-'));
  const url = `http://127.0.0.1:${port}`;
  const proc = serverProcess('gateway', url, '/api/build', {
    ST_PORT: String(port),
    ST_MULTICAST_IF: '127.0.0.1',
    ST_DATA_DIR: dataDir,
    ST_DISCOVERY_PORT: String(discoveryPort),
    ST_LOG_PORT: String(await freeTcpPort()),
    ST_WEB_DIST: join(dataDir, 'no-web-build'),
    ...env,
  });
  return { ...proc, url, dataDir, discoveryPort };
}
