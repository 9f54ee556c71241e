import type { LogLevelName, LogMessage } from '@st/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HeldLogs } from './heldLogs';
import { type LogFilter, lineMatcher, narrows } from './logFilter';
import { AT_ONCE_MS, MatchIndex, MatchIndexCache, PassClock } from './matchIndex';

const LEVELS: LogLevelName[] = ['TRACE', 'DEBUG', 'INFO', 'WARN', 'ERROR'];
const text = fc.stringMatching(/^[abAB1 ]{0,3}$/);
const filterArb = fc.record({
  device: text,
  tag: text,
  message: text,
  level: fc.option(fc.constantFrom(...LEVELS), { nil: undefined }),
});
const logArb = fc.record({
  name: text,
  ip: text,
  tag: text,
  message: text,
  level: fc.constantFrom(...LEVELS),
});
const asLog = (v: {
  name: string;
  ip: string;
  tag: string;
  message: string;
  level: LogLevelName;
}): LogMessage => ({
  dateTime: '2026-01-01T00:00:00.000Z',
  level: v.level,
  device: { name: v.name, ip: v.ip },
  tag: v.tag,
  message: v.message,
});

const shown = (index: MatchIndex) => Array.from({ length: index.size }, (_, i) => index.newest(i));

describe('narrowing filters (issue 21: a keystroke that extends the text scans the previous matches)', () => {
  it('says a filter narrows another only when its lines are a subset', () => {
    fc.assert(
      fc.property(filterArb, filterArb, fc.array(logArb, { maxLength: 30 }), (narrow, wide, logs) => {
        if (!narrows(narrow, wide)) return;
        const n = lineMatcher(narrow);
        const w = lineMatcher(wide);
        for (const l of logs) if (n(asLog(l))) expect(w(asLog(l))).toBe(true);
      }),
      { numRuns: 3000 },
    );
    const f = (message: string, level?: LogLevelName): LogFilter => ({ device: '', tag: '', message, level });
    expect(narrows(f('ab'), f('a'))).toBe(true);
    expect(narrows(f('AB'), f('b'))).toBe(true);
    expect(narrows(f('a'), f('ab'))).toBe(false);
    expect(narrows(f('a', 'WARN'), f('a', 'INFO'))).toBe(true);
    expect(narrows(f('a', 'INFO'), f('a', 'WARN'))).toBe(false);
    expect(narrows(f('a'), f('a', 'INFO'))).toBe(false);
  });

  it('shows the same lines whether a filter was scanned anew or narrowed from the previous one', () => {
    fc.assert(
      fc.property(
        fc.array(logArb, { maxLength: 40 }),
        fc.array(logArb, { maxLength: 20 }),
        fc.array(filterArb, { minLength: 1, maxLength: 5 }),
        (before, after, filters) => {
          const held = new HeldLogs(30);
          held.append(before.map(asLog));
          const cache = new MatchIndexCache(3);
          for (const filter of filters) {
            const { index, matcher } = cache.for(filter);
            index.update(held, matcher, false);
          }
          // Lines keep arriving (the oldest are evicted) after the last filter was typed.
          held.append(after.map(asLog));
          const last = filters[filters.length - 1] as LogFilter;
          const { index, matcher } = cache.for(last);
          index.update(held, matcher, false);
          const fresh = new MatchIndex();
          fresh.update(held, lineMatcher(last), false);
          expect(shown(index)).toEqual(shown(fresh));
        },
      ),
      { numRuns: 1500 },
    );
  });
});

describe('applying a filter at once or at low priority (issue 21: a keystroke at 4x CPU)', () => {
  const f = (message: string): LogFilter => ({ device: '', tag: '', message, level: undefined });
  const held = new HeldLogs(100);
  held.append(
    Array.from({ length: 100 }, (_, i) =>
      asLog({ name: 'd', ip: '1', tag: 't', message: i % 4 === 0 ? 'ab' : 'a', level: 'INFO' }),
    ),
  );

  it('counts the lines a filter would test: all, a wider filter’s matches, only new ones, or none', () => {
    const cache = new MatchIndexCache(3, new PassClock(() => 0));
    expect(cache.candidates(f(''), held)).toBe(0);
    expect(cache.candidates(f('a'), held)).toBe(100);
    cache.show(f('a'), held);
    // 'ab' narrows 'a': its candidates are the 100 lines 'a' matched; 'b' does not.
    expect(cache.candidates(f('ab'), held)).toBe(100);
    expect(cache.candidates(f('b'), held)).toBe(100);
    cache.show(f('ab'), held);
    expect(cache.candidates(f('ab'), held)).toBe(0);
    expect(cache.candidates(f('abc'), held)).toBe(25);
  });

  it('predicts a pass from the measured cost per line and applies it at once under AT_ONCE_MS', () => {
    let now = 0;
    const clock = new PassClock(() => now, 0.0002);
    expect(clock.predict(100_000)).toBeCloseTo(20);
    // Passes of 100,000 lines measured at 100 ms each: the estimate moves halfway each time.
    clock.record(100_000, 100);
    expect(clock.predict(100_000)).toBeCloseTo(60);
    clock.record(1000, 1000); // too short a pass to say anything
    expect(clock.predict(100_000)).toBeCloseTo(60);
    const cache = new MatchIndexCache(3, clock);
    expect(cache.atOnce(f('a'), held)).toBe(true); // 100 lines
    const big = new HeldLogs(100_000);
    big.append(
      Array.from({ length: 100_000 }, () =>
        asLog({ name: 'd', ip: '1', tag: 't', message: 'a', level: 'INFO' }),
      ),
    );
    expect(cache.atOnce(f('a'), big)).toBe(false);
    expect(AT_ONCE_MS).toBeLessThan(60);
    now = 1;
    expect(cache.atOnce(f(''), big)).toBe(true);
  });
});
