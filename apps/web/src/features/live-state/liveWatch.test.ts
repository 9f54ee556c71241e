import { describe, expect, it, vi } from 'vitest';
import { type LiveConnection, LiveWatch } from './liveWatch';

// The live channel's state as the banner sees it, on a channel whose connection the test drives.

function channel(connected: boolean) {
  const listeners = new Set<(c: boolean) => void>();
  const ch = {
    connected,
    onConnectionChange(listener: (c: boolean) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(c: boolean) {
      ch.connected = c;
      for (const l of listeners) l(c);
    },
  } satisfies LiveConnection & { set: (c: boolean) => void };
  return ch;
}

describe('LiveWatch', () => {
  it('is down at once when a connected channel drops, up when it returns, and then reads the page again', () => {
    const ch = channel(true);
    const onBack = vi.fn();
    const watch = new LiveWatch(ch, { firstConnectMs: 5000, onBack });
    const changes = vi.fn();
    watch.subscribe(changes);
    const stop = watch.start();
    expect(watch.down).toBe(false);
    ch.set(false);
    expect(watch.down).toBe(true);
    expect(changes).toHaveBeenCalledTimes(1);
    expect(onBack).not.toHaveBeenCalled();
    ch.set(true);
    expect(watch.down).toBe(false);
    expect(onBack).toHaveBeenCalledTimes(1);
    stop();
    ch.set(false);
    expect(watch.down).toBe(false);
  });

  it('gives a channel that never connected its first connect time before it counts as down', () => {
    vi.useFakeTimers();
    try {
      const ch = channel(false);
      const onBack = vi.fn();
      const watch = new LiveWatch(ch, { firstConnectMs: 3000, onBack });
      watch.start();
      vi.advanceTimersByTime(2999);
      expect(watch.down).toBe(false);
      vi.advanceTimersByTime(1);
      expect(watch.down).toBe(true);
      ch.set(true);
      expect(onBack).toHaveBeenCalledTimes(1);
      // connecting within the time: never down, nothing to read again
      const quick = channel(false);
      const back = vi.fn();
      const w2 = new LiveWatch(quick, { firstConnectMs: 3000, onBack: back });
      w2.start();
      quick.set(true);
      vi.advanceTimersByTime(5000);
      expect(w2.down).toBe(false);
      expect(back).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});
