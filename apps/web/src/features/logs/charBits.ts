/**
 * Which characters a lower-cased text holds, as two small integers (issue 21: the logs filter at 4x CPU).
 * A held line keeps the bits of each filtered field from its arrival; a needle's bits must all be in a
 * line's bits for the needle to be inside the line's text, so most lines are turned down by two `&`s
 * instead of a substring search, and a one-character needle with a bit of its own is answered by the bits
 * alone (the bit is set exactly when that character occurs).
 *
 * `lo`: a-z, bits 0-25. `hi`: 0-9 in bits 0-9, common punctuation in bits 10-28, and every other character
 * (other ASCII, anything beyond it) shares bit 29. Both stay under 2^30 so V8 keeps them as small integers.
 */
export interface CharBits {
  readonly lo: number;
  readonly hi: number;
}

const OTHER = 1 << 29;
/** 19 of them, bits 10-28. */
export const PUNCTUATION = ' .:-_/=,[]()%#"\'+*@';
const LO = new Int32Array(128);
const HI = new Int32Array(128).fill(OTHER);
for (let c = 97; c <= 122; c++) {
  LO[c] = 1 << (c - 97);
  HI[c] = 0;
}
for (let d = 0; d <= 9; d++) HI[48 + d] = 1 << d;
for (let i = 0; i < PUNCTUATION.length; i++) HI[PUNCTUATION.charCodeAt(i)] = 1 << (10 + i);

/** The bits of `text` (already lower-cased). */
export function charBits(text: string): CharBits {
  let lo = 0;
  let hi = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 128) {
      lo |= LO[c] as number;
      hi |= HI[c] as number;
    } else hi |= OTHER;
  }
  return { lo, hi };
}

/**
 * Whether a (lower-cased, non-empty) needle is a single character with a bit of its own: a text holds it
 * exactly when its bits hold the needle's.
 */
export function bitsAreExact(needle: string): boolean {
  if (needle.length !== 1) return false;
  const c = needle.charCodeAt(0);
  return c < 128 && ((LO[c] as number) !== 0 || (HI[c] as number) !== OTHER);
}
