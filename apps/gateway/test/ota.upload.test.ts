import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DeviceInfoSchema, makeFirmwareImage, OtaTask } from '@st/protocol';
import { loopbackBlock, waitFor } from '@st/testkit';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ErrorBody, http, subscribe } from './helpers';
import { active, addFirmwareOk, finishedTask, progressMessages, startUpload } from './otaHelpers';
import { gatewayForFile } from './support/harness';

const LAMPS = 10;
const common = { logRate: 0, beaconIntervalMs: 200, rebootMs: 300 };
const gw = gatewayForFile({
  gateway: {
    otaConcurrency: 3,
    otaTimeouts: {
      invitationMs: 300,
      invitationAttempts: 2,
      connectBackMs: 2000,
      chunkAckMs: 2000,
      confirmationMs: 5000,
      versionCheckMs: 8000,
      versionPollMs: 100,
    },
  },
  devices: [
    { ...common, ips: loopbackBlock(LAMPS + 1), kinds: [...Array(LAMPS).fill('lamp'), 'weather'] },
    // A lamp without an OTA receiver.
    { ...common, ips: loopbackBlock(1), kinds: ['lamp'], ota: false },
  ],
});

function lamp(i: number) {
  const d = gw.sim(0).devices[i];
  if (!d) throw new Error(`no lamp ${i}`);
  return d;
}

async function finished(taskId: string) {
  return waitFor(() => finishedTask(gw.base, taskId), { what: `task ${taskId} over`, timeoutMs: 20_000 });
}

describe('OTA upload to one device', () => {
  it('flashes a device: statuses in order, progress to 100, FINISHED once it reports the new version', async () => {
    const device = lamp(0);
    const fw = await addFirmwareOk(
      gw.base,
      { board: 'esp32', type: 'lamp', version: '5.0.0' },
      makeFirmwareImage({ version: '5.0.0', size: 200_000 }),
    );
    expect(device.state.version).not.toBe('5.0.0');
    const res = await startUpload(gw.base, fw.id, device.address);
    expect(res.status).toBe(200);
    const task = OtaTask.parse(res.body);
    expect(task).toMatchObject({ status: 'STARTED', device: { ip: device.address } });
    const live = await subscribe(gw.wsUrl, `/ota/${task.taskId}`);
    const done = await finished(task.taskId);
    await live.close();
    expect(done).toMatchObject({ status: 'FINISHED', progress: 100 });
    expect(done.error).toBeUndefined();
    expect(device.state.version).toBe('5.0.0');
    const statuses = progressMessages(live.messages).map((m) => m.status);
    expect(statuses.at(-1)).toBe('FINISHED');
    const order = ['FIRMWARE_TRANSFER_CONFIRMATION', 'FIRMWARE_TRANSFER_FINISHED', 'FINISHED'];
    expect(statuses.filter((s) => order.includes(s))).toEqual(order);
    const info = DeviceInfoSchema.parse(
      (
        await http(gw.base, 'POST', '/api/device/request', {
          command: 'getInfo',
          device: device.address,
          params: {},
        })
      ).body,
    );
    expect(info.version).toBe('5.0.0');
    // the outcome is on the device's timeline
    const timeline = await http(gw.base, 'GET', `/api/devices/timeline?ip=${device.address}&kinds=ota`);
    expect(timeline.body).toEqual([
      expect.objectContaining({
        kind: 'ota',
        text: 'Firmware updated',
        status: 'FINISHED',
        taskId: task.taskId,
      }),
    ]);
  });

  it('refuses a device whose board does not match the firmware, and leaves it alone', async () => {
    const esp8266 = gw.sim(0).devices[LAMPS];
    if (!esp8266) throw new Error('no esp8266 device');
    const before = esp8266.state.version;
    const fw = await addFirmwareOk(
      gw.base,
      { board: 'esp32', type: 'any', version: '7.0' },
      makeFirmwareImage({ version: '7.0' }),
    );
    const res = await startUpload(gw.base, fw.id, esp8266.address);
    expect(res.status).toBe(400);
    expect(ErrorBody.parse(res.body).message).toMatch(
      /board type are different! Expected esp32, got esp8266/,
    );
    expect(await active(gw.base)).toEqual([]);
    expect(esp8266.state.version).toBe(before);
  });

  it('refuses firmware of another device type unless the override is asked for, then flashes it', async () => {
    const device = lamp(4);
    const before = device.state.version;
    const fw = await addFirmwareOk(
      gw.base,
      { board: 'esp32', type: 'button', version: '3.3' },
      makeFirmwareImage({ version: '3.3', seed: 33 }),
    );
    const refused = await startUpload(gw.base, fw.id, device.address);
    expect(refused.status).toBe(409);
    expect(ErrorBody.parse(refused.body)).toMatchObject({
      code: 'FIRMWARE_TYPE_MISMATCH',
      message: expect.stringMatching(/built for button devices; .* is a lamp/),
    });
    const batch = await http(gw.base, 'POST', `/api/ota/firmware/upload/batch?id=${fw.id}`, [
      { ip: device.address },
    ]);
    expect(batch.body).toEqual({});
    expect(await active(gw.base)).toEqual([]);
    expect(device.state.version).toBe(before);

    const forced = await http(gw.base, 'POST', `/api/ota/firmware/upload?id=${fw.id}`, {
      ip: device.address,
      allowTypeMismatch: true,
    });
    expect(forced.status).toBe(200);
    const done = await finished(OtaTask.parse(forced.body).taskId);
    expect(done.status).toBe('FINISHED');
    expect(device.state.version).toBe('3.3');
  });

  it('ends INVITATION_FAILED, after retrying, when the device never answers the invitation', async () => {
    const device = gw.sim(1).devices[0];
    if (!device) throw new Error('no silent device');
    const before = device.state.version;
    const fw = await addFirmwareOk(
      gw.base,
      { board: 'esp32', type: 'lamp', version: '1.0' },
      makeFirmwareImage({ version: '1.0' }),
    );
    const task = OtaTask.parse((await startUpload(gw.base, fw.id, device.address)).body);
    const done = await finished(task.taskId);
    expect(done.status).toBe('INVITATION_FAILED');
    expect(done.error).toMatch(/did not answer the invitation \(2 tries/);
    expect(device.state.version).toBe(before);
  });

  it('ends FIRMWARE_TRANSFER_FAILED without inviting the device when the stored file no longer matches its MD5', async () => {
    const device = lamp(1);
    const before = device.state.version;
    const fw = await addFirmwareOk(
      gw.base,
      { board: 'esp32', type: 'lamp', version: '6.6' },
      makeFirmwareImage({ version: '6.6', seed: 66 }),
    );
    writeFileSync(
      join(gw.setup.dataDir, `${fw.sha256}.bin`),
      makeFirmwareImage({ version: '6.6', seed: 67 }),
    );
    const task = OtaTask.parse((await startUpload(gw.base, fw.id, device.address)).body);
    const done = await finished(task.taskId);
    expect(done.status).toBe('FIRMWARE_TRANSFER_FAILED');
    expect(done.error).toMatch(/Firmware file corrupted!.*MD5/);
    expect(device.state.version).toBe(before);
  });

  describe('a large image, interrupted halfway', () => {
    let firmwareId = '';
    beforeAll(async () => {
      const image = makeFirmwareImage({ version: '8.0.0', size: 12 * 1024 * 1024, seed: 8 });
      firmwareId = (await addFirmwareOk(gw.base, { board: 'esp32', type: 'lamp', version: '8.0.0' }, image))
        .id;
    });

    async function startAndWaitForProgress(address: string) {
      const task = OtaTask.parse((await startUpload(gw.base, firmwareId, address)).body);
      const live = await subscribe(gw.wsUrl, `/ota/${task.taskId}`);
      await waitFor(
        () =>
          progressMessages(live.messages).some(
            (m) => m.status === 'FIRMWARE_TRANSFER' && (m.progress ?? 0) >= 5,
          ),
        { what: 'transfer under way', intervalMs: 5 },
      );
      return { task, live };
    }

    it('ends ABORTED when the user aborts during the transfer; the device keeps its firmware', async () => {
      const device = lamp(2);
      const before = device.state.version;
      const { task, live } = await startAndWaitForProgress(device.address);
      const abort = await http(gw.base, 'DELETE', `/api/ota/firmware/upload?id=${task.taskId}`);
      expect(abort.status).toBe(200);
      const done = await finished(task.taskId);
      await live.close();
      expect(done.status).toBe('ABORTED');
      expect(done.progress).toBeLessThan(100);
      expect(progressMessages(live.messages).at(-1)?.status).toBe('ABORTED');
      expect((await http(gw.base, 'DELETE', `/api/ota/firmware/upload?id=${task.taskId}`)).status).toBe(404);
      await waitFor(() => !device.state.rebooting && device.state.online, { what: 'device idle' });
      expect(device.state.version).toBe(before);
    });

    it('ends FIRMWARE_TRANSFER_FAILED when the device drops off halfway; it keeps its firmware', async () => {
      const device = lamp(3);
      const before = device.state.version;
      const { task, live } = await startAndWaitForProgress(device.address);
      await device.goOffline();
      const done = await finished(task.taskId);
      await live.close();
      await device.goOnline();
      expect(done.status).toBe('FIRMWARE_TRANSFER_FAILED');
      expect(done.error).toMatch(/closed the connection after \d+ of 12582912 bytes/);
      expect(device.state.version).toBe(before);
    });
  });
});

describe('OTA batch', () => {
  it('flashes 10 devices, never more than 3 at once, all on the new version afterwards', async () => {
    const targets = gw.sim(0).devices.slice(0, LAMPS);
    const fw = await addFirmwareOk(
      gw.base,
      { board: 'esp32', type: 'lamp', version: '10.0' },
      makeFirmwareImage({ version: '10.0', size: 1024 * 1024 }),
    );
    const res = await http(gw.base, 'POST', `/api/ota/firmware/upload/batch?id=${fw.id}`, [
      ...targets.map((d) => ({ ip: d.address, name: d.name })),
      { ip: '10.9.9.9' },
    ]);
    expect(res.status).toBe(200);
    const ids = z.record(z.string(), z.string()).parse(res.body);
    expect(Object.keys(ids).sort()).toEqual(targets.map((d) => d.address).sort());
    let most = 0;
    const taskIds = new Set(Object.values(ids));
    for (;;) {
      const list = (await active(gw.base)).filter((t) => taskIds.has(t.taskId));
      most = Math.max(most, list.filter((t) => t.status !== 'STARTED').length);
      if (list.length === 0) break;
      await new Promise((r) => setTimeout(r, 15));
    }
    expect(most).toBe(3);
    for (const id of taskIds) expect((await finishedTask(gw.base, id))?.status).toBe('FINISHED');
    for (const d of targets) expect(d.state.version).toBe('10.0');
  });
});
