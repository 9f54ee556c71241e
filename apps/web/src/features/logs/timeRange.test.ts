import { describe, expect, it } from 'vitest';
import { fromLocalInput, quickFrom, rangeFromParams, rangeToParams, toLocalInput } from './timeRange';

const now = Date.parse('2026-11-24T12:00:00.000Z');

describe('logs time range', () => {
  it('reads a quick range from the URL as ending now', () => {
    expect(rangeFromParams(new URLSearchParams('range=15m'), now)).toEqual({
      range: '15m',
      from: '2026-11-24T11:45:00.000Z',
    });
    expect(quickFrom('24h', now)).toBe('2026-11-23T12:00:00.000Z');
  });

  it('reads custom ends, drops what does not parse, and writes both forms back', () => {
    expect(rangeFromParams(new URLSearchParams('from=2026-11-24T10:00:00%2B02:00&to=nope'), now)).toEqual({
      range: 'custom',
      from: '2026-11-24T08:00:00.000Z',
    });
    expect(rangeFromParams(new URLSearchParams('range=2y'), now)).toEqual({});
    const out = new URLSearchParams('device=lamp&from=x');
    rangeToParams(out, { range: '1h', from: 'ignored' });
    expect(out.toString()).toBe('device=lamp&range=1h');
    rangeToParams(out, { range: 'custom', from: '2026-11-24T08:00:00.000Z' });
    expect(out.get('range')).toBeNull();
    expect(out.get('from')).toBe('2026-11-24T08:00:00.000Z');
    rangeToParams(out, {});
    expect(out.toString()).toBe('device=lamp');
  });

  it('turns a datetime-local value into UTC and back', () => {
    const iso = fromLocalInput('2026-11-24T10:30');
    expect(toLocalInput(iso)).toBe('2026-11-24T10:30');
    expect(fromLocalInput('')).toBe('');
    expect(toLocalInput(undefined)).toBe('');
  });
});
