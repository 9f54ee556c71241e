import { type LogLevelName, type LogMessage, logMatchesFilter } from '@st/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exportFileName, logsAsText } from './exportText';
import { HeldLogs } from './heldLogs';
import { EMPTY_FILTER, historyQuery, isEmptyFilter, lineMatcher } from './logFilter';
import { logRows, newestTime, visibleHistory } from './logView';
import { MatchIndex, MatchIndexCache } from './matchIndex';

const line = (n: number, over: Partial<LogMessage> = {}, level: LogLevelName = 'INFO'): LogMessage => ({
  device: { ip: '10.0.0.5', name: 'kitchen-lamp' },
  dateTime: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString(),
  tag: 'main',
  level,
  message: `line ${n}`,
  ...over,
});

const rowsOf = (rows: { size: number; at: (i: number) => LogMessage | undefined }) =>
  Array.from({ length: rows.size }, (_, i) => rows.at(i)?.message);

describe('log filters', () => {
  it('sends only the fields the user filled in', () => {
    expect(historyQuery({ ...EMPTY_FILTER, tag: '  wifi ' }, 50)).toEqual({ tag: 'wifi', limit: 50 });
    expect(historyQuery({ level: 'WARN', device: 'lamp', tag: '', message: 'x' }, 10)).toEqual({
      level: 'WARN',
      device: 'lamp',
      message: 'x',
      limit: 10,
    });
    expect(isEmptyFilter({ ...EMPTY_FILTER, message: '   ' })).toBe(true);
  });

  it('matches level, device name plus ip, tag and message case-insensitively', () => {
    const warn = line(1, { tag: 'WiFi', message: 'Signal LOW' }, 'WARN');
    expect(lineMatcher({ ...EMPTY_FILTER, level: 'INFO' })(warn)).toBe(true);
    expect(lineMatcher({ ...EMPTY_FILTER, level: 'ERROR' })(warn)).toBe(false);
    expect(lineMatcher({ ...EMPTY_FILTER, device: 'LAMP10.0' })(warn)).toBe(true);
    expect(lineMatcher({ ...EMPTY_FILTER, tag: 'wifi', message: 'signal low' })(warn)).toBe(true);
    expect(lineMatcher({ ...EMPTY_FILTER, message: 'high' })(warn)).toBe(false);
  });
});

describe('the live view', () => {
  it('shows newest first and narrows as lines arrive, without rescanning old ones', () => {
    const held = new HeldLogs(100);
    const index = new MatchIndex();
    const matcher = lineMatcher({ ...EMPTY_FILTER, message: '1' });
    held.append([line(1), line(2), line(10)]);
    index.update(held, matcher, false);
    expect(rowsOf(logRows(index, []))).toEqual(['line 10', 'line 1']);
    held.append([line(11), line(12)]);
    index.update(held, matcher, false);
    expect(rowsOf(logRows(index, []))).toEqual(['line 12', 'line 11', 'line 10', 'line 1']);
    index.update(held, () => true, true);
    expect(logRows(index, []).size).toBe(5);
  });

  it('holds at most its capacity, dropping the oldest lines', () => {
    const held = new HeldLogs(3);
    const index = new MatchIndex();
    const matcher = lineMatcher({ ...EMPTY_FILTER, tag: 'main' });
    for (let n = 0; n < 5000; n++) held.append([line(n)]);
    index.update(held, matcher, false);
    expect(held.size).toBe(3);
    expect(rowsOf(logRows(index, []))).toEqual(['line 4999', 'line 4998', 'line 4997']);
    held.clear();
    index.update(held, matcher, false);
    expect(logRows(index, []).size).toBe(0);
  });

  it('adds history older than the live lines once, skips cleared lines, and exports what is shown', () => {
    const held = new HeldLogs(100);
    const index = new MatchIndex();
    held.append([line(5), line(6)]);
    index.update(held, () => true, true);
    // The gateway's answer overlaps the live lines (5 and 6 arrived both ways).
    const history = [line(6), line(5), line(4), line(3), line(2)];
    const window = { clearedAt: line(2).dateTime, heldBack: [], matches: () => true };
    const past = visibleHistory(history, held, window);
    const rows = logRows(index, past);
    expect(rowsOf(rows)).toEqual(['line 6', 'line 5', 'line 4', 'line 3']);
    expect(newestTime(held, history)).toBe(line(6).dateTime);
    const text = logsAsText(rows).split('\n');
    expect(text[0]).toBe(`${line(6).dateTime}\tINFO\tkitchen-lamp (10.0.0.5)\tmain\tline 6`);
    expect(text).toHaveLength(5);
    expect(exportFileName(new Date(Date.UTC(2026, 1, 3, 4, 5, 6)))).toBe(
      'device-logs-2026-02-03T04-05-06-000Z.txt',
    );
  });
});

describe('history while paused', () => {
  it('keeps back history lines as new as the lines held back, even before any line is held live', () => {
    const held = new HeldLogs(100);
    // Paused before the first live line came: the live ones wait, the gateway's newer answer holds them too.
    const waiting = [line(7), line(7, { message: 'twin' }), line(8)];
    const history = [
      line(8),
      line(7, { message: 'twin' }),
      line(7),
      line(7, { message: 'older twin' }),
      line(6),
    ];
    const shown = visibleHistory(history, held, {
      clearedAt: undefined,
      heldBack: waiting.slice(0, 2),
      matches: () => true,
    });
    // A line of the same instant that did not arrive live is older than the subscription: it stays.
    expect(shown.map((l) => l.message)).toEqual(['older twin', 'line 6']);

    // Lines held live bound history too; the older of the two boundaries wins.
    held.append([line(5)]);
    const both = visibleHistory(history, held, {
      clearedAt: undefined,
      heldBack: waiting,
      matches: () => true,
    });
    expect(both.map((l) => l.message)).toEqual([]);
    const none = visibleHistory(history, new HeldLogs(10), {
      clearedAt: undefined,
      heldBack: [],
      matches: () => true,
    });
    expect(none).toHaveLength(5);
  });
});

describe('the compiled matcher', () => {
  it("agrees with the protocol's logMatchesFilter on any line and filter", () => {
    const text = fc.string({ maxLength: 6 });
    const level = fc.constantFrom<LogLevelName>('TRACE', 'DEBUG', 'INFO', 'WARN', 'ERROR');
    fc.assert(
      fc.property(
        fc.record({ name: text, ip: text, tag: text, message: text, level }),
        fc.record({ device: text, tag: text, message: text, level: fc.option(level, { nil: undefined }) }),
        (l, filter) => {
          const log = line(
            0,
            { device: { ip: l.ip, name: l.name }, tag: l.tag, message: l.message },
            l.level,
          );
          expect(lineMatcher(filter)(log)).toBe(logMatchesFilter(log, historyQuery(filter, 1)));
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('the match index cache', () => {
  it('keeps the scanning of a filter by what it says, so an equal filter object reuses it', () => {
    const held = new HeldLogs(100);
    held.append([line(1), line(2, { message: 'other' })]);
    const cache = new MatchIndexCache(2);
    const first = cache.for({ ...EMPTY_FILTER, message: 'line' });
    first.index.update(held, first.matcher, false);
    const again = cache.for({ ...EMPTY_FILTER, message: ' line ' });
    expect(again.index).toBe(first.index);
    expect(again.index.size).toBe(1);
    expect(cache.for({ ...EMPTY_FILTER, message: 'other' }).index).not.toBe(first.index);
  });
});
