import { AlertPayload, makeFirmwareImage, OtaTask, TimelineEntry } from '@st/protocol';
import { startSimulator } from '@st/simulator';
import { freeUdpPort, type HttpReceiver, loopbackBlock, startHttpReceiver, waitFor } from '@st/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { command, ErrorBody, http, subscribe } from './helpers';
import { addFirmwareOk, finishedTask, progressMessages, startUpload } from './otaHelpers';
import { gatewayForFile } from './support/harness';

// A device the gateway told to restart (importSettings, restart, wipe, a confirmed OTA image) is restarting,
// not lost (device-protocol.md §11.2): it is silent longer than the gateway's lost limit here (3 s against
// 1.5 s), yet commands to it answer 503 DEVICE_RESTARTING, its timeline holds one restart entry, and no
// offline alert or lost event fires unless it stays away past the restart window.

const RESTART_WINDOW_MS = 6000;
const gw = gatewayForFile({
  gateway: {
    lostAfterMs: 1500,
    lostCheckIntervalMs: 100,
    restartWindowMs: RESTART_WINDOW_MS,
    sampleIntervalMs: 250,
    alertTimings: { pollMs: 100, retryBaseMs: 200 },
    otaTimeouts: {
      invitationMs: 500,
      invitationAttempts: 2,
      connectBackMs: 2000,
      chunkAckMs: 2000,
      confirmationMs: 5000,
      versionCheckMs: 10_000,
      versionPollMs: 100,
    },
  },
  devices: [
    {
      ips: loopbackBlock(6),
      kinds: ['lamp'],
      beaconIntervalMs: 200,
      logRate: 0,
      rebootMs: 3000,
      restartDelayMs: 100,
      importRebootDelayMs: 1000,
    },
  ],
});

const Timeline = z.array(TimelineEntry);
let alerts: HttpReceiver;
let lostEvents: Awaited<ReturnType<typeof subscribe>>;

beforeAll(async () => {
  alerts = await startHttpReceiver();
  const put = await http(gw.base, 'PUT', '/api/alerts', {
    channels: [{ id: 'hook', type: 'webhook', url: `${alerts.url}/alerts` }],
    deviceOfflineAfter: 1,
    notifications: false,
  });
  expect(put.status).toBe(200);
  lostEvents = await subscribe(gw.wsUrl, '/devices/lost');
});
afterAll(async () => {
  await lostEvents.close();
  await alerts.close();
});

function device(i: number) {
  const d = gw.sim().devices[i];
  if (!d) throw new Error(`no device ${i}`);
  return d;
}

const timeline = async (ip: string) =>
  Timeline.parse((await http(gw.base, 'GET', `/api/devices/timeline?ip=${ip}`)).body);
const offlineAlerts = (ip: string) =>
  alerts.received
    .map((r) => AlertPayload.parse(JSON.parse(r.body)))
    .filter((p) => p.kind === 'device-offline' && p.device?.ip === ip);
/** The device's lost events since `mark` (an index into the topic's messages). */
const lostOf = (ip: string, mark = 0) =>
  lostEvents.messages
    .slice(mark)
    .filter((m) => typeof m === 'object' && m !== null && 'ip' in m && m.ip === ip);

/** Commands answer 503 DEVICE_RESTARTING until the device is back; then they reach it again. */
async function expectRestartingThenBack(d: { address: string; name: string }, cause: string) {
  const ip = d.address;
  const refused = await command(gw.base, ip, 'getInfo');
  expect(refused.status).toBe(503);
  const error = ErrorBody.parse(refused.body);
  expect(error.code).toBe('DEVICE_RESTARTING');
  expect(error.message).toMatch(new RegExp(`is restarting \\(${cause}, \\d+ s ago\\)`));
  // by name too: the device is still known while it restarts
  const byName = await command(gw.base, d.name, 'getInfo');
  expect(byName.status).toBe(503);
  await waitFor(async () => (await command(gw.base, ip, 'getInfo')).status === 200, {
    what: `${ip} back`,
    timeoutMs: 15_000,
  });
}

/** One restart entry, nothing lost, found, or rebooted, no lost event and no offline alert. */
async function expectOneRestartEntry(ip: string, from: number, mark: number) {
  // the sampler reads the device again after it is back: a reboot it would infer shows by now
  await new Promise((r) => setTimeout(r, 1200));
  const entries = (await timeline(ip)).filter((e) => e.t >= from);
  const kinds = entries.map((e) => e.kind);
  expect(kinds.filter((k) => k === 'restart')).toHaveLength(1);
  expect(kinds).not.toContain('lost');
  expect(kinds).not.toContain('found');
  expect(kinds).not.toContain('reboot');
  expect(lostOf(ip, mark)).toEqual([]);
  expect(offlineAlerts(ip)).toEqual([]);
}

describe('a device restarting on purpose', () => {
  it('restart: 503 DEVICE_RESTARTING while it is away, one restart entry, no lost, no alert', async () => {
    const d = device(0);
    const from = Date.now();
    const mark = lostEvents.messages.length;
    const res = await command(gw.base, d.address, 'restart');
    expect(res.status).toBeLessThan(300);
    await expectRestartingThenBack(d, 'restart');
    await expectOneRestartEntry(d.address, from, mark);
  });

  it('importSettings: held through the freeze and the reboot, one restart entry besides the import', async () => {
    const d = device(1);
    const dump = (await command(gw.base, d.address, 'exportSettings')).text;
    const from = Date.now();
    const mark = lostEvents.messages.length;
    const pending = command(gw.base, d.address, 'importSettings', { settings: dump });
    // while the device holds the import (it answers nothing for ~1 s here, 5 s on the firmware)
    await new Promise((r) => setTimeout(r, 300));
    const during = await command(gw.base, d.address, 'getMetrics');
    expect(during.status).toBe(503);
    expect((await pending).status).toBeLessThan(300);
    await expectRestartingThenBack(d, 'settings import');
    await expectOneRestartEntry(d.address, from, mark);
    const kinds = (await timeline(d.address)).filter((e) => e.t >= from).map((e) => e.kind);
    expect(kinds).toContain('settings-import');
  });

  it('OTA: restarting from the confirmed image until it is back, one restart entry besides the update', async () => {
    const d = device(2);
    const fw = await addFirmwareOk(
      gw.base,
      { board: 'esp32', type: 'lamp', version: '4.4.4' },
      makeFirmwareImage({ version: '4.4.4', size: 64 * 1024 }),
    );
    const from = Date.now();
    const mark = lostEvents.messages.length;
    const task = OtaTask.parse((await startUpload(gw.base, fw.id, d.address)).body);
    const live = await subscribe(gw.wsUrl, `/ota/${task.taskId}`);
    await waitFor(
      () => progressMessages(live.messages).some((m) => m.status === 'FIRMWARE_TRANSFER_FINISHED'),
      { what: 'image confirmed', intervalMs: 10 },
    );
    await live.close();
    await expectRestartingThenBack(d, 'firmware update');
    const done = await waitFor(() => finishedTask(gw.base, task.taskId), { what: 'task over' });
    expect(done).toMatchObject({ status: 'FINISHED', verdict: { outcome: 'MATCHES', reported: '4.4.4' } });
    await expectOneRestartEntry(d.address, from, mark);
    expect((await timeline(d.address)).filter((e) => e.t >= from).map((e) => e.kind)).toContain('ota');
  });

  it('a device that does not come back within the window is lost, and its offline alert fires', async () => {
    const d = device(3);
    d.setStayDown(true);
    const from = Date.now();
    const mark = lostEvents.messages.length;
    expect((await command(gw.base, d.address, 'restart')).status).toBeLessThan(300);
    expect((await command(gw.base, d.address, 'getInfo')).status).toBe(503);
    // held for the window (no lost event before it ends), then lost like any silent device
    await new Promise((r) => setTimeout(r, RESTART_WINDOW_MS - 1500));
    expect(lostOf(d.address, mark)).toEqual([]);
    await waitFor(() => lostOf(d.address, mark).length === 1, {
      what: 'lost after the window',
      timeoutMs: 10_000,
    });
    expect(Date.now() - from).toBeGreaterThanOrEqual(RESTART_WINDOW_MS);
    const gone = await command(gw.base, d.address, 'getInfo');
    expect(ErrorBody.parse(gone.body).code).toBe('UNKNOWN_DEVICE');
    await waitFor(() => offlineAlerts(d.address).length === 1, { what: 'offline alert', timeoutMs: 10_000 });
    expect((await timeline(d.address)).filter((e) => e.t >= from).map((e) => e.kind)).toContain('lost');
    await d.comeBack();
  });
});

describe('a saved device whose beacons do not reach the gateway', () => {
  it('is asked whether it is back, and answers again long before the window ends', async () => {
    // beacons go to another port: the gateway knows this device only as saved
    const sim = await startSimulator({
      ips: loopbackBlock(1),
      kinds: ['lamp'],
      discoveryPort: await freeUdpPort(),
      beaconIntervalMs: 200,
      logRate: 0,
      rebootMs: 1000,
      restartDelayMs: 100,
    });
    try {
      const d = sim.devices[0];
      if (!d) throw new Error('no device');
      expect((await http(gw.base, 'POST', `/api/devices/saved?ip=${d.address}`)).status).toBe(200);
      const from = Date.now();
      expect((await command(gw.base, d.address, 'restart')).status).toBeLessThan(300);
      expect(ErrorBody.parse((await command(gw.base, d.address, 'getInfo')).body).code).toBe(
        'DEVICE_RESTARTING',
      );
      await waitFor(async () => (await command(gw.base, d.address, 'getInfo')).status === 200, {
        what: 'saved device back',
        timeoutMs: 15_000,
      });
      // back by asking it, not by the window running out
      expect(Date.now() - from).toBeLessThan(RESTART_WINDOW_MS);
    } finally {
      await sim.stop();
    }
  });
});

describe('hooks SmartThingLib 1.0 would break (device-protocol.md §11.7)', () => {
  const http1 = { type: 'http', triggerEnabled: false, method: 2 };

  it("refuses an http hook with ';' in its url, method or payload, naming the field and the reason", async () => {
    const d = device(4);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...http1, url: 'http://h/a;b', payload: '' }, 'url'],
      [{ ...http1, url: 'http://h/a', payload: '{"a":1;"b":2}' }, 'payload'],
      [{ ...http1, url: 'http://h/a', method: '2;', payload: '' }, 'method'],
    ];
    for (const [hook, field] of cases) {
      const res = await command(gw.base, d.address, 'createHook', { sensor: 'light', hook });
      expect(res.status, field).toBe(400);
      const error = ErrorBody.parse(res.body);
      expect(error.code).toBe('HOOK_SEMICOLON_UNSUPPORTED');
      expect(error.message).toContain(`hook's ${field}`);
      expect(error.message).toMatch(/SmartThingLib 1\.0.*loses an http hook.*cuts its payload/);
    }
    expect((await command(gw.base, d.address, 'getHooks', { sensor: 'light' })).body).toBeNull();
  });

  it("accepts the same hook without ';', and a notification hook with one; refuses an update adding one", async () => {
    const d = device(5);
    const ok = await command(gw.base, d.address, 'createHook', {
      sensor: 'light',
      hook: { ...http1, url: 'http://h/a', payload: 'a,b' },
    });
    expect(ok.status).toBe(201);
    const { id } = z.object({ id: z.number() }).parse(ok.body);
    const note = await command(gw.base, d.address, 'createHook', {
      sensor: 'light',
      hook: { type: 'notification', triggerEnabled: false, message: 'a;b', notificationType: 1 },
    });
    expect(note.status).toBe(201);
    const update = await command(gw.base, d.address, 'updateHook', {
      sensor: 'light',
      hook: { ...http1, id, url: 'http://h/a', payload: 'a;b' },
    });
    expect(update.status).toBe(400);
    expect(ErrorBody.parse(update.body).code).toBe('HOOK_SEMICOLON_UNSUPPORTED');
  });
});
