import { afterEach, describe, expect, it } from 'vitest';
import { FlowControl, type Pausable } from './flowControl';

class Reader implements Pausable {
  isPaused = false;
  pause(): void {
    this.isPaused = true;
  }
  resume(): void {
    this.isPaused = false;
  }
}

const flows: FlowControl[] = [];
afterEach(() => {
  for (const f of flows.splice(0)) f.stop();
});

function setup() {
  const state = { queued: 0, congested: false };
  const reader = new Reader();
  const flow = new FlowControl(reader, {
    queued: () => state.queued,
    liveCongested: () => state.congested,
    highWater: 100,
    lowWater: 10,
  });
  flows.push(flow);
  return { state, reader, flow };
}

describe('FlowControl', () => {
  it('pauses reading over the high-water mark and resumes only once down to the low-water mark', () => {
    const { state, reader, flow } = setup();
    state.queued = 101;
    flow.afterAccept();
    expect(reader.isPaused).toBe(true);
    state.queued = 50;
    flow.check();
    expect(reader.isPaused).toBe(true);
    state.queued = 10;
    flow.check();
    expect(reader.isPaused).toBe(false);
    expect(flow.pauses).toBe(1);
  });

  it('stays paused while a live subscriber is behind, even with an empty queue', () => {
    const { state, reader, flow } = setup();
    state.congested = true;
    flow.check();
    expect(reader.isPaused).toBe(true);
    flow.check();
    expect(reader.isPaused).toBe(true);
    state.congested = false;
    flow.check();
    expect(reader.isPaused).toBe(false);
  });

  it('does nothing once stopped (the final flush on shutdown starts no timer)', () => {
    const { state, reader, flow } = setup();
    flow.stop();
    state.queued = 1000;
    flow.afterAccept();
    expect(reader.isPaused).toBe(false);
  });
});
