// Helpers of the fleet specs (issue 17 part B): simulated devices of the spec's own that start at a chosen
// firmware version, and firmware images added straight on the gateway.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { Firmware, makeFirmwareImage } from '@st/protocol';
import { type KindName, type Simulator, startSimulator } from '@st/simulator';
import { loopbackBlock } from '@st/testkit';
import { system } from './env';
import { deviceSend, foundDevices } from './panel.support';

export interface OwnFleet {
  sim: Simulator;
  dataDir: string;
  ips: string[];
}

/**
 * Devices of the spec's own, named `names[i]`, each starting at `versions[i]` (written into the simulator's
 * flash folder before it starts, as if an earlier OTA had left it there), with an OTA receiver.
 */
export async function startFleet(kind: KindName, names: string[], versions: string[]): Promise<OwnFleet> {
  const ips = loopbackBlock(names.length);
  const dataDir = mkdtempSync(join(tmpdir(), 'st-e2e-fleet-'));
  ips.forEach((ip, i) => {
    const dir = join(dataDir, ip);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'version'), versions[i] ?? '1.0.0');
  });
  const sim = await startSimulator({
    ips,
    kinds: [kind],
    multicastIf: '127.0.0.1',
    discoveryPort: system.discoveryPort,
    gateway: new URL(system.gatewayUrl).host,
    beaconIntervalMs: 500,
    rebootMs: 300,
    logRate: 0,
    dataDir,
    ota: true,
  });
  const addresses = sim.devices.map((d) => d.address);
  for (const [i, ip] of addresses.entries()) await deviceSend(ip, 'PUT', '/info/system', { name: names[i] });
  await expect
    .poll(async () => {
      const found = await foundDevices();
      return addresses.every((ip, i) =>
        found.some((d) => d.ip === ip && d.name === names[i] && d.version === versions[i]),
      );
    })
    .toBe(true);
  return { sim, dataDir, ips: addresses };
}

/**
 * Stops the devices and waits until the gateway has dropped them (other specs list devices). A device the
 * spec just restarted is held as restarting for up to 60 s before the gateway counts it lost, hence the wait.
 */
export async function stopFleet(fleet: OwnFleet): Promise<void> {
  await fleet.sim.stop();
  test.info().setTimeout(test.info().timeout + 90_000);
  await expect
    .poll(async () => (await foundDevices()).some((d) => fleet.ips.includes(d.ip)), { timeout: 90_000 })
    .toBe(false);
  rmSync(fleet.dataDir, { recursive: true, force: true });
}

/** Adds a firmware image straight on the gateway. */
export async function addFirmware(type: string, version: string, board = 'esp32'): Promise<Firmware> {
  const form = new FormData();
  form.append('info', JSON.stringify({ board, type, version }));
  const image = Uint8Array.from(makeFirmwareImage({ version, size: 4096 }));
  form.append('file', new Blob([image]), `${type}-${version}.bin`);
  const res = await fetch(`${system.gatewayUrl}/api/ota/firmware`, { method: 'POST', body: form });
  expect(res.status, `add firmware ${type} ${version}`).toBe(201);
  return Firmware.parse(await res.json());
}

export async function deleteFirmware(id: string): Promise<void> {
  await fetch(`${system.gatewayUrl}/api/ota/firmware?id=${id}`, { method: 'DELETE' });
}
