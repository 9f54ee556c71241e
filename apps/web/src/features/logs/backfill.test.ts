import { LOGS, type LogMessage, type LogsQuery } from '@st/protocol';
import { describe, expect, it } from 'vitest';
import { GapFiller, openGap, readGap } from './backfill';

const at = (ms: number) => new Date(Date.UTC(2026, 0, 1) + ms).toISOString();
const line = (ms: number, message: string): LogMessage => ({
  device: { ip: '10.0.0.5', name: 'lamp' },
  dateTime: at(ms),
  tag: 't',
  level: 'INFO',
  message,
});

/**
 * The gateway's store as its logs query answers (logStore.ts): lines at or after `from` and at or before
 * `to`, newest first by arrival, at most `limit`. Unit tests only; the e2e spec reads the real gateway.
 */
function store(lines: LogMessage[]) {
  const asked: LogsQuery[] = [];
  const read = async (q: LogsQuery) => {
    asked.push(q);
    const from = q.from;
    const to = q.to;
    return lines
      .filter((l) => (from === undefined || l.dateTime >= from) && (to === undefined || l.dateTime <= to))
      .reverse()
      .slice(0, q.limit);
  };
  return { read, asked };
}

describe('reading a gap', () => {
  it('returns what the screen missed, oldest first, without the lines it has at the start instant', async () => {
    const stored = [
      line(1, 'old'),
      line(2, 'seen'),
      line(2, 'missed same instant'),
      line(3, 'a'),
      line(4, 'b'),
    ];
    const gap = openGap([stored[1] as LogMessage]);
    expect(gap?.from).toBe(at(2));
    const { read } = store(stored);
    const missed = await readGap(read, gap as NonNullable<typeof gap>, 100);
    expect(missed.map((l) => l.message)).toEqual(['missed same instant', 'a', 'b']);
  });

  it('pages through a gap longer than one answer, a page ending amid lines of one instant', async () => {
    const limit = LOGS.queryMaxLimit;
    const stored: LogMessage[] = [line(0, 'before')];
    // the first page (newest first) takes the later lines and ends 1,000 lines into the instant's 3,000
    for (let i = 0; i < 3000; i++) stored.push(line(10, `same ${i}`));
    for (let i = 0; i < limit - 1000; i++) stored.push(line(20 + i, `later ${i}`));
    const { read, asked } = store(stored);
    const gap = openGap([stored[0] as LogMessage]);
    const missed = await readGap(read, gap as NonNullable<typeof gap>, 1_000_000);
    expect(missed.map((l) => l.message)).toEqual(stored.slice(1).map((l) => l.message));
    expect(asked.map((q) => q.to)).toEqual([undefined, at(10)]);

    // At most `max`: the newest of them.
    const newest = await readGap(read, gap as NonNullable<typeof gap>, 10);
    expect(newest.map((l) => l.message)).toEqual(stored.slice(-10).map((l) => l.message));

    // More than a page at one instant cannot be paged by time: the read skips the rest of that instant and
    // goes on with the older lines instead of asking forever.
    for (let i = 0; i < limit + 10; i++) stored.push(line(100_000, `burst ${i}`));
    const burst = await readGap(read, gap as NonNullable<typeof gap>, 1_000_000);
    expect(burst).toHaveLength(stored.length - 1 - 10);
    expect(burst.slice(0, 5).map((l) => l.message)).toEqual([
      'same 0',
      'same 1',
      'same 2',
      'same 3',
      'same 4',
    ]);
  });

  it('needs lines to start from: nothing received yet opens no gap', () => {
    expect(openGap([])).toBeUndefined();
  });
});

describe('the gap filler', () => {
  it('fills a gap once the channel is back, before lines that came live meanwhile, and skips those', async () => {
    const stored = [line(1, 'one'), line(2, 'two')];
    const { read, asked } = store(stored);
    const delivered: string[][] = [];
    const filler = new GapFiller({
      read,
      max: 100,
      deliver: (missed) => delivered.push(missed.map((l) => l.message)),
      failed: (error) => {
        throw error;
      },
    });
    // The first connect opens no gap.
    filler.up();
    expect(filler.reading).toBe(false);
    filler.arrived(stored[0] as LogMessage);
    filler.arrived(stored[1] as LogMessage);
    // The channel drops; the gateway keeps storing.
    filler.down();
    stored.push(line(3, 'three'), line(4, 'four'));
    expect(asked).toHaveLength(0);
    filler.up();
    expect(filler.reading).toBe(true);
    // A line arrives live while the gap is read: it is stored too, and comes once.
    stored.push(line(5, 'five'));
    filler.arrived(stored[4] as LogMessage);
    await expect.poll(() => filler.reading).toBe(false);
    expect(asked[0]).toEqual({ from: at(2), limit: LOGS.queryMaxLimit });
    // 'five' is in the answer only if the gateway had it; the read began before: either way not twice.
    expect(delivered).toEqual([['three', 'four']]);

    // Closed: another up reads nothing.
    filler.up();
    expect(asked).toHaveLength(1);
  });

  it('reads again from the same start when the channel drops during the read, and tells when a read fails', async () => {
    const stored = [line(1, 'one')];
    const base = store(stored);
    let release: () => void = () => {};
    let slow = true;
    const read = async (q: LogsQuery) => {
      if (slow) await new Promise<void>((resolve) => (release = resolve));
      return base.read(q);
    };
    const delivered: string[][] = [];
    const failures: unknown[] = [];
    const filler = new GapFiller({
      read,
      max: 100,
      deliver: (missed) => delivered.push(missed.map((l) => l.message)),
      failed: (error) => failures.push(error),
    });
    filler.arrived(stored[0] as LogMessage);
    filler.down();
    stored.push(line(2, 'two'));
    filler.up();
    expect(filler.reading).toBe(true);
    // Down again while reading; a line is stored after the read's answer was taken.
    filler.down();
    slow = false;
    release();
    await expect.poll(() => delivered.length).toBe(1);
    stored.push(line(3, 'three'));
    filler.up();
    await expect.poll(() => delivered.length).toBe(2);
    expect(delivered).toEqual([['two'], ['three']]);
    expect(base.asked.map((q) => q.from)).toEqual([at(1), at(1)]);

    // A failed read closes the gap and says so.
    const failing = new GapFiller({
      read: async () => {
        throw new Error('gateway offline');
      },
      max: 100,
      deliver: (missed) => delivered.push(missed.map((l) => l.message)),
      failed: (error) => failures.push(error),
    });
    failing.arrived(line(1, 'one'));
    failing.down();
    failing.up();
    await expect.poll(() => failures.length).toBe(1);
    expect(delivered.at(-1)).toEqual([]);
  });

  it('tries a read again while the gateway is not back yet, holding live lines aside meanwhile', async () => {
    const stored = [line(1, 'one'), line(2, 'two')];
    const base = store(stored);
    let offline = 2;
    const failures: unknown[] = [];
    const delivered: string[][] = [];
    const options = {
      read: async (q: LogsQuery) => {
        if (offline-- > 0) throw new Error('gateway offline');
        return base.read(q);
      },
      max: 100,
      deliver: (missed: LogMessage[]) => delivered.push(missed.map((l) => l.message)),
      failed: (error: unknown) => failures.push(error),
      retry: { transient: (e: unknown) => String(e).includes('offline'), delayMs: 1, attempts: 3 },
    };
    const filler = new GapFiller(options);
    filler.arrived(stored[0] as LogMessage);
    filler.down();
    filler.up();
    expect(filler.reading).toBe(true);
    await expect.poll(() => delivered.length).toBe(1);
    expect(delivered).toEqual([['two']]);
    expect(failures).toEqual([]);

    // Beyond its attempts, or failing another way, the read gives up and says so.
    offline = 10;
    const giving = new GapFiller(options);
    giving.arrived(line(1, 'one'));
    giving.down();
    giving.up();
    await expect.poll(() => failures.length).toBe(1);
    expect(offline).toBe(6);
  });
});
