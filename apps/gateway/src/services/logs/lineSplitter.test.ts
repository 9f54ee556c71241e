import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LineSplitter } from './lineSplitter';

function collect(max = 4096) {
  const lines: string[] = [];
  let overflows = 0;
  const s = new LineSplitter(
    (l) => lines.push(l),
    () => overflows++,
    max,
  );
  return { s, lines, overflows: () => overflows };
}

describe('LineSplitter', () => {
  it('joins partial lines and splits several lines of one packet', () => {
    const { s, lines } = collect();
    s.push(Buffer.from('lamp&20&main&hel'));
    s.push(Buffer.from('lo\r\nlamp&30&main&a & b\r'));
    s.push(Buffer.from('\nlast\n'));
    expect(lines).toEqual(['lamp&20&main&hello', 'lamp&30&main&a & b', 'last']);
  });

  it('drops an over-long line and resynchronises at the next line end', () => {
    const { s, lines, overflows } = collect(10);
    s.push(Buffer.from('0123456789abc'));
    s.push(Buffer.from('def\r\nok\r\n'));
    expect(lines).toEqual(['ok']);
    expect(overflows()).toBe(1);
  });

  it('keeps multi-byte characters split across packets intact', () => {
    const { s, lines } = collect();
    const bytes = Buffer.from('dev&20&t&температура\r\n');
    for (const b of bytes) s.push(Buffer.from([b]));
    expect(lines).toEqual(['dev&20&t&температура']);
  });

  it('yields the same lines however the stream is chunked', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.string({ unit: 'grapheme', maxLength: 40 }).filter((x) => !/[\r\n]/.test(x) && x !== ''),
          {
            maxLength: 20,
          },
        ),
        fc.array(fc.integer({ min: 1, max: 17 }), { minLength: 1, maxLength: 10 }),
        (input, cuts) => {
          const { s, lines } = collect();
          const bytes = Buffer.from(input.map((l) => `${l}\r\n`).join(''));
          let pos = 0;
          let i = 0;
          while (pos < bytes.length) {
            const n = cuts[i++ % cuts.length] ?? 1;
            s.push(bytes.subarray(pos, pos + n));
            pos += n;
          }
          expect(lines).toEqual(input);
        },
      ),
    );
  });
});
