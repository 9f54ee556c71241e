import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freeTcpPort, freeUdpPort, loopbackFirstIp } from '@st/testkit';
import { startSystem } from '../scripts/system.mjs';

/** Starts cloud + gateway + simulated devices once for the whole Playwright run. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'st-e2e-'));
  const logPort = await freeTcpPort();
  const discoveryPort = await freeUdpPort();
  const system = await startSystem({
    dataDir,
    cloudPort: await freeTcpPort(),
    gatewayPort: await freeTcpPort(),
    discoveryPort,
    logPort,
    firstIp: loopbackFirstIp(),
    devices: 4,
    // every cloud-mode test signs in from 127.0.0.1; the per-IP limit (30/min) would refuse a fast run
    loginMaxPerIp: 1000,
    // the specs' webhook receivers are on loopback, which users' cloud alerts reach only when allowed
    alertAllowedHosts: '127.0.0.1',
    // sensor history specs watch samples arrive: every 3 s instead of 30 (an hour of raw samples is then
    // 1,200 points, still drawn raw)
    sampleInterval: 3,
  });
  process.env.ST_E2E_CLOUD_URL = system.cloudUrl;
  process.env.ST_E2E_GATEWAY_URL = system.gatewayUrl;
  process.env.ST_E2E_LOGIN = system.login;
  process.env.ST_E2E_PASSWORD = system.password;
  // The gateway's device log port (TCP), for specs that play a device's logger.
  process.env.ST_E2E_LOG_PORT = String(logPort);
  // The gateway's discovery port (UDP multicast on 127.0.0.1), for specs that start a device of their own.
  process.env.ST_E2E_DISCOVERY_PORT = String(discoveryPort);
  // The data dir, for specs that start a second cloud node on the same database (accounts.screens).
  process.env.ST_E2E_DATA_DIR = dataDir;
  return async () => {
    await system.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
