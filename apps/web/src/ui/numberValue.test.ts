import { describe, expect, it } from 'vitest';
import { fromInput, settle } from './numberValue';

describe('a number field', () => {
  it('gives a number, or an empty value while the field holds none', () => {
    expect(fromInput(12.5)).toBe(12.5);
    expect(fromInput(Number.NaN)).toBe('');
  });

  it('settles within its bounds when it loses focus', () => {
    expect(settle(0, { min: 1 })).toBe(1);
    expect(settle(60, { min: 2, max: 50 })).toBe(50);
    expect(settle(7, { min: 2, max: 50 })).toBe(7);
    expect(settle(-5, {})).toBe(-5);
  });

  it('rounds to a whole number or to its decimal places', () => {
    expect(settle(2.6, { allowDecimal: false })).toBe(3);
    expect(settle(1.23456, { decimalScale: 2 })).toBe(1.23);
    expect(settle(1.23456, {})).toBe(1.23456);
  });

  it('leaves an empty field empty', () => {
    expect(settle('', { min: 1, max: 5 })).toBe('');
  });
});
