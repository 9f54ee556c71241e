import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freeTcpPort, freeUdpPort, loopbackFirstIp } from '@st/testkit';
import { startSystem } from '../scripts/system.mjs';

/** Starts cloud + gateway + simulated devices once for the whole Playwright run. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'st-e2e-'));
  const system = await startSystem({
    dataDir,
    cloudPort: await freeTcpPort(),
    gatewayPort: await freeTcpPort(),
    discoveryPort: await freeUdpPort(),
    logPort: await freeTcpPort(),
    firstIp: loopbackFirstIp(),
    devices: 4,
  });
  process.env.ST_E2E_CLOUD_URL = system.cloudUrl;
  process.env.ST_E2E_GATEWAY_URL = system.gatewayUrl;
  process.env.ST_E2E_LOGIN = system.login;
  process.env.ST_E2E_PASSWORD = system.password;
  return async () => {
    await system.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
