import { describe, expect, it } from 'vitest';
import { COMPILE_HINT, HINT_MIN_BYTES, shiftSourceMap, withCompileHint } from '../../vite-compile-hints';

describe("V8's compile hint on the console's chunks (vite-compile-hints.ts)", () => {
  const big = `export function f(){return 1}${' '.repeat(HINT_MIN_BYTES)}`;
  it('heads a large chunk with the exact magic comment, on the first line', () => {
    const code = withCompileHint({ name: 'startup', code: big });
    expect(code.startsWith('//# allFunctionsCalledOnLoad\n')).toBe(true);
    expect(code.slice(COMPILE_HINT.length)).toBe(big);
  });
  it('leaves small chunks and the message catalogs as they are', () => {
    expect(withCompileHint({ name: 'IconX', code: 'export const x=1' })).toBe('export const x=1');
    expect(withCompileHint({ name: 'en', code: big })).toBe(big);
    expect(withCompileHint({ name: 'ru', code: big })).toBe(big);
  });
  it("moves a source map's mappings down the line the hint takes", () => {
    const map = JSON.stringify({ version: 3, sources: ['a.ts'], names: [], mappings: 'AAAA,CAAC' });
    expect(JSON.parse(shiftSourceMap(map))).toEqual({
      version: 3,
      sources: ['a.ts'],
      names: [],
      mappings: ';AAAA,CAAC',
    });
  });
});
