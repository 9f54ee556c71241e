import {
  AlertPayload,
  Firmware,
  Notification,
  RolloutDeviceStates,
  RolloutProgressMessage,
  RolloutSummary,
} from '@st/protocol';
import { startHttpReceiver, waitFor } from '@st/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ErrorBody, http, subscribe } from './helpers';
import {
  createRollout,
  lampFirmware,
  type RolloutSystem,
  startRolloutSystem,
  stateOf,
  waitRollout,
} from './support/rollouts';

// Rollouts run by the gateway over real sockets with simulated lamps: the failure limit pauses, resume
// finishes; a refused image, a rollback, a device away for two hours (the clock moved ahead), a crash loop
// after the update, and refusals of bad input.

const HOUR = 3_600_000;
let sys: RolloutSystem;
// 0 refuses every image; 1-3 take it; 4 is an esp8266 lamp (skipped); 5 comes back on its old version;
// 6 crash-loops after the update; 7 is away at its wave; 8 is away for the rollout's whole life
beforeAll(async () => {
  sys = await startRolloutSystem([
    { otaRefuse: true },
    {},
    {},
    {},
    { board: 'esp8266' },
    {},
    { otaCrashLoopMs: 1200 },
    {},
    {},
  ]);
}, 60_000);
afterAll(async () => {
  await sys?.stop();
});

const ip = (i: number) => sys.device(i).address;

describe('firmware rollouts', () => {
  it('pauses at the failure limit when the first device refuses the image; resume finishes the rest', async () => {
    const hook = await startHttpReceiver();
    const alerts = () =>
      hook.received
        .map((x) => AlertPayload.parse(JSON.parse(x.body)))
        .filter((a) => a.kind.startsWith('rollout'));
    const channel = { id: 'hook', type: 'webhook', url: `${hook.url}/alerts`, secret: 'hook-secret-1' };
    const put = await http(sys.base, 'PUT', '/api/alerts', {
      channels: [channel],
      deviceOfflineAfter: 3600,
      notifications: false,
    });
    expect(put.status).toBe(200);
    const live = await subscribe(sys.wsUrl, '/rollouts');
    const notes = await subscribe(sys.wsUrl, '/notifications');
    const fw = await lampFirmware(sys.base, '2.0.0');
    const preview = await http(sys.base, 'POST', '/api/rollouts/preview', {
      firmwareId: fw.id,
      target: { kind: 'devices', ips: [ip(0), ip(1), ip(2), ip(3), ip(4)] },
    });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      matched: 4,
      skipped: [{ ip: ip(4), reason: 'board esp8266: the firmware is for esp32' }],
    });

    const created = await createRollout(sys.base, {
      firmwareId: fw.id,
      target: { kind: 'devices', ips: [ip(0), ip(1), ip(2), ip(3), ip(4)] },
      soakMs: 300,
    });
    // default waves over 4 devices: 1, 10 % (1), the rest (2)
    expect(created.waves.map((w) => w.size)).toEqual([1, 1, 2]);
    expect(created.settings).toMatchObject({ soakMs: 300, lifetimeMs: 7 * 24 * HOUR });
    expect(stateOf(created, ip(4))).toBe('SKIPPED');
    expect(created.devices.find((d) => d.ip === ip(0))?.wave).toBe(0);

    const paused = await waitRollout(sys.base, created.id, (r) => r.state === 'PAUSED', 'paused');
    const refused = paused.devices.find((d) => d.ip === ip(0));
    expect(refused).toMatchObject({ state: 'UPLOAD_FAILED', uploadStatus: 'INVITATION_FAILED', attempts: 1 });
    expect(refused?.detail).toContain('refused');
    expect(paused.reason).toContain('1 of 1 device failed in wave 1 (limit 1)');
    expect(paused.reason).toContain(ip(0));
    // nothing of the next waves started while paused
    for (const i of [1, 2, 3]) expect(stateOf(paused, ip(i))).toBe('PENDING');
    expect(sys.device(1).state.otaFlashes).toBe(0);
    // the overview's compact view: each device of the paused rollout with its state (skipped ones left out)
    const states = RolloutDeviceStates.parse((await http(sys.base, 'GET', '/api/rollouts/devices')).body);
    expect(states[ip(0)]).toMatchObject({
      rolloutId: created.id,
      rolloutState: 'PAUSED',
      state: 'UPLOAD_FAILED',
    });
    expect(states[ip(1)]).toMatchObject({ rollout: 'lamp 2.0.0', state: 'PENDING', wave: 1 });
    expect(states[ip(4)]).toBeUndefined();
    await waitFor(() => alerts().some((a) => a.kind === 'rollout-paused'), { what: 'the pause alert' });
    expect(alerts()[0]?.text).toContain('paused: 1 of 1 device failed in wave 1');
    // and a notification in the console's list, live
    await waitFor(() => notes.messages.length > 0, { what: 'the pause notification' });
    expect(Notification.parse(notes.messages[0])).toMatchObject({
      device: { name: 'lamp 2.0.0', type: 'rollout' },
      notification: { type: 'warning', message: expect.stringContaining('paused: 1 of 1 device failed') },
    });

    const resumed = await http(sys.base, 'POST', `/api/rollouts/${created.id}/action`, { action: 'resume' });
    expect(resumed.status).toBe(200);
    const done = await waitRollout(sys.base, created.id, (r) => r.state === 'FINISHED', 'finished');
    for (const i of [1, 2, 3]) {
      expect(stateOf(done, ip(i))).toBe('UPDATED');
      expect(sys.device(i).state.version).toBe('2.0.0');
      expect(sys.device(i).state.otaFlashes).toBe(1);
    }
    expect(stateOf(done, ip(0))).toBe('UPLOAD_FAILED');
    expect(done.reason).toBe('3 updated, 1 failed, 1 skipped');
    expect(done.finishedAt).toBeDefined();
    // an ended rollout holds no device any more
    expect((await http(sys.base, 'GET', '/api/rollouts/devices')).body).toEqual({});
    await waitFor(() => alerts().some((a) => a.kind === 'rollout-finished'), { what: 'the end alert' });
    expect(alerts().at(-1)?.text).toBe(`Rollout "lamp 2.0.0" finished: 3 updated, 1 failed, 1 skipped`);
    const saved = z.array(Notification).parse((await http(sys.base, 'GET', '/api/notification')).body);
    expect(saved.map((n) => [n.notification.type, n.notification.message])).toEqual([
      ['info', `Rollout "lamp 2.0.0" finished: 3 updated, 1 failed, 1 skipped`],
      ['warning', expect.stringContaining('paused: 1 of 1 device failed')],
    ]);
    await notes.close();
    await hook.close();

    const messages = live.messages.map((m) => RolloutProgressMessage.parse(m));
    await live.close();
    expect(messages.some((m) => m.rollout.id === created.id && m.rollout.state === 'PAUSED')).toBe(true);
    expect(messages.at(-1)?.rollout).toMatchObject({ state: 'FINISHED', counts: { UPDATED: 3 } });
    const list = z.array(RolloutSummary).parse((await http(sys.base, 'GET', '/api/rollouts')).body);
    expect(list[0]).toMatchObject({ id: created.id, state: 'FINISHED' });

    // retry the failed one once its updater accepts images again
    sys.device(0).setOtaRefuse(false);
    const retry = await http(sys.base, 'POST', `/api/rollouts/${created.id}/action`, {
      action: 'retryFailed',
    });
    expect(retry.status).toBe(200);
    const again = await waitRollout(sys.base, created.id, (r) => r.state === 'FINISHED', 'finished again');
    expect(again.devices.find((d) => d.ip === ip(0))).toMatchObject({ state: 'UPDATED', attempts: 2 });
    expect(again.reason).toBe('4 updated, 1 skipped');
  }, 90_000);

  it('a device that comes back on its old version is rolled back, and devices on the version are skipped', async () => {
    const d = sys.device(5);
    const old = d.state.version;
    d.setOtaVersion(old);
    const fw = await lampFirmware(sys.base, '2.1.0');
    const r = await createRollout(sys.base, {
      firmwareId: fw.id,
      target: { kind: 'devices', ips: [ip(5)] },
      soakMs: 0,
    });
    const done = await waitRollout(sys.base, r.id, (x) => x.state === 'FINISHED', 'finished');
    expect(done.devices[0]).toMatchObject({
      state: 'ROLLED_BACK',
      fromVersion: old,
      detail: `came back on ${old}, the version it had`,
      verdict: { outcome: 'DIFFERS', reported: old, label: '2.1.0' },
    });
    // devices 1-3 run 2.0.0 now: a rollout of 2.0.0 to them skips them all
    const library = z.array(Firmware).parse((await http(sys.base, 'GET', '/api/ota/firmware')).body);
    const same = await http(sys.base, 'POST', '/api/rollouts', {
      firmwareId: library.find((f) => f.version === '2.0.0')?.id,
      target: { kind: 'devices', ips: [ip(1), ip(2)] },
    });
    expect(same.status).toBe(400);
    expect(ErrorBody.parse(same.body)).toMatchObject({ code: 'ROLLOUT_NO_DEVICES' });
    expect(ErrorBody.parse(same.body).message).toContain('already on 2.0.0');
  }, 60_000);

  it('a device that crash-loops after the update fails its soak as CRASH_LOOP', async () => {
    const fw = await lampFirmware(sys.base, '3.0.0');
    const r = await createRollout(sys.base, {
      firmwareId: fw.id,
      target: { kind: 'devices', ips: [ip(6)] },
      soakMs: 10 * 60_000,
    });
    const done = await waitRollout(sys.base, r.id, (x) => x.state === 'FINISHED', 'finished', 45_000);
    expect(done.devices[0]?.state).toBe('CRASH_LOOP');
    expect(done.devices[0]?.detail).toMatch(/rebooted 2 times during its soak|crash loop/);
    expect(sys.device(6).state.otaFlashes).toBe(1);
  }, 60_000);

  it('a device away at its wave is queued and updated when it returns two hours later; one away for good expires', async () => {
    const away = sys.device(7);
    const gone = sys.device(8);
    await away.goOffline();
    await gone.goOffline();
    const lost = async () => {
      const found = (await http(sys.base, 'GET', '/api/devices/found')).body as Array<{ ip: string }>;
      return !found.some((f) => f.ip === away.address || f.ip === gone.address);
    };
    await waitFor(lost, { what: 'both devices lost' });

    const fw = await lampFirmware(sys.base, '4.0.0');
    const r = await createRollout(sys.base, {
      firmwareId: fw.id,
      target: { kind: 'devices', ips: [ip(7), ip(2)] },
      waves: [{ count: 1 }, {}],
      soakMs: 0,
    });
    // the device heard now is the first wave; the away one waits in the second
    expect(r.devices.find((d) => d.ip === ip(2))?.wave).toBe(0);
    const waiting = await waitRollout(
      sys.base,
      r.id,
      (x) => stateOf(x, ip(7)) === 'WAITING' && stateOf(x, ip(2)) === 'UPDATED',
      'the away device waiting',
    );
    expect(waiting.state).toBe('RUNNING');
    expect(waiting.devices.find((d) => d.ip === ip(7))?.detail).toContain('updated when next found');

    sys.clock.advance(2 * HOUR);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(stateOf(await waitRollout(sys.base, r.id, () => true, 'read'), ip(7))).toBe('WAITING');
    await away.goOnline();
    const done = await waitRollout(sys.base, r.id, (x) => x.state === 'FINISHED', 'finished after return');
    expect(stateOf(done, ip(7))).toBe('UPDATED');
    expect(away.state.version).toBe('4.0.0');

    const fw2 = await lampFirmware(sys.base, '4.0.1');
    const r2 = await createRollout(sys.base, {
      firmwareId: fw2.id,
      target: { kind: 'devices', ips: [ip(8)] },
      lifetimeMs: 24 * HOUR,
    });
    await waitRollout(sys.base, r2.id, (x) => stateOf(x, ip(8)) === 'WAITING', 'waiting');
    sys.clock.advance(25 * HOUR);
    const expired = await waitRollout(sys.base, r2.id, (x) => x.state === 'FINISHED', 'expired');
    expect(stateOf(expired, ip(8))).toBe('EXPIRED');
    expect(expired.reason).toBe('0 updated, 1 not found in time');
    await gone.goOnline();
  }, 90_000);

  it('holds the next wave until the first wave’s device stayed up its soak time (10 min on the clock)', async () => {
    const fw = await lampFirmware(sys.base, '5.5.0');
    const r = await createRollout(sys.base, {
      firmwareId: fw.id,
      target: { kind: 'devices', ips: [ip(1), ip(2)] },
      waves: [{ count: 1 }, {}],
    });
    expect(r.settings.soakMs).toBe(10 * 60_000);
    const soaking = await waitRollout(sys.base, r.id, (x) => stateOf(x, ip(1)) === 'SOAKING', 'soaking');
    expect(soaking.currentWave).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const still = await waitRollout(sys.base, r.id, () => true, 'read');
    expect([stateOf(still, ip(1)), stateOf(still, ip(2)), still.currentWave]).toEqual([
      'SOAKING',
      'PENDING',
      0,
    ]);
    sys.clock.advance(10 * 60_000);
    await waitRollout(
      sys.base,
      r.id,
      (x) => stateOf(x, ip(1)) === 'UPDATED' && x.currentWave === 1,
      'soaked',
    );
    const soaking2 = await waitRollout(
      sys.base,
      r.id,
      (x) => stateOf(x, ip(2)) === 'SOAKING',
      'wave 2 soaking',
    );
    expect(soaking2.state).toBe('RUNNING');
    sys.clock.advance(10 * 60_000);
    await waitRollout(sys.base, r.id, (x) => x.state === 'FINISHED', 'finished');
  }, 60_000);

  it('starts no upload outside its window (gateway local time), and starts once the clock is inside it', async () => {
    const h = new Date(sys.clock.now()).getHours();
    const hh = (n: number) => `${String((h + n) % 24).padStart(2, '0')}:00`;
    const fw = await lampFirmware(sys.base, '6.0.0');
    const r = await createRollout(sys.base, {
      firmwareId: fw.id,
      target: { kind: 'devices', ips: [ip(3)] },
      window: { start: hh(2), end: hh(4) },
      soakMs: 0,
    });
    const outside = await waitRollout(sys.base, r.id, (x) => x.reason !== undefined, 'the window reason');
    expect(outside.reason).toBe(`Outside its window ${hh(2)}-${hh(4)} (gateway time): no upload starts`);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(stateOf(await waitRollout(sys.base, r.id, () => true, 'read'), ip(3))).toBe('PENDING');
    expect(sys.device(3).state.otaFlashes).toBe(1);
    sys.clock.advance(2 * HOUR);
    const done = await waitRollout(sys.base, r.id, (x) => x.state === 'FINISHED', 'finished in the window');
    expect(stateOf(done, ip(3))).toBe('UPDATED');
    expect(sys.device(3).state.version).toBe('6.0.0');
  }, 60_000);

  it('takes its devices by tag, counting them in the preview first', async () => {
    const tagged = await http(sys.base, 'POST', '/api/devices/tags/bulk', {
      ips: [ip(1), ip(3)],
      add: ['beta'],
    });
    expect(tagged.status).toBe(200);
    const fw = await lampFirmware(sys.base, '7.0.0');
    const target = { kind: 'tag', tag: 'beta' };
    const preview = await http(sys.base, 'POST', '/api/rollouts/preview', { firmwareId: fw.id, target });
    expect(preview.body).toEqual({ matched: 2, skipped: [] });
    const r = await createRollout(sys.base, { firmwareId: fw.id, target, soakMs: 0 });
    expect(r.devices.map((d) => d.ip).sort()).toEqual([ip(1), ip(3)].sort());
    const done = await waitRollout(sys.base, r.id, (x) => x.state === 'FINISHED', 'finished');
    expect(done.reason).toBe('2 updated');
    for (const i of [1, 3]) expect(sys.device(i).state.version).toBe('7.0.0');
  }, 60_000);

  it('refuses bad input with 4xx and a clear message', async () => {
    const fw = await lampFirmware(sys.base, '5.0.0');
    const post = (body: unknown) => http(sys.base, 'POST', '/api/rollouts', body);
    const target = { kind: 'devices', ips: [ip(1)] };
    const cases: Array<[unknown, number, string]> = [
      [{ target }, 400, 'firmwareId'],
      [{ firmwareId: fw.id, target: { kind: 'nothing' } }, 400, 'kind'],
      [{ firmwareId: fw.id, target, waves: [] }, 400, 'at least one wave'],
      [{ firmwareId: fw.id, target, waves: [{ count: 1, percent: 5 }] }, 400, 'not both'],
      [{ firmwareId: fw.id, target, window: { start: '25:00', end: '03:00' } }, 400, 'HH:MM'],
      [{ firmwareId: fw.id, target, window: { start: '02:00', end: '02:00' } }, 400, 'same time'],
      [{ firmwareId: fw.id, target, soakMs: -1 }, 400, 'soakMs'],
      [{ firmwareId: fw.id, target, concurrency: 0 }, 400, 'concurrency'],
      [{ firmwareId: 'missing', target }, 404, 'firmware'],
      [{ firmwareId: fw.id, target: { kind: 'devices', ips: ['10.1.2.3'] } }, 404, '10.1.2.3'],
      [{ firmwareId: fw.id, target: { kind: 'typeBoard', type: 'lamp', board: 'esp8266' } }, 400, 'esp8266'],
      [{ firmwareId: fw.id, target: { kind: 'tag', tag: 'nobody-has-it' } }, 400, 'matches no device'],
    ];
    for (const [body, status, text] of cases) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(ErrorBody.parse(res.body).message.toLowerCase(), JSON.stringify(body)).toContain(
        text.toLowerCase(),
      );
    }
    const missing = await http(sys.base, 'GET', '/api/rollouts/nope');
    expect(missing.status).toBe(404);
    expect(ErrorBody.parse(missing.body).code).toBe('ROLLOUT_NOT_FOUND');
    const list = z.array(RolloutSummary).parse((await http(sys.base, 'GET', '/api/rollouts')).body);
    const finished = list.find((r) => r.state === 'FINISHED');
    if (!finished) throw new Error('a finished rollout expected');
    const resume = await http(sys.base, 'POST', `/api/rollouts/${finished.id}/action`, { action: 'resume' });
    expect(resume.status).toBe(409);
    expect(ErrorBody.parse(resume.body)).toMatchObject({
      code: 'ROLLOUT_STATE_CONFLICT',
      message: 'Cannot resume a rollout that is finished',
    });
    const bad = await http(sys.base, 'POST', `/api/rollouts/${finished.id}/action`, { action: 'explode' });
    expect(bad.status).toBe(400);
    const removed = await http(sys.base, 'DELETE', `/api/rollouts/${finished.id}`);
    expect(removed.status).toBe(200);
    expect((await http(sys.base, 'GET', `/api/rollouts/${finished.id}`)).status).toBe(404);
  });
});
