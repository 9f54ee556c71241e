import {
  BackupCopy,
  BackupOverview,
  BackupRunResult,
  GATEWAY_TOKEN_HEADER,
  SettingsDumpRecord,
} from '@st/protocol';
import { waitFor } from '@st/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { storageTarget } from '../src/config';
import { openDatabase } from '../src/db/connect';
import { Browser, field, type StorageKind } from './helpers';
import { type LinkedSystem, startLinkedSystem, type TestDevice } from './support/linked';
import { gwCall, isOnline, removeDir, startTestGateway, type TestGateway } from './system';

const Copies = z.array(BackupCopy);

describe.each<StorageKind>(['sqlite', 'postgres'])('backups kept by the cloud on %s', (kind) => {
  let sys: LinkedSystem & { device: TestDevice };
  let fresh: TestGateway | undefined;
  const cloudCopies = async (user: Browser = sys.user) =>
    user.call('GET', `/api/gateway/backups/${sys.gatewayId}`);

  beforeAll(async () => {
    sys = await startLinkedSystem({ storage: kind, device: true });
    await waitFor(
      async () => ((await gwCall(sys.gw.url, 'GET', '/api/devices/found')).body as unknown[]).length === 1,
    );
  });
  afterAll(async () => {
    if (fresh) {
      await fresh.stop();
      removeDir(fresh.dataDir);
    }
    await sys?.stop();
  });

  it('receives each new version over the link and keeps it encrypted at rest', async () => {
    const run = BackupRunResult.parse((await gwCall(sys.gw.url, 'POST', '/api/backups/run')).body);
    expect(run).toEqual({ backedUp: 1, unchanged: 0, failed: [] });
    await waitFor(async () => Copies.parse((await cloudCopies()).body).length === 1, { what: 'cloud copy' });
    const [copy] = Copies.parse((await cloudCopies()).body);
    const local = BackupOverview.parse((await gwCall(sys.gw.url, 'GET', '/api/backups')).body).devices[0];
    expect(copy?.id).toBe(local?.lastBackupId);
    expect(copy?.ip).toBe(sys.device.address);
    const localRecord = (await gwCall(sys.gw.url, 'GET', `/api/devices/settings/${copy?.id}`)).body;
    expect(SettingsDumpRecord.parse(localRecord).dump).toBe(copy?.dump);

    const db = await openDatabase(storageTarget(sys.cloud.server.config));
    try {
      const rows = await db.selectFrom('backups').selectAll().execute();
      expect(rows).toHaveLength(1);
      const stored = JSON.stringify(rows);
      expect(stored).not.toContain(copy?.dump.slice(15, 40));
      expect(stored).not.toContain(copy?.device.name);
    } finally {
      await db.destroy();
    }
  });

  it('carries the zip both ways through the raw relay', async () => {
    const raw = (method: 'GET' | 'POST') =>
      `/api/gateway/requests/${sys.gatewayId}/raw?url=${encodeURIComponent('/api/backups/archive')}&method=${method}`;
    const cookie = sys.user.cookie ?? '';
    const down = await fetch(sys.cloud.url + raw('GET'), { method: 'POST', headers: { cookie } });
    expect(down.status).toBe(200);
    expect(down.headers.get('content-type')).toBe('application/zip');
    const zip = new Uint8Array(await down.arrayBuffer());
    expect(Buffer.from(zip.subarray(0, 2)).toString()).toBe('PK');
    const up = await fetch(sys.cloud.url + raw('POST'), {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/zip' },
      body: zip,
    });
    expect(up.status).toBe(200);
    expect(await up.json()).toEqual({ imported: 0, skipped: 1 });
    const bad = await fetch(sys.cloud.url + raw('POST'), {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/zip' },
      body: new Uint8Array([1, 2, 3]),
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 'BACKUP_ARCHIVE_INVALID' });
  });

  it('shows the copies to the owner only: another user gets 404, a user cannot use the gateway route', async () => {
    await sys.cloud.server.users.create('other', 'other-password-1');
    const other = new Browser(sys.cloud.url);
    await other.login('other', 'other-password-1');
    const denied = await cloudCopies(other);
    expect(denied.status).toBe(404);
    expect(denied.body).toMatchObject({ code: 'GATEWAY_NOT_FOUND' });
    const anonymous = await new Browser(sys.cloud.url).call('GET', `/api/gateway/backups/${sys.gatewayId}`);
    expect(anonymous.status).toBe(401);
    const asUser = await sys.user.call('GET', '/api/gateway/backups');
    expect(asUser.status).toBe(403);
  });

  it('lets a new gateway linked to the same record list the copies and restore one', async () => {
    const [copy] = Copies.parse((await cloudCopies()).body);
    if (!copy) throw new Error('no cloud copy');
    // The SD card died: a new gateway with an empty data dir, linked to the same gateway record.
    const discoveryPort = sys.gw.discoveryPort;
    await sys.gw.stop();
    const gw2 = await startTestGateway({ dataDir: `${sys.gw.dataDir}-new`, discoveryPort });
    fresh = gw2;
    const token = field((await sys.user.call('POST', `/api/auth/gateway/${sys.gatewayId}`)).body, 'token');
    const own = await fetch(`${sys.cloud.url}/api/gateway/backups`, {
      headers: { [GATEWAY_TOKEN_HEADER]: token },
    });
    expect(Copies.parse(await own.json()).map((c) => c.id)).toEqual([copy.id]);
    expect(
      (await gwCall(gw2.url, 'POST', '/api/cloud/login', { cloudUrl: sys.cloud.url, token })).status,
    ).toBe(200);
    expect((await gwCall(gw2.url, 'PUT', '/api/cloud/connection/connect')).status).toBe(200);
    await waitFor(() => isOnline(sys.user, sys.gatewayId), { what: 'new gateway online' });

    const pull = await sys.user.call('POST', `/api/gateway/requests/${sys.gatewayId}`, {
      url: '/api/backups/cloud/pull',
      method: 'POST',
    });
    expect(pull.status).toBe(200);
    expect(pull.body).toEqual({ fetched: 1, imported: 1 });
    const listed = await sys.user.call('POST', `/api/gateway/requests/${sys.gatewayId}`, {
      url: '/api/backups',
      method: 'GET',
    });
    expect(BackupOverview.parse(listed.body).devices.map((d) => d.lastBackupId)).toEqual([copy.id]);

    await waitFor(
      async () => ((await gwCall(gw2.url, 'GET', '/api/devices/found')).body as unknown[]).length === 1,
    );
    const renamed = await gwCall(gw2.url, 'POST', '/api/device/request', {
      device: sys.device.address,
      command: 'saveName',
      params: { name: 'renamed' },
    });
    expect(renamed.status).toBe(200);
    const restore = await sys.user.call('POST', `/api/gateway/requests/${sys.gatewayId}`, {
      url: '/api/backups/restore',
      method: 'POST',
      data: { id: copy.id, ip: sys.device.address },
    });
    expect(restore.status).toBe(200);
    await waitFor(
      async () => {
        const e = await gwCall(gw2.url, 'POST', '/api/device/request', {
          device: sys.device.address,
          command: 'exportSettings',
        }).catch(() => undefined);
        return e?.status === 200 && e.text.trim() === copy.dump;
      },
      { what: 'the device exports the restored backup', timeoutMs: 15_000 },
    );
  });
});
