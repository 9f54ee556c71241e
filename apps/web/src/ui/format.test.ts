import { describe, expect, it } from 'vitest';
import { formatterFor } from './format';

describe('formatting in the chosen language', () => {
  const at = new Date(2026, 10, 24, 18, 30, 5);

  it('writes dates the Russian way in Russian and the US way in English', () => {
    expect(formatterFor('ru').dateTime(at)).toBe('24.11.2026, 18:30:05');
    expect(formatterFor('en').dateTime(at)).toBe('11/24/26, 6:30:05 PM');
  });

  it('writes log times to the millisecond in the language', () => {
    const ms = new Date(2026, 10, 24, 18, 30, 5, 42);
    expect(formatterFor('ru').preciseDateTime(ms)).toBe('24.11.2026, 18:30:05,042');
    expect(formatterFor('en').preciseDateTime(ms)).toBe('11/24/2026, 06:30:05.042 PM');
  });

  it('groups numbers by the language', () => {
    expect(formatterFor('en').number(1234567.5)).toBe('1,234,567.5');
    expect(formatterFor('ru').number(1234567.5).replace(/\s/g, ' ')).toBe('1 234 567,5');
  });

  it('gives back what is not a date as it is', () => {
    expect(formatterFor('en').dateTime('not a date')).toBe('not a date');
  });

  it('keeps one formatter per language (issue 21: every component made its own Intl formats)', () => {
    expect(formatterFor('ru')).toBe(formatterFor('ru'));
    expect(formatterFor('ru')).not.toBe(formatterFor('en'));
  });
});
