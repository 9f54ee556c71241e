import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { logMatchesFilter } from './logFilter';
import type { LogMessage } from './streamed';

const line: LogMessage = {
  device: { ip: '192.168.1.17', name: 'Kitchen Lamp' },
  dateTime: '2026-11-22T01:00:00.000Z',
  tag: 'Hooks',
  level: 'WARN',
  message: 'Sensor light above THRESHOLD',
};

describe('log filter', () => {
  it('passes everything without filters', () => {
    expect(logMatchesFilter(line, {})).toBe(true);
  });

  it('matches device name and ip, tag and message case-insensitively', () => {
    expect(logMatchesFilter(line, { device: 'kitchen' })).toBe(true);
    expect(logMatchesFilter(line, { device: '1.17' })).toBe(true);
    expect(logMatchesFilter(line, { device: 'garage' })).toBe(false);
    expect(logMatchesFilter(line, { tag: 'hook' })).toBe(true);
    expect(logMatchesFilter(line, { message: 'threshold' })).toBe(true);
    expect(logMatchesFilter(line, { message: 'below' })).toBe(false);
  });

  it('keeps lines at or above the minimum level', () => {
    expect(logMatchesFilter(line, { level: 'INFO' })).toBe(true);
    expect(logMatchesFilter(line, { level: 'WARN' })).toBe(true);
    expect(logMatchesFilter(line, { level: 'ERROR' })).toBe(false);
  });

  it('needs every filter to pass', () => {
    expect(logMatchesFilter(line, { device: 'lamp', level: 'ERROR' })).toBe(false);
  });

  it('always finds any piece of the message, whatever its case', () => {
    fc.assert(
      fc.property(fc.string(), fc.nat(), fc.nat(), (message, a, b) => {
        const [from, to] = [Math.min(a, b) % (message.length + 1), Math.max(a, b) % (message.length + 1)];
        const piece = message.slice(Math.min(from, to), Math.max(from, to)).toUpperCase();
        if (piece.toLowerCase() !== message.slice(Math.min(from, to), Math.max(from, to)).toLowerCase())
          return;
        expect(logMatchesFilter({ ...line, message }, { message: piece })).toBe(true);
      }),
    );
  });

  it('keeps lines inside the time range, ends included, offsets compared as instants', () => {
    const at = { ...line, dateTime: '2026-11-24T10:00:00.000Z' };
    expect(logMatchesFilter(at, { from: '2026-11-24T09:59:00.000Z' })).toBe(true);
    expect(logMatchesFilter(at, { from: '2026-11-24T10:00:00.000Z', to: '2026-11-24T10:00:00.000Z' })).toBe(
      true,
    );
    expect(logMatchesFilter(at, { to: '2026-11-24T09:59:59.999Z' })).toBe(false);
    expect(logMatchesFilter(at, { from: '2026-11-24T12:00:01+02:00' })).toBe(false);
    expect(logMatchesFilter(at, { from: '2026-11-24T11:59:00+02:00', to: '2026-11-24T12:01:00+02:00' })).toBe(
      true,
    );
  });
});
