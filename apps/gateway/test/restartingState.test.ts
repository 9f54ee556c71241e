import {
  DeviceRestartState,
  DUMP_SECRET_MASK,
  FoundDevice,
  maskSettingsDumpSecrets,
  OverviewRow,
} from '@st/protocol';
import { loopbackBlock, waitFor } from '@st/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { command, ErrorBody, http, subscribe } from './helpers';
import { gatewayForFile } from './support/harness';

// What the console shows of a restart comes from the gateway: the found list and the overview mark a device
// held as restarting, and /devices/restarting says when that starts and ends. A viewer's masked dump is never
// imported or stored: the mask would become the device's Wi-Fi password.

const gw = gatewayForFile({
  gateway: { lostAfterMs: 1500, lostCheckIntervalMs: 100, restartWindowMs: 8000 },
  devices: [
    {
      ips: loopbackBlock(2),
      kinds: ['lamp'],
      beaconIntervalMs: 200,
      logRate: 0,
      rebootMs: 2500,
      restartDelayMs: 100,
    },
  ],
});

let live: Awaited<ReturnType<typeof subscribe>>;
beforeAll(async () => {
  live = await subscribe(gw.wsUrl, '/devices/restarting');
});
afterAll(async () => {
  await live.close();
});

function device(i: number) {
  const d = gw.sim().devices[i];
  if (!d) throw new Error(`no device ${i}`);
  return d;
}

const found = async (ip: string) =>
  z
    .array(FoundDevice)
    .parse((await http(gw.base, 'GET', '/api/devices/found')).body)
    .find((d) => d.ip === ip);
const overviewRow = async (ip: string) =>
  z
    .array(OverviewRow)
    .parse((await http(gw.base, 'GET', '/api/devices/overview')).body)
    .find((r) => r.ip === ip);
const statesOf = (ip: string) =>
  live.messages.map((m) => DeviceRestartState.parse(m)).filter((m) => m.ip === ip);

describe('a device restarting on purpose, as the console reads it', () => {
  it('is marked restarting in the found list, the overview and live, until it is back', async () => {
    const ip = device(0).address;
    expect((await found(ip))?.restarting).toBeUndefined();
    expect((await command(gw.base, ip, 'restart')).status).toBeLessThan(300);
    expect(await found(ip)).toMatchObject({ ip, restarting: true });
    expect(await overviewRow(ip)).toMatchObject({ ip, restarting: true });
    await waitFor(() => statesOf(ip).length >= 1, { what: 'restarting message' });
    expect(statesOf(ip)[0]).toMatchObject({ ip, restarting: true, cause: 'restart' });
    expect(statesOf(ip)[0]?.since).toBeTypeOf('number');
    await waitFor(() => statesOf(ip).length >= 2, { what: 'back message', timeoutMs: 15_000 });
    expect(statesOf(ip)[1]).toEqual({ ip, restarting: false, back: true });
    const back = await found(ip);
    expect(back?.ip).toBe(ip);
    expect(back?.restarting).toBeUndefined();
    expect((await overviewRow(ip))?.restarting).toBeUndefined();
  });
});

describe('a dump whose Wi-Fi password is the viewer mask', () => {
  it('is refused for import and for storing, and the device keeps its password', async () => {
    const d = device(1);
    const wifiBefore = (await command(gw.base, d.address, 'getWiFi')).body;
    const dump = (await command(gw.base, d.address, 'exportSettings')).text;
    const masked = maskSettingsDumpSecrets(dump);
    expect(masked).toContain(DUMP_SECRET_MASK);

    const imported = await command(gw.base, d.address, 'importSettings', { settings: masked });
    expect(imported.status).toBe(400);
    expect(ErrorBody.parse(imported.body).message).toMatch(/masked Wi-Fi password/);
    const stored = await http(gw.base, 'POST', '/api/devices/settings', {
      device: { ip: d.address, name: d.name, type: 'lamp', board: 'esp32', stVersion: '1.0' },
      dump: masked,
    });
    expect(stored.status).toBe(400);
    expect(ErrorBody.parse(stored.body).message).toMatch(/masked Wi-Fi password/);

    expect((await command(gw.base, d.address, 'getWiFi')).body).toEqual(wifiBefore);
    // the real dump still imports
    const real = await command(gw.base, d.address, 'importSettings', { settings: dump });
    expect(real.status).toBeLessThan(300);
  });
});
