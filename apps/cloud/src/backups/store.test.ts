import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BackupCopy, EMPTY_SETTINGS_DUMP } from '@st/protocol';
import { afterAll, describe, expect, it } from 'vitest';
import { type CloudDb, openDatabase } from '../db/connect';
import { BackupCipher } from './crypto';
import { CloudBackupStore } from './store';

const dir = mkdtempSync(join(tmpdir(), 'st-cloud-backups-'));
let db: CloudDb | undefined;
afterAll(async () => {
  await db?.destroy();
  rmSync(dir, { recursive: true, force: true });
});

const copy = (ip: string, minute: number): BackupCopy => ({
  id: randomUUID(),
  ip,
  device: { ip, name: `dev ${ip}`, type: 'lamp', board: 'esp32', stVersion: '1.0' },
  source: 'schedule',
  creationDateTime: new Date(Date.UTC(2026, 10, 24, 10, minute)).toISOString(),
  dump: EMPTY_SETTINGS_DUMP,
});

describe('cloud backup store (SQLite file)', () => {
  it('keeps the newest versions per device of a gateway, and only that gateway sees them', async () => {
    db = await openDatabase({ kind: 'sqlite', file: join(dir, 'cloud.db') });
    const now = new Date().toISOString();
    await db
      .insertInto('users')
      .values({ id: 'u1', login: 'u1', password_hash: 'x', created_at: now })
      .execute();
    for (const id of ['g1', 'g2']) {
      await db
        .insertInto('gateways')
        .values({ id, owner_id: 'u1', name: id, description: '', created_at: now })
        .execute();
    }
    const store = new CloudBackupStore(db, new BackupCipher(randomBytes(48)), 3);
    const a = [0, 1, 2, 3, 4].map((m) => copy('10.0.0.1', m));
    for (const c of a) await store.add('g1', c);
    await store.add('g1', copy('10.0.0.2', 0));
    await store.add('g1', a[4] as BackupCopy); // sent twice: kept once
    const kept = await store.list('g1');
    expect(kept.filter((c) => c.ip === '10.0.0.1').map((c) => c.id)).toEqual(
      [a[4], a[3], a[2]].map((c) => c?.id),
    );
    expect(kept.filter((c) => c.ip === '10.0.0.2')).toHaveLength(1);
    expect(await store.list('g2')).toEqual([]);
  });

  it("caps a gateway's versions in all, however many addresses they name, and leaves out rows beyond the limits", async () => {
    if (!db) throw new Error('the first test opens the database');
    const store = new CloudBackupStore(db, new BackupCipher(randomBytes(48)), 3, 5);
    // one version each at eight addresses: the per-address cap alone would keep all eight
    const many = [0, 1, 2, 3, 4, 5, 6, 7].map((m) => copy(`10.0.1.${m + 1}`, m));
    for (const c of many) await store.add('g2', c);
    expect((await store.list('g2')).map((c) => c.id)).toEqual(
      many
        .slice(3)
        .reverse()
        .map((c) => c.id),
    );
    // a row kept before the limits (a 20,000-character name) is not handed out
    const legacy = {
      ...copy('10.0.1.99', 59),
      device: { ...copy('10.0.1.99', 59).device, name: 'n'.repeat(20_000) },
    };
    await store.add('g2', legacy);
    expect((await store.list('g2')).map((c) => c.id)).not.toContain(legacy.id);
    expect(await store.list('g2')).toHaveLength(4);
  });
});
