import { describe, expect, it } from 'vitest';
import { chosenValue, selectItems, shownValue } from './selectItems';

describe("the house Select's choices", () => {
  it('takes strings as value and text alike, and items as they are', () => {
    expect(selectItems(['WARN', { value: '2', label: 'POST', disabled: true }])).toEqual([
      { value: 'WARN', label: 'WARN' },
      { value: '2', label: 'POST', disabled: true },
    ]);
  });

  it('leaves out a choice of value "", which is the empty option (no value)', () => {
    expect(selectItems(['', { value: '', label: 'All' }, 'a'])).toEqual([{ value: 'a', label: 'a' }]);
  });

  it('shows the chosen value when it is listed, else the empty option', () => {
    const items = selectItems([{ value: '1', label: 'info' }, 'custom']);
    expect(shownValue(items, '1')).toBe('1');
    expect(shownValue(items, 'custom')).toBe('custom');
    expect(shownValue(items, null)).toBe('');
    expect(shownValue(items, undefined)).toBe('');
    // (not listed yet, e.g. while the list loads: not the first choice as if it were chosen)
    expect(shownValue(items, 'info')).toBe('');
    expect(shownValue([], 'esp32')).toBe('');
  });

  it('reports the empty option as null and any other choice as its value', () => {
    expect(chosenValue('')).toBeNull();
    expect(chosenValue('15m')).toBe('15m');
  });
});
