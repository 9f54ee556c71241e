import {
  BackupArchiveImport,
  BackupOverview,
  BackupRunResult,
  BackupSchedule,
  SettingsDumpRecord,
} from '@st/protocol';
import { loopbackBlock, waitFor } from '@st/testkit';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { command, ErrorBody, gatewaySetup, http, startGateway } from './helpers';
import { gatewayForFile } from './support/harness';

const gw = gatewayForFile({
  gateway: { deviceTimeoutMs: 1500, lostAfterMs: 1200, lostCheckIntervalMs: 200 },
  devices: [
    {
      ips: loopbackBlock(3),
      kinds: ['lamp', 'lamp', 'weather'],
      logRate: 0,
      rebootMs: 200,
      beaconIntervalMs: 250,
      importRebootDelayMs: 200,
    },
  ],
});
const Dumps = z.array(SettingsDumpRecord);
let lamp: string;
let lamp2: string;
let weather: string;

function sim(address: string) {
  const d = gw.sim().devices.find((x) => x.address === address);
  if (!d) throw new Error(`no simulated device ${address}`);
  return d;
}
const run = async () => BackupRunResult.parse((await http(gw.base, 'POST', '/api/backups/run')).body);
const versions = async (ip: string) =>
  Dumps.parse((await http(gw.base, 'GET', `/api/backups/versions?ip=${encodeURIComponent(ip)}`)).body);
const overview = async () => BackupOverview.parse((await http(gw.base, 'GET', '/api/backups')).body);
const found = async () =>
  z.array(z.object({ ip: z.string() })).parse((await http(gw.base, 'GET', '/api/devices/found')).body);

async function setBrightness(ip: string, value: string) {
  const config = z.record(z.string(), z.string()).parse((await command(gw.base, ip, 'getConfigValues')).body);
  expect(
    (await command(gw.base, ip, 'saveConfigValues', { values: { ...config, brightness: value } })).status,
  ).toBe(200);
}

beforeAll(() => {
  [lamp, lamp2, weather] = gw.sim().devices.map((d) => d.address) as [string, string, string];
});

describe('scheduled backups', () => {
  it('has a daily schedule keeping 30 by default and refuses a bad one with a clear 400', async () => {
    expect(BackupSchedule.parse((await http(gw.base, 'GET', '/api/backups/schedule')).body)).toEqual({
      enabled: true,
      every: 86400,
      keep: 30,
    });
    const bad = await http(gw.base, 'PUT', '/api/backups/schedule', { enabled: true, every: 5, keep: 0 });
    expect(bad.status).toBe(400);
    expect(ErrorBody.parse(bad.body).code).toBe('VALIDATION_FAILED');
    const ok = await http(gw.base, 'PUT', '/api/backups/schedule', { enabled: false, every: 3600, keep: 3 });
    expect(ok.status).toBe(200);
    expect((await overview()).schedule).toEqual({ enabled: false, every: 3600, keep: 3 });
    expect((await overview()).nextRunAt).toBeNull();
  });

  it('backs up a saved device that was offline during the run once it is found again', async () => {
    expect((await http(gw.base, 'POST', `/api/devices/saved?ip=${encodeURIComponent(lamp2)}`)).status).toBe(
      200,
    );
    await sim(lamp2).goOffline();
    await waitFor(async () => !(await found()).some((d) => d.ip === lamp2), { what: 'lamp2 lost' });
    const first = await run();
    expect(first).toMatchObject({ backedUp: 2, unchanged: 0 });
    expect(first.failed.map((f) => f.ip)).toEqual([lamp2]);
    expect(first.failed[0]?.error).toMatch(/unreachable|did not answer|refused|ECONNREFUSED/i);
    expect((await versions(lamp2)).length).toBe(0);

    await sim(lamp2).goOnline();
    await waitFor(async () => (await versions(lamp2)).length === 1, { what: 'lamp2 backed up when found' });
    expect((await versions(lamp2))[0]?.source).toBe('schedule');
    expect((await overview()).devices.find((d) => d.ip === lamp2)?.pending).toBe(false);
  });

  it('stores one version per change and none when unchanged, listed with the saved settings', async () => {
    expect(await run()).toEqual({ backedUp: 0, unchanged: 3, failed: [] });
    await setBrightness(lamp, '11');
    expect(await run()).toEqual({ backedUp: 1, unchanged: 2, failed: [] });
    const lampVersions = await versions(lamp);
    expect(lampVersions).toHaveLength(2);
    expect(lampVersions[0]?.dump).toBe((await command(gw.base, lamp, 'exportSettings')).text.trim());
    expect(lampVersions[0]?.dump).not.toBe(lampVersions[1]?.dump);

    const list = Dumps.parse((await http(gw.base, 'GET', '/api/devices/settings')).body);
    // versions of runs a user started say so, not 'schedule' (lamp2's was a retry when it was found again)
    expect(list.filter((d) => d.source === 'run')).toHaveLength(3);
    expect(list.filter((d) => d.source === 'schedule')).toHaveLength(1);
    const o = await overview();
    expect(o.lastRun).toMatchObject({ backedUp: 1, unchanged: 2, failed: [] });
    expect(o.devices.map((d) => [d.ip, d.versions])).toEqual(
      [
        [lamp, 2],
        [lamp2, 1],
        [weather, 1],
      ].sort(),
    );
    expect(o.devices.find((d) => d.ip === lamp)?.lastBackupId).toBe(lampVersions[0]?.id);
  });

  it('keeps the newest N versions per device, plus every manual export', async () => {
    const exported = await command(gw.base, lamp, 'exportSettings');
    const info = await command(gw.base, lamp, 'getInfo');
    expect(
      (await http(gw.base, 'POST', '/api/devices/settings', { device: info.body, dump: exported.text }))
        .status,
    ).toBe(201);
    for (const b of ['21', '22', '23', '24']) {
      await setBrightness(lamp, b);
      expect((await run()).backedUp).toBe(1);
    }
    const v = await versions(lamp);
    expect(v.filter((d) => d.source === 'run')).toHaveLength(3);
    expect(v.filter((d) => d.source === 'manual')).toHaveLength(1);
    expect(v[0]?.dump).toContain('24');
  });

  it('restores a version to another device of the same type, and refuses another type', async () => {
    const backup = (await versions(lamp))[0];
    if (!backup) throw new Error('no backup');
    const wrong = await http(gw.base, 'POST', '/api/backups/restore', { id: backup.id, ip: weather });
    expect(wrong.status).toBe(400);
    expect(ErrorBody.parse(wrong.body).code).toBe('BACKUP_TYPE_MISMATCH');
    const missing = await http(gw.base, 'POST', '/api/backups/restore', { id: 'nope', ip: lamp2 });
    expect(missing.status).toBe(404);

    const res = await http(gw.base, 'POST', '/api/backups/restore', { id: backup.id, ip: lamp2 });
    expect(res.status).toBe(200);
    await waitFor(
      async () => {
        const e = await command(gw.base, lamp2, 'exportSettings').catch(() => undefined);
        return e?.status === 200 && e.text.trim() === backup.dump;
      },
      { what: 'lamp2 exports the restored backup', timeoutMs: 10_000 },
    );
  });

  it('downloads every latest backup as a zip that restores them onto an empty gateway', async () => {
    const res = await fetch(`${gw.base}/api/backups/archive`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    const zip = Buffer.from(await res.arrayBuffer());
    const latest = (await overview()).devices;

    const setup = await gatewaySetup();
    const fresh = await startGateway(setup);
    try {
      const upload = (body: Uint8Array, type = 'application/zip') =>
        fetch(`${fresh.base}/api/backups/archive`, {
          method: 'POST',
          headers: { 'content-type': type },
          body,
        });
      const garbage = await upload(Buffer.from('PK\u0003\u0004 not really a zip'));
      expect(garbage.status).toBe(400);
      expect(ErrorBody.parse(await garbage.json()).code).toBe('BACKUP_ARCHIVE_INVALID');
      const truncated = await upload(zip.subarray(0, zip.length - 30));
      expect(truncated.status).toBe(400);
      const json = await fetch(`${fresh.base}/api/backups/archive`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"backups":[]}',
      });
      expect(json.status).toBe(415);
      expect(ErrorBody.parse(await json.json()).code).toBe('UNSUPPORTED_MEDIA_TYPE');
      const huge = await upload(new Uint8Array(9 * 1024 * 1024));
      expect(huge.status).toBe(413);
      expect((await http(fresh.base, 'GET', '/api/devices/settings')).body).toEqual([]);

      const ok = await upload(zip);
      expect(ok.status).toBe(200);
      expect(BackupArchiveImport.parse(await ok.json())).toEqual({ imported: 3, skipped: 0 });
      const again = BackupArchiveImport.parse(await (await upload(zip)).json());
      expect(again).toEqual({ imported: 0, skipped: 3 });
      const got = BackupOverview.parse((await http(fresh.base, 'GET', '/api/backups')).body).devices;
      expect(got.map((d) => [d.ip, d.lastBackupId])).toEqual(latest.map((d) => [d.ip, d.lastBackupId]));
      const list = Dumps.parse((await http(fresh.base, 'GET', '/api/devices/settings')).body);
      expect(list.every((d) => d.source === 'upload')).toBe(true);
    } finally {
      await fresh.stop();
      setup.cleanup();
    }
  });
});
