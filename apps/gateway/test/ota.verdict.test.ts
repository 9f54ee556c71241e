import { IMAGE_MAGIC, makeFirmwareImage, OtaTask, TimelineEntry } from '@st/protocol';
import { loopbackBlock, waitFor } from '@st/testkit';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { http, subscribe } from './helpers';
import { addFirmwareOk, finishedTask, progressMessages, startUpload } from './otaHelpers';
import { gatewayForFile } from './support/harness';

// The OTA verdict (device-protocol.md §7, §11.10): once the device confirmed the image, the task ends as soon
// as the device is back, saying what it reports: the library's label, another version (a label that is not
// the compiled version), or none (a build without __VERSION). Only a device that never comes back fails.
// The wait for the device is long here (30 s), as on a real gateway (60 s): a verdict must not wait for it.

const VERSION_CHECK_MS = 30_000;
const gw = gatewayForFile({
  gateway: {
    otaTimeouts: {
      invitationMs: 500,
      invitationAttempts: 2,
      connectBackMs: 2000,
      chunkAckMs: 2000,
      confirmationMs: 5000,
      versionCheckMs: VERSION_CHECK_MS,
      versionPollMs: 100,
    },
  },
  devices: [
    {
      ips: loopbackBlock(3),
      kinds: ['lamp'],
      beaconIntervalMs: 200,
      rebootMs: 500,
      logRate: 0,
      devices: [{}, { board: 'esp8266', noVersion: true }, {}],
    },
  ],
});

function device(i: number) {
  const d = gw.sim().devices[i];
  if (!d) throw new Error(`no device ${i}`);
  return d;
}

/** An ESP8266 application image: magic, segment count, flash mode, then code (no ESP32 app description). */
function esp8266Image(size: number, seed: number): Uint8Array {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + seed) & 0xff;
  bytes.set([IMAGE_MAGIC, 1, 2, 0x20]);
  return bytes;
}

/** Runs an upload to its end; how long it took from the device's confirmation to the verdict. */
async function upload(firmwareId: string, ip: string) {
  const task = OtaTask.parse((await startUpload(gw.base, firmwareId, ip)).body);
  const live = await subscribe(gw.wsUrl, `/ota/${task.taskId}`);
  let confirmedAt = 0;
  await waitFor(
    () => {
      const confirmed = progressMessages(live.messages).some(
        (m) => m.status === 'FIRMWARE_TRANSFER_FINISHED',
      );
      if (confirmed && confirmedAt === 0) confirmedAt = Date.now();
      return progressMessages(live.messages).some((m) =>
        ['FINISHED', 'FIRMWARE_TRANSFER_FAILED', 'INVITATION_FAILED', 'ABORTED'].includes(m.status),
      );
    },
    { what: 'task over', timeoutMs: VERSION_CHECK_MS + 15_000, intervalMs: 20 },
  );
  const waited = Date.now() - confirmedAt;
  const last = progressMessages(live.messages).at(-1);
  await live.close();
  const done = await waitFor(() => finishedTask(gw.base, task.taskId), { what: 'in the history' });
  return { done, last, waited };
}

const otaTimeline = async (ip: string) =>
  z.array(TimelineEntry).parse((await http(gw.base, 'GET', `/api/devices/timeline?ip=${ip}&kinds=ota`)).body);

describe('OTA verdict', () => {
  it('a device that comes back reporting another version than the label: FINISHED at once, naming both', async () => {
    const d = device(0);
    const fw = await addFirmwareOk(
      gw.base,
      { board: 'esp32', type: 'lamp', version: '1.7.1' },
      makeFirmwareImage({ version: '1.7.0', size: 64 * 1024 }),
    );
    const { done, last, waited } = await upload(fw.id, d.address);
    expect(done.status).toBe('FINISHED');
    expect(done.error).toBeUndefined();
    expect(done.verdict).toMatchObject({ outcome: 'DIFFERS', label: '1.7.1', reported: '1.7.0' });
    expect(last?.verdict).toEqual(done.verdict);
    // ends once the device is back, not when the wait for it runs out
    expect(waited).toBeLessThan(VERSION_CHECK_MS / 2);
    expect(d.state.version).toBe('1.7.0');
    expect((await otaTimeline(d.address))[0]?.text).toBe(
      'Firmware updated, reports 1.7.0 (library says 1.7.1)',
    );
  });

  it('an esp8266 build without a version: FINISHED at once, "reports no version"', async () => {
    const d = device(1);
    expect(d.state.version).toBe('');
    const fw = await addFirmwareOk(
      gw.base,
      { board: 'esp8266', type: 'lamp', version: '2.0.0' },
      esp8266Image(48 * 1024, 8),
    );
    const { done, waited } = await upload(fw.id, d.address);
    expect(done).toMatchObject({ status: 'FINISHED', verdict: { outcome: 'NO_VERSION', label: '2.0.0' } });
    expect(done.verdict?.reported).toBeUndefined();
    expect(waited).toBeLessThan(VERSION_CHECK_MS / 2);
    expect((await otaTimeline(d.address))[0]?.text).toBe('Firmware updated, reports no version');
  });

  it('a device that reports the label: FINISHED, MATCHES', async () => {
    const d = device(2);
    const fw = await addFirmwareOk(
      gw.base,
      { board: 'esp32', type: 'lamp', version: '3.1.4' },
      makeFirmwareImage({ version: '3.1.4', size: 32 * 1024, seed: 314 }),
    );
    const { done, waited } = await upload(fw.id, d.address);
    expect(done).toMatchObject({ status: 'FINISHED', verdict: { outcome: 'MATCHES', reported: '3.1.4' } });
    expect(waited).toBeLessThan(VERSION_CHECK_MS / 2);
    expect((await otaTimeline(d.address))[0]?.text).toBe('Firmware updated');
  });

  it('only a device that does not come back "did not come back": FIRMWARE_TRANSFER_FAILED after the wait', async () => {
    const d = device(2);
    d.setStayDown(true);
    const fw = await addFirmwareOk(
      gw.base,
      { board: 'esp32', type: 'lamp', version: '3.1.5' },
      makeFirmwareImage({ version: '3.1.5', size: 32 * 1024, seed: 315 }),
    );
    const { done, waited } = await upload(fw.id, d.address);
    await d.comeBack();
    expect(done).toMatchObject({
      status: 'FIRMWARE_TRANSFER_FAILED',
      verdict: { outcome: 'NOT_BACK', label: '3.1.5' },
    });
    expect(done.error).toBe(
      `the device confirmed the image but did not come back within ${VERSION_CHECK_MS / 1000} s`,
    );
    expect(waited).toBeGreaterThanOrEqual(VERSION_CHECK_MS - 1000);
  }, 60_000);
});
