import { OverviewRow } from '@st/protocol';
import { type Simulator, startSimulator } from '@st/simulator';
import { loopbackBlock, waitFor } from '@st/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ErrorBody,
  type GatewaySetup,
  gatewaySetup,
  http,
  type RunningGateway,
  startGateway,
} from './helpers';

// A device the gateway has heard stays in the fleet overview when it stops, as offline with when it was last
// heard, across a gateway restart (SQLite), until the user forgets it. Real gateway, simulated devices.

let setup: GatewaySetup;
let sim: Simulator;
let gw: RunningGateway | undefined;
const timing = { lostAfterMs: 800, lostCheckIntervalMs: 100, sampleIntervalMs: 300 };

const overview = async () =>
  z.array(OverviewRow).parse((await http(`${gw?.base}`, 'GET', '/api/devices/overview')).body);
const row = async (ip: string) => (await overview()).find((r) => r.ip === ip);
const device = (i: number) => {
  const d = sim.devices[i];
  if (!d) throw new Error(`no device ${i}`);
  return d;
};

beforeAll(async () => {
  setup = await gatewaySetup();
  gw = await startGateway(setup, timing);
  sim = await startSimulator({
    ips: loopbackBlock(2),
    kinds: ['lamp'],
    discoveryPort: setup.discoveryPort,
    beaconIntervalMs: 200,
    logRate: 0,
  });
  await waitFor(async () => (await overview()).filter((r) => r.online).length === 2, { what: 'both online' });
}, 60_000);
afterAll(async () => {
  await sim?.stop();
  await gw?.stop();
  setup?.cleanup();
});

describe('devices the gateway has seen', () => {
  it('a stopped device stays listed as offline with its last seen time, across a gateway restart', async () => {
    const stopped = device(0).address;
    const before = Date.now();
    await device(0).goOffline();
    await waitFor(async () => (await row(stopped))?.online === false, { what: 'listed offline' });
    const offline = await row(stopped);
    expect(offline).toMatchObject({ online: false, saved: false, remembered: true, name: device(0).name });
    expect(offline?.lastSeen).toBeGreaterThanOrEqual(before - 2000);
    expect(offline?.lastSeen).toBeLessThanOrEqual(Date.now());

    await gw?.stop();
    gw = await startGateway(setup, timing);
    await waitFor(async () => (await row(device(1).address))?.online === true, {
      what: 'the other one found',
    });
    const after = await row(stopped);
    expect(after).toMatchObject({ online: false, remembered: true, name: device(0).name });
    expect(after?.lastSeen).toBe(offline?.lastSeen);
  }, 60_000);

  it('forgets an offline device on request; refuses an online, unknown or malformed one', async () => {
    const stopped = device(0).address;
    const online = await http(`${gw?.base}`, 'DELETE', `/api/devices/seen?ip=${device(1).address}`);
    expect(online.status).toBe(409);
    expect(ErrorBody.parse(online.body).code).toBe('DEVICE_HEARD_NOW');

    const forgot = await http(`${gw?.base}`, 'DELETE', `/api/devices/seen?ip=${stopped}`);
    expect(forgot.status).toBe(200);
    expect(await row(stopped)).toBeUndefined();
    const again = await http(`${gw?.base}`, 'DELETE', `/api/devices/seen?ip=${stopped}`);
    expect(again.status).toBe(404);
    expect(ErrorBody.parse(again.body).code).toBe('UNKNOWN_DEVICE');
    expect((await http(`${gw?.base}`, 'DELETE', '/api/devices/seen?ip=not-an-ip')).status).toBe(400);

    // heard again, it is listed again
    await device(0).goOnline();
    await waitFor(async () => (await row(stopped))?.online === true, { what: 'back in the overview' });
  }, 60_000);
});
