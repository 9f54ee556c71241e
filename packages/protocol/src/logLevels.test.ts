import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOG_LEVEL_NAMES, logLevelFromValue, logLevelValue, meetsMinimumLevel } from './logLevels';

describe('log levels', () => {
  it('uses the numbers of spec section 9', () => {
    expect(LOG_LEVEL_NAMES.map((name) => [name, logLevelValue(name)])).toEqual([
      ['TRACE', 0],
      ['DEBUG', 10],
      ['INFO', 20],
      ['WARN', 30],
      ['ERROR', 40],
    ]);
  });

  it('maps every name to its number and back', () => {
    for (const name of LOG_LEVEL_NAMES) expect(logLevelFromValue(logLevelValue(name))).toBe(name);
  });

  it('has no name for numbers between levels', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 1000 }), (n) => {
        expect(logLevelFromValue(n) !== undefined).toBe([0, 10, 20, 30, 40].includes(n));
      }),
    );
  });

  it('keeps a message at or above the minimum level and drops the rest', () => {
    expect(meetsMinimumLevel('WARN', 'INFO')).toBe(true);
    expect(meetsMinimumLevel('INFO', 'INFO')).toBe(true);
    expect(meetsMinimumLevel('DEBUG', 'INFO')).toBe(false);
    expect(meetsMinimumLevel('TRACE', undefined)).toBe(true);
  });
});
