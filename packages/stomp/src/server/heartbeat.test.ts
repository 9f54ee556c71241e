import { waitFor } from '@st/testkit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { harnessPerTest, headersOf } from '../testing/harness';
import { Heartbeat } from './heartbeat';

const start = harnessPerTest();
const anyone = () => ({ ok: true as const, principal: null });

describe('heart-beating', () => {
  it('sends EOL heart-beats to a client that asked for them, and none to one that did not', async () => {
    const harness = await start({ authenticate: anyone, heartbeat: { outgoing: 50, incoming: 0 } });
    const wants = await harness.raw();
    await wants.connect('accept-version:1.2\nheart-beat:0,50\n');
    const refuses = await harness.raw();
    await refuses.connect('accept-version:1.2\nheart-beat:0,0\n');
    await waitFor(() => wants.heartbeats >= 3, { what: 'three heart-beats' });
    expect(refuses.heartbeats).toBe(0);
    expect(refuses.closeCode).toBeUndefined();
  });

  it('drops a client that stops heart-beating, and keeps one that goes on', async () => {
    const harness = await start({ authenticate: anyone, heartbeat: { outgoing: 0, incoming: 100 } });
    const reasons: string[] = [];
    harness.stomp.on('disconnected', (_s, reason) => reasons.push(reason));
    const silent = await harness.raw();
    await silent.connect('accept-version:1.2\nheart-beat:100,0\n');
    const alive = await harness.raw();
    await alive.connect('accept-version:1.2\nheart-beat:100,0\n');
    const pinger = setInterval(() => alive.send('\n'), 20);
    try {
      expect(headersOf(await silent.frame('ERROR')).message).toContain('Heart-beat timeout');
      await silent.closed();
      expect(reasons).toEqual([expect.stringContaining('Heart-beat timeout')]);
      // The beating client outlived the silent one by its whole timeout window and more.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(alive.closeCode).toBeUndefined();
      expect(harness.stomp.sessions()).toHaveLength(1);
    } finally {
      clearInterval(pinger);
    }
  });

  it('keeps a @stomp/stompjs client connected through heart-beats in both directions', async () => {
    const harness = await start({ authenticate: anyone, heartbeat: { outgoing: 100, incoming: 100 } });
    let lost = 0;
    const client = await harness.client({
      heartbeatIncoming: 100,
      heartbeatOutgoing: 100,
      onHeartbeatLost: () => lost++,
    });
    const messages: string[] = [];
    client.subscribe('/t', (m) => messages.push(m.body));
    await new Promise((resolve) => setTimeout(resolve, 700));
    await harness.stomp.publish('/t', 'after idle');
    await waitFor(() => messages.length === 1);
    expect(lost).toBe(0);
    expect(client.connected).toBe(true);
  });
});

describe('one timer per session for both directions', () => {
  afterEach(() => vi.useRealTimers());

  it('ticks at half the outgoing period, or the incoming one when shorter or alone', () => {
    expect(Heartbeat.period(10_000, 10_000)).toBe(5000);
    expect(Heartbeat.period(10_000, 3000)).toBe(3000);
    expect(Heartbeat.period(0, 3000)).toBe(3000);
    expect(Heartbeat.period(3000, 0)).toBe(1500);
    expect(Heartbeat.period(1, 0)).toBe(1);
    expect(Heartbeat.period(0, 0)).toBe(0);
  });

  it('beats when nothing was sent and drops a silent peer after two to three incoming periods', () => {
    vi.useFakeTimers();
    const calls: string[] = [];
    // 60 ms out (ticks every 30), 100 ms in: the check runs on the tick at or after each 100 ms (120, 240...).
    const hb = new Heartbeat(60, 100, {
      heartbeatDue: () => calls.push(`beat@${Date.now() - t0}`),
      heartbeatLost: () => calls.push(`lost@${Date.now() - t0}`),
    });
    const t0 = Date.now();
    hb.start();
    hb.markSent();
    hb.markReceived();
    vi.advanceTimersByTime(30); // sent since the last tick: no beat
    expect(calls).toEqual([]);
    vi.advanceTimersByTime(30);
    expect(calls).toEqual(['beat@60']);
    vi.advanceTimersByTime(60); // 120: received since start, so the first check passes
    vi.advanceTimersByTime(120); // 240: nothing received, one missed check
    expect(calls.filter((c) => c.startsWith('lost'))).toEqual([]);
    vi.advanceTimersByTime(120); // 360: two missed checks
    expect(calls.filter((c) => c.startsWith('lost'))).toEqual(['lost@360']);
    hb.stop();
    vi.advanceTimersByTime(1000);
    expect(calls.at(-1)).toBe('lost@360');
  });

  it('keeps a peer that sends within each incoming period', () => {
    vi.useFakeTimers();
    let lost = 0;
    const hb = new Heartbeat(0, 100, { heartbeatDue: () => {}, heartbeatLost: () => lost++ });
    hb.start();
    for (let i = 0; i < 20; i++) {
      hb.markReceived();
      vi.advanceTimersByTime(100);
    }
    expect(lost).toBe(0);
    vi.advanceTimersByTime(199); // one missed check (at +100)
    expect(lost).toBe(0);
    vi.advanceTimersByTime(1); // the second (at +200)
    expect(lost).toBe(1);
    hb.stop();
  });
});
