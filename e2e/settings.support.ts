// A private pair of simulated devices of one kind for the settings specs: importing a dump between two
// lamps carries every config value over (kinds declare different config keys), and the shared system's
// devices stay untouched. They are saved on the gateway by address, so the console can pick them.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from '@playwright/test';
import { type DeviceInfo, DeviceInfoSchema } from '@st/protocol';
import { freeUdpPort, loopbackFirstIp } from '@st/testkit';
import { system } from './env';
import { deviceApi } from './logs.support';

const simulatorMain = fileURLToPath(new URL('../apps/simulator/dist/main.js', import.meta.url));

export interface DevicePair {
  devices: DeviceInfo[];
  stop: () => Promise<void>;
}

export async function startLampPair(): Promise<DevicePair> {
  const dataDir = mkdtempSync(join(tmpdir(), 'st-e2e-lamps-'));
  const firstIp = loopbackFirstIp();
  const gateway = new URL(system.gatewayUrl);
  const child: ChildProcess = spawn(
    process.execPath,
    [
      simulatorMain,
      ...['--count', '2', '--kinds', 'lamp', '--first-ip', firstIp, '--data-dir', dataDir],
      ...['--gateway', gateway.host, '--log-port', String(system.logPort)],
      ...['--multicast-if', '127.0.0.1', '--discovery-port', String(await freeUdpPort())],
      ...['--import-reboot-ms', '300', '--reboot-ms', '300'],
    ],
    { stdio: 'ignore' },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const prefix = firstIp.slice(0, firstIp.lastIndexOf('.') + 1);
    const first = Number(firstIp.slice(firstIp.lastIndexOf('.') + 1));
    const ips = [`${prefix}${first}`, `${prefix}${first + 1}`];
    const devices: DeviceInfo[] = [];
    for (const ip of ips) {
      await expect
        .poll(async () => (await deviceApi(ip, '/info/system').catch(() => undefined))?.ok)
        .toBe(true);
      const saved = await fetch(`${system.gatewayUrl}/api/devices/saved?ip=${encodeURIComponent(ip)}`, {
        method: 'POST',
      });
      expect(saved.ok).toBe(true);
      devices.push(DeviceInfoSchema.parse(await saved.json()));
    }
    return {
      devices,
      stop: async () => {
        for (const d of devices) {
          await fetch(`${system.gatewayUrl}/api/devices/saved?ip=${encodeURIComponent(d.ip)}`, {
            method: 'DELETE',
          });
        }
        await stop();
      },
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** A device's config values, read from its own API. */
export async function deviceConfig(ip: string): Promise<Record<string, string>> {
  const r = await deviceApi(ip, '/config');
  const body: unknown = await r.json();
  const config: Record<string, string> = {};
  if (typeof body === 'object' && body !== null) {
    for (const [k, v] of Object.entries(body)) config[k] = String(v);
  }
  return config;
}
