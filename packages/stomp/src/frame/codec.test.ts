import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FrameDecoder } from './decoder';
import { encodeFrame } from './encode';
import type { StompFrame } from './types';

interface Decoded {
  frames: StompFrame[];
  heartbeats: number;
  errors: string[];
}

function decodeChunks(chunks: Uint8Array[], maxFrameBytes = 1 << 20): Decoded {
  const out: Decoded = { frames: [], heartbeats: 0, errors: [] };
  const decoder = new FrameDecoder(
    {
      frame: (f) => out.frames.push(f),
      heartbeat: () => out.heartbeats++,
      error: (reason) => out.errors.push(reason),
    },
    { maxFrameBytes, maxHeaders: 1000 },
  );
  for (const chunk of chunks) decoder.push(chunk);
  return out;
}

/** Splits `bytes` at the given cut points (fractions of its length). */
function cut(bytes: Uint8Array, points: number[]): Uint8Array[] {
  const offsets = [...new Set(points.map((p) => Math.floor(p * bytes.length)))].sort((a, b) => a - b);
  const chunks: Uint8Array[] = [];
  let last = 0;
  for (const at of offsets) {
    chunks.push(bytes.slice(last, at));
    last = at;
  }
  chunks.push(bytes.slice(last));
  return chunks;
}

const text = fc.string({ unit: 'binary', maxLength: 20 });
const command = fc
  .stringMatching(/^[A-Z]{1,10}$/)
  .filter((c) => c !== 'CONNECT' && c !== 'STOMP' && c !== 'CONNECTED');
const headers = fc.array(
  fc.tuple(
    text.filter((k) => k.length > 0 && k !== 'content-length'),
    text,
  ),
  { maxLength: 6 },
);
const frame = fc.record({ command, headers, body: fc.uint8Array({ maxLength: 300 }) });
const cuts = fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 12 });

describe('frame codec', () => {
  it('round-trips any frames, heart-beats between them and any chunking', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(frame, fc.nat(3)), { minLength: 1, maxLength: 5 }),
        cuts,
        (items, points) => {
          const parts: Uint8Array[] = [];
          for (const [f, beats] of items) {
            parts.push(Buffer.from('\r\n\n'.repeat(beats)));
            parts.push(encodeFrame(f));
          }
          const decoded = decodeChunks(cut(Buffer.concat(parts), points));
          expect(decoded.errors).toEqual([]);
          expect(decoded.heartbeats).toBe(items.reduce((n, [, beats]) => n + beats * 2, 0));
          expect(decoded.frames).toHaveLength(items.length);
          decoded.frames.forEach((got, i) => {
            const sent = items[i]?.[0];
            expect(got.command).toBe(sent?.command);
            expect(got.headers.filter(([k]) => k !== 'content-length')).toEqual(sent?.headers);
            expect(Buffer.from(got.body).equals(Buffer.from(sent?.body ?? []))).toBe(true);
          });
        },
      ),
    );
  });

  it('reads NUL-terminated frames without content-length in any chunking', () => {
    const body = fc.uint8Array({ maxLength: 200 }).map((b) => b.map((x) => (x === 0 ? 1 : x)));
    fc.assert(
      fc.property(command, body, cuts, (cmd, bytes, points) => {
        const raw = Buffer.concat([
          Buffer.from(`${cmd}\r\ndestination:/a\\cb\r\n\r\n`),
          bytes,
          Buffer.from([0]),
        ]);
        const decoded = decodeChunks(cut(raw, points));
        expect(decoded.errors).toEqual([]);
        expect(decoded.frames[0]?.headers).toEqual([['destination', '/a:b']]);
        expect(Buffer.from(decoded.frames[0]?.body ?? []).equals(Buffer.from(bytes))).toBe(true);
      }),
    );
  });

  it('keeps CONNECT header values raw, as STOMP 1.2 requires', () => {
    const raw = Buffer.from('CONNECT\naccept-version:1.2\nlogin:a\\cb:c\n\n\0');
    const decoded = decodeChunks([raw]);
    expect(decoded.frames[0]?.headers).toEqual([
      ['accept-version', '1.2'],
      ['login', 'a\\cb:c'],
    ]);
    expect(encodeFrame({ command: 'CONNECTED', headers: { x: 'a:b' } }).toString()).toBe(
      'CONNECTED\nx:a:b\n\n\0',
    );
  });

  it('keeps the first of repeated headers first', () => {
    const decoded = decodeChunks([Buffer.from('MESSAGE\nfoo:1\nfoo:2\n\n\0')]);
    expect(decoded.frames[0]?.headers).toEqual([
      ['foo', '1'],
      ['foo', '2'],
    ]);
  });

  it.each([
    ['a header line without a colon', 'SEND\nnocolon\n\n\0', 'Malformed header line'],
    ['an undefined escape', 'SEND\na:\\t\n\n\0', 'Undefined escape sequence'],
    ['a bad content-length', 'SEND\ncontent-length:x\n\nab\0', 'Invalid content-length'],
    ['a body longer than content-length', 'SEND\ncontent-length:1\n\nab\0', 'longer than its content-length'],
    ['a bare CR between frames', '\rSEND\n\n\0', 'Bare CR'],
  ])('reports %s once and stops', (_name, input, reason) => {
    const decoded = decodeChunks([Buffer.from(input), Buffer.from('SEND\n\n\0')]);
    expect(decoded.errors).toHaveLength(1);
    expect(decoded.errors[0]).toContain(reason);
    expect(decoded.frames).toEqual([]);
  });

  it('refuses frames over the size limit, whole or arriving in pieces', () => {
    const big = encodeFrame({ command: 'SEND', body: new Uint8Array(2000) });
    expect(decodeChunks([big], 1000).errors).toEqual(['Frame too large']);
    expect(decodeChunks(cut(big, [0.1, 0.2, 0.3, 0.9]), 1000).errors).toEqual(['Frame too large']);
    const unterminated = Buffer.concat([Buffer.from('SEND\n\n'), Buffer.alloc(600, 65)]);
    expect(decodeChunks([unterminated, unterminated], 1000).errors).toEqual(['Frame too large']);
    const endlessHead = Buffer.from(`SEND\n${'x:y\n'.repeat(300)}`);
    expect(decodeChunks([endlessHead], 1000).errors).toEqual(['Frame too large']);
    expect(decodeChunks([big], 4000).errors).toEqual([]);
  });
});
