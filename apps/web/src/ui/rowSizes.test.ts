import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RowSizes, rowRange } from './rowSizes';

/** The same answers the slow way: every row's height in an array. */
class Naive {
  readonly sizes: number[] = [];
  constructor(readonly estimate: number) {}
  size(i: number) {
    return this.sizes[i] ?? this.estimate;
  }
  start(i: number) {
    let sum = 0;
    for (let k = 0; k < i; k++) sum += this.size(k);
    return sum;
  }
  indexAt(offset: number, count: number) {
    let i = 0;
    while (i + 1 < count && this.start(i + 1) <= offset) i++;
    return i;
  }
}

describe('row sizes of a virtual list', () => {
  it('places rows of one height at multiples of it', () => {
    const sizes = new RowSizes(56);
    sizes.reserve(300);
    expect(sizes.start(0)).toBe(0);
    expect(sizes.start(10)).toBe(560);
    expect(sizes.start(300)).toBe(300 * 56);
    expect(sizes.indexAt(0, 300)).toBe(0);
    expect(sizes.indexAt(55, 300)).toBe(0);
    expect(sizes.indexAt(56, 300)).toBe(1);
    expect(sizes.indexAt(1_000_000, 300)).toBe(299);
  });

  it('moves the rows below a measured row, and only those', () => {
    const sizes = new RowSizes(26);
    sizes.reserve(100);
    expect(sizes.measure(3, 60)).toBe(34);
    expect(sizes.start(3)).toBe(78);
    expect(sizes.start(4)).toBe(138);
    expect(sizes.start(100)).toBe(100 * 26 + 34);
    expect(sizes.indexAt(137, 100)).toBe(3);
    expect(sizes.indexAt(138, 100)).toBe(4);
    expect(sizes.measure(3, 60)).toBe(0);
    expect(sizes.isMeasured(3)).toBe(true);
    expect(sizes.isMeasured(4)).toBe(false);
  });

  it('keeps what it measured when the list grows, and counts the new rows at the estimate', () => {
    const sizes = new RowSizes(20);
    sizes.reserve(2);
    sizes.measure(1, 50);
    sizes.reserve(1000);
    expect(sizes.size(1)).toBe(50);
    expect(sizes.start(1000)).toBe(999 * 20 + 50);
    // a row past the room made so far is at the estimate too
    expect(sizes.start(1005)).toBe(1004 * 20 + 50);
  });

  it('answers as adding up every row would, whatever is measured and however the list grows', () => {
    const op = fc.oneof(
      fc.record({ reserve: fc.integer({ min: 0, max: 200 }) }),
      fc.record({ index: fc.integer({ min: 0, max: 150 }), size: fc.integer({ min: 1, max: 90 }) }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), fc.integer({ min: 1, max: 200 }), (ops, count) => {
        const sizes = new RowSizes(26);
        const naive = new Naive(26);
        for (const o of ops) {
          if ('reserve' in o) sizes.reserve(o.reserve);
          else {
            expect(sizes.measure(o.index, o.size)).toBe(o.size - naive.size(o.index));
            naive.sizes[o.index] = o.size;
          }
        }
        sizes.reserve(count);
        for (let i = 0; i <= count; i += 7) expect(sizes.start(i)).toBe(naive.start(i));
        expect(sizes.start(count)).toBe(naive.start(count));
        const total = naive.start(count);
        for (let offset = 0; offset < total + 100; offset += 13) {
          expect(sizes.indexAt(offset, count)).toBe(naive.indexAt(offset, count));
        }
      }),
    );
  });
});

describe('the rows a view renders', () => {
  const sizes = new RowSizes(50);
  sizes.reserve(1000);

  it('renders the rows in view and the overscan below at the top of the list', () => {
    // 300 px: rows 0-5 in view, 3 more below
    expect(rowRange(sizes, 1000, 0, 300, 3)).toEqual([0, 9]);
  });

  it('renders a row cut by either edge of the view, and the overscan on both sides', () => {
    // 1,025-1,325 px: rows 20 (half hidden) to 26 (its top half)
    expect(rowRange(sizes, 1000, 1025, 300, 2)).toEqual([18, 29]);
  });

  it('stops at the end of the list', () => {
    expect(rowRange(sizes, 1000, 50 * 995, 300, 4)).toEqual([991, 1000]);
    // a list that shrank under a view scrolled further down: its last rows, until the browser scrolls back
    expect(rowRange(sizes, 10, 50 * 995, 300, 4)).toEqual([5, 10]);
  });

  it('renders one row and the overscan before the view has a height, and nothing for an empty list', () => {
    expect(rowRange(sizes, 1000, 0, 0, 6)).toEqual([0, 7]);
    expect(rowRange(sizes, 0, 0, 300, 6)).toEqual([0, 0]);
  });

  it('follows measured rows', () => {
    const logs = new RowSizes(26);
    logs.reserve(100_000);
    for (let i = 0; i < 10; i++) logs.measure(i, 52);
    // the first 10 rows are 520 px: a 300 px view shows rows 0-5
    expect(rowRange(logs, 100_000, 0, 300, 0)).toEqual([0, 6]);
    // at 520 px the view starts at row 10; 300 px hold 11.5 rows of 26
    expect(rowRange(logs, 100_000, 520, 300, 0)).toEqual([10, 22]);
  });
});
