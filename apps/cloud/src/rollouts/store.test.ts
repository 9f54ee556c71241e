import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rolloutSettingsOf } from '@st/protocol';
import { afterAll, describe, expect, it } from 'vitest';
import { type CloudDb, openDatabase } from '../db/connect';
import { CloudRolloutStore, type RolloutRow } from './store';

const dir = mkdtempSync(join(tmpdir(), 'st-cloud-rollouts-'));
let db: CloudDb | undefined;
afterAll(async () => {
  await db?.destroy();
  rmSync(dir, { recursive: true, force: true });
});

const at = new Date().toISOString();
const row: RolloutRow = {
  id: 'r1',
  createdBy: 'u1',
  createdByLogin: 'tia',
  name: 'lamps',
  spec: {
    firmware: {
      sourceGatewayId: 'g1',
      sourceFirmwareId: 'f1',
      board: 'esp32',
      type: 'lamp',
      version: '2.0.0',
      fileName: 'lamp.bin',
      sha256: 'a'.repeat(64),
      size: 10,
    },
    target: { kind: 'tag', tag: 'beta' },
    settings: rolloutSettingsOf({}),
    gatewayIds: ['g1'],
    waveCount: 1,
  },
  state: 'RUNNING',
  currentWave: 0,
  reason: undefined,
  accepted: {},
  createdAt: at,
  updatedAt: at,
  finishedAt: undefined,
  expiresAt: at,
};

describe('cloud rollout store (SQLite file)', () => {
  it('lets one node drive a rollout at a time: the lease holder renews, another node takes over once it lapses', async () => {
    db = await openDatabase({ kind: 'sqlite', file: join(dir, 'cloud.db') });
    const store = new CloudRolloutStore(db);
    await store.insert(row, [], null);
    const t0 = 1_000_000;
    expect(await store.lease('r1', 'node-a', 30_000, t0)).toBe(true);
    expect(await store.lease('r1', 'node-b', 30_000, t0 + 1000)).toBe(false);
    expect(await store.lease('r1', 'node-a', 30_000, t0 + 20_000)).toBe(true);
    expect(await store.lease('r1', 'node-b', 30_000, t0 + 40_000)).toBe(false);
    // node a stopped answering: its lease lapses
    expect(await store.lease('r1', 'node-b', 30_000, t0 + 50_001)).toBe(true);
    expect(await store.lease('r1', 'node-a', 30_000, t0 + 50_002)).toBe(false);
    // a stopping node gives its leases back at once
    await store.release('node-b');
    expect(await store.lease('r1', 'node-a', 30_000, t0 + 50_003)).toBe(true);
  });

  it("a user's action wins over the driver: a change made only while still RUNNING is not written after a pause", async () => {
    const store = new CloudRolloutStore(db as CloudDb);
    expect(await store.update('r1', { state: 'PAUSED', reason: 'Paused by tia' }, 'RUNNING')).toBe(true);
    expect(await store.update('r1', { currentWave: 1 }, 'RUNNING')).toBe(false);
    expect(await store.get('r1')).toMatchObject({ state: 'PAUSED', currentWave: 0, reason: 'Paused by tia' });
    expect(await store.active()).toEqual(['r1']);
    await store.update('r1', { state: 'FINISHED' });
    expect(await store.active()).toEqual([]);
  });
});
