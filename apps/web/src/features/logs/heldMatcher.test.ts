import { type LogLevelName, type LogMessage, logMatchesFilter } from '@st/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HeldLogs } from './heldLogs';
import { historyQuery, lineMatcher } from './logFilter';

const log = (l: {
  name: string;
  ip: string;
  tag: string;
  message: string;
  level: LogLevelName;
}): LogMessage => ({
  dateTime: '2026-01-01T00:00:00.000Z',
  level: l.level,
  device: { name: l.name, ip: l.ip },
  tag: l.tag,
  message: l.message,
});

describe('the held-line form of the matcher (issue 21)', () => {
  it("agrees with the protocol's rule on every pass, with its lower-cased fields kept between passes", () => {
    // Any text, and text from a few characters (so needles are often found), some of them with no bit of
    // their own or changing length when lower-cased (charBits.ts).
    const text = fc.oneof(
      fc.string({ maxLength: 6 }),
      fc.string({ unit: fc.constantFrom('a', 'B', '1', ' ', '!', 'é', 'İ', 'K'), maxLength: 4 }),
    );
    const level = fc.constantFrom<LogLevelName>('TRACE', 'DEBUG', 'INFO', 'WARN', 'ERROR');
    const filter = fc.record({
      device: text,
      tag: text,
      message: text,
      level: fc.option(level, { nil: undefined }),
    });
    fc.assert(
      fc.property(
        fc.record({ name: text, ip: text, tag: text, message: text, level }),
        fc.array(filter, { minLength: 1, maxLength: 4 }),
        (l, filters) => {
          const held = new HeldLogs(10);
          held.append([log(l)]);
          const line = held.at(0);
          if (line === undefined) throw new Error('nothing held');
          for (const f of filters) {
            const held = lineMatcher(f).held;
            expect(held?.(line)).toBe(logMatchesFilter(line.log, historyQuery(f, 1)));
          }
        },
      ),
      { numRuns: 2000 },
    );
  });
});
