import { DeviceInfoSchema, Firmware, makeFirmwareImage, OtaTask } from '@st/protocol';
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
import { active, addFirmwareOk, history, startUpload } from './otaHelpers';

// Queue rules and what survives a gateway restart.

let setup: GatewaySetup;
let gw: RunningGateway | undefined;
let sim: Simulator;
const slowInvitation = { otaConcurrency: 1, otaTimeouts: { invitationMs: 60_000, invitationAttempts: 1 } };

async function running(): Promise<RunningGateway> {
  if (!gw) throw new Error('gateway not running');
  return gw;
}

beforeAll(async () => {
  setup = await gatewaySetup();
  gw = await startGateway(setup, slowInvitation);
  // Devices without an OTA receiver: an upload waits on its invitation until aborted.
  sim = await startSimulator({
    ips: loopbackBlock(2),
    kinds: ['lamp'],
    ota: false,
    discoveryPort: setup.discoveryPort,
    logRate: 0,
    beaconIntervalMs: 200,
  });
  const base = gw.base;
  await waitFor(
    async () =>
      z.array(DeviceInfoSchema).parse((await http(base, 'GET', '/api/devices/found')).body).length === 2,
    { what: 'devices found' },
  );
});
afterAll(async () => {
  await sim.stop();
  await gw?.stop();
  setup.cleanup();
});

describe('OTA queue and history', () => {
  it('queues beyond the limit, refuses a second job for a busy device, aborts a queued job', async () => {
    const { base } = await running();
    const [a, b] = sim.devices;
    if (!a || !b) throw new Error('devices missing');
    const fw = await addFirmwareOk(
      base,
      { board: 'esp32', type: 'lamp', version: '1' },
      makeFirmwareImage({ version: '1' }),
    );
    const first = OtaTask.parse((await startUpload(base, fw.id, a.address)).body);
    const second = OtaTask.parse((await startUpload(base, fw.id, b.address)).body);
    const busy = await startUpload(base, fw.id, a.address);
    expect(busy.status).toBe(409);
    expect(ErrorBody.parse(busy.body).message).toMatch(/already upload task running/);
    await waitFor(
      async () => (await active(base)).find((t) => t.taskId === first.taskId)?.status === 'INVITATION',
      { what: 'first inviting' },
    );
    expect((await active(base)).find((t) => t.taskId === second.taskId)?.status).toBe('STARTED');
    expect((await http(base, 'DELETE', `/api/ota/firmware/upload?id=${second.taskId}`)).status).toBe(200);
    const aborted = (await history(base)).find((t) => t.taskId === second.taskId);
    expect(aborted).toMatchObject({ status: 'ABORTED', error: expect.stringMatching(/before it started/) });
    expect((await startUpload(base, 'no-such-firmware', b.address)).status).toBe(404);
    expect((await startUpload(base, fw.id, '10.1.1.1')).status).toBe(404);
  });

  it('keeps firmwares and history across a restart; a job cut by the shutdown ends ABORTED', async () => {
    const before = await running();
    const inFlight = (await active(before.base))[0];
    expect(inFlight?.status).toBe('INVITATION');
    await before.stop();
    gw = undefined;
    gw = await startGateway(setup, slowInvitation);
    const after = await running();
    expect(z.array(Firmware).parse((await http(after.base, 'GET', '/api/ota/firmware')).body)).toHaveLength(
      1,
    );
    expect(await active(after.base)).toEqual([]);
    const list = await history(after.base);
    expect(list.find((t) => t.taskId === inFlight?.taskId)).toMatchObject({
      status: 'ABORTED',
      error: expect.stringMatching(/gateway stopped/),
    });
    expect(list.map((t) => t.status).sort()).toEqual(['ABORTED', 'ABORTED']);
  });
});
