import type { Rollout, RolloutDevice, RolloutSummary } from '@st/protocol';
import { describe, expect, it } from 'vitest';
import { applyToList, applyToRollout, failedCount, formatWaves, parseWaves } from './rolloutModel';

const device = (ip: string, state: RolloutDevice['state']): RolloutDevice => ({
  ip,
  name: ip,
  type: 'lamp',
  board: 'esp32',
  wave: 0,
  state,
  attempts: 0,
  updatedAt: '2026-12-02T06:00:00.000Z',
});

const rollout = (devices: RolloutDevice[]): Rollout => ({
  id: 'r1',
  name: 'lamp 2.0',
  firmware: { id: 'f1', board: 'esp32', type: 'lamp', version: '2.0', fileName: 'lamp.bin' },
  target: { kind: 'tag', tag: 'beta' },
  settings: {
    waves: [{ count: 1 }, {}],
    concurrency: 5,
    soakMs: 0,
    backWithinMs: 60_000,
    lifetimeMs: 86_400_000,
    failureLimit: { firstWave: 1, laterPercent: 10 },
  },
  state: 'RUNNING',
  currentWave: 0,
  createdAt: '2026-12-02T06:00:00.000Z',
  updatedAt: '2026-12-02T06:00:00.000Z',
  expiresAt: '2026-12-03T06:00:00.000Z',
  waves: [],
  devices,
});

describe('rollout waves as text', () => {
  it('reads counts, percents and the rest, and writes them back the same way', () => {
    expect(parseWaves('1, 10%, rest')).toEqual([{ count: 1 }, { percent: 10 }, {}]);
    expect(formatWaves([{ count: 1 }, { percent: 10 }, {}])).toBe('1, 10%, rest');
  });

  it('refuses what is not a wave', () => {
    for (const bad of ['', '0', '1, ten', '150%', '-2', '1,,x']) expect(parseWaves(bad), bad).toBeUndefined();
  });
});

describe('live rollout messages', () => {
  it('moves the changed devices and the summary, and keeps the others', () => {
    const before = rollout([device('10.0.0.1', 'UPLOADING'), device('10.0.0.2', 'PENDING')]);
    const { devices: _d, ...rest } = before;
    const summary: RolloutSummary = {
      ...rest,
      state: 'PAUSED',
      reason: 'limit',
      counts: { UPLOAD_FAILED: 1 },
    };
    const after = applyToRollout(before, {
      rollout: summary,
      devices: [device('10.0.0.1', 'UPLOAD_FAILED')],
    });
    expect(after?.state).toBe('PAUSED');
    expect(after?.reason).toBe('limit');
    expect(after?.devices.map((d) => d.state)).toEqual(['UPLOAD_FAILED', 'PENDING']);
    expect(applyToList([], { rollout: summary, devices: [] })).toEqual([summary]);
    expect(failedCount({ UPLOAD_FAILED: 1, ROLLED_BACK: 2, UPDATED: 5 })).toBe(3);
  });
});
