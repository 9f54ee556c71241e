import type { RolloutDevice, RolloutDeviceStates, RolloutSummary } from '@st/protocol';
import { describe, expect, it } from 'vitest';
import { applyToDeviceStates } from './deviceRolloutModel';

const summary = (id: string, state: RolloutSummary['state']) =>
  ({ id, name: `r-${id}`, state }) as RolloutSummary;
const device = (ip: string, state: RolloutDevice['state']) =>
  ({ ip, state, wave: 0, attempts: 0 }) as RolloutDevice;
const map: RolloutDeviceStates = {
  a: { rolloutId: '1', rollout: 'r-1', rolloutState: 'RUNNING', state: 'PENDING', wave: 0 },
  b: { rolloutId: '1', rollout: 'r-1', rolloutState: 'RUNNING', state: 'PENDING', wave: 1 },
  c: { rolloutId: '2', rollout: 'r-2', rolloutState: 'RUNNING', state: 'UPLOADING', wave: 0 },
};

describe('applyToDeviceStates', () => {
  it('moves the devices of a known rollout and its state', () => {
    const next = applyToDeviceStates(map, {
      rollout: summary('1', 'PAUSED'),
      devices: [device('a', 'UPLOAD_FAILED')],
    });
    expect(next?.a).toMatchObject({ state: 'UPLOAD_FAILED', rolloutState: 'PAUSED' });
    expect(next?.b).toMatchObject({ state: 'PENDING', rolloutState: 'PAUSED' });
    expect(next?.c).toBe(map.c);
  });

  it('drops every device of a rollout that ended, and asks for a reread on an unknown one', () => {
    const ended = applyToDeviceStates(map, { rollout: summary('1', 'FINISHED'), devices: [] });
    expect(Object.keys(ended ?? {})).toEqual(['c']);
    expect(applyToDeviceStates(map, { rollout: summary('3', 'RUNNING'), devices: [] })).toBeUndefined();
  });
});
