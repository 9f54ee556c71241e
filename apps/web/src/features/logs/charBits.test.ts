import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bitsAreExact, charBits, PUNCTUATION } from './charBits';

const contains = (outer: { lo: number; hi: number }, inner: { lo: number; hi: number }) =>
  (outer.lo & inner.lo) === inner.lo && (outer.hi & inner.hi) === inner.hi;

// Lower-cased text from a small alphabet (so needles are often inside texts) and from any code unit.
const small = fc.string({
  unit: fc.constantFrom('a', 'b', 'z', '0', '9', ' ', '.', '!', 'é', 'Ж', '\u{1F600}'),
});
const text = fc.oneof(small, fc.string({ unit: 'binary' }), fc.string()).map((s) => s.toLowerCase());

describe('character bits of held lines (issue 21: a filter pass that mostly compares bits)', () => {
  it('never turns down a text that holds the needle', () => {
    fc.assert(
      fc.property(text, text, text, (before, needle, after) => {
        expect(contains(charBits(before + needle + after), charBits(needle))).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it('answers a one-character needle exactly when it says the bits are exact', () => {
    fc.assert(
      fc.property(text, small, (haystack, needle) => {
        if (needle.length === 0 || !bitsAreExact(needle)) return;
        expect(contains(charBits(haystack), charBits(needle))).toBe(haystack.includes(needle));
      }),
      { numRuns: 3000 },
    );
    for (const c of `abcxyz0189${PUNCTUATION}`) expect(bitsAreExact(c)).toBe(true);
    for (const c of ['!', '~', 'é', 'Ж', 'ab', '']) expect(bitsAreExact(c)).toBe(false);
  });

  it('keeps both halves small integers (bits 0-29)', () => {
    const all = charBits(`abcdefghijklmnopqrstuvwxyz0123456789${PUNCTUATION}!é`);
    expect(all.lo).toBe(2 ** 26 - 1);
    expect(all.hi).toBe(2 ** 30 - 1);
  });
});
