import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeConnectionToken, encodeConnectionToken } from './token';

const part = fc.string({ unit: 'binary', minLength: 1 }).filter((s) => !s.includes('|') && s.trim() !== '');

function encoded(text: string): string {
  return btoa(String.fromCharCode(...new TextEncoder().encode(text)));
}

describe('connection token', () => {
  it('decodes a token made by the original console (btoa of url|token)', () => {
    const result = decodeConnectionToken(btoa('https://cloud.example.com/|abc.def.ghi'));
    expect(result).toEqual({
      ok: true,
      value: { cloudUrl: 'https://cloud.example.com/', token: 'abc.def.ghi' },
    });
  });

  it('encodes exactly what the original console produced for ASCII urls', () => {
    expect(encodeConnectionToken({ cloudUrl: 'http://localhost:8081/', token: 't0k' })).toEqual({
      ok: true,
      value: btoa('http://localhost:8081/|t0k'),
    });
  });

  it('round-trips a cloud URL beyond Latin-1 (where btoa alone throws)', () => {
    const value = { cloudUrl: 'https://облако.пример.рф/консоль/', token: 'секрет-🔑' };
    const token = encodeConnectionToken(value);
    expect(token.ok).toBe(true);
    if (token.ok) expect(decodeConnectionToken(token.value)).toEqual({ ok: true, value });
  });

  it('accepts a pasted token with surrounding whitespace and line breaks', () => {
    const token = `  ${btoa('http://c/|x').replace(/(.{4})/g, '$1\n')}  \n`;
    expect(decodeConnectionToken(token)).toEqual({ ok: true, value: { cloudUrl: 'http://c/', token: 'x' } });
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['not base64 at all!', 'not valid base64'],
    ['abcde', 'not valid base64'],
    [encoded('http://only-a-url'), 'found 1 parts'],
    [encoded('a|b|c'), 'found 3 parts'],
    [encoded('|token'), 'cloud URL in the connection token is empty'],
    [encoded('http://x|'), 'token in the connection token is empty'],
    [encoded('  |token'), 'cloud URL in the connection token is empty'],
  ])('rejects %j with a reason (%s)', (text, reason) => {
    const result = decodeConnectionToken(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toContain(reason);
  });

  it.each([
    [{ cloudUrl: '', token: 't' }, 'cloud URL is empty'],
    [{ cloudUrl: 'http://x', token: ' ' }, 'token is empty'],
    [{ cloudUrl: 'http://x|y', token: 't' }, 'must not contain'],
    [{ cloudUrl: 'http://x', token: 'a|b' }, 'must not contain'],
  ])('refuses to encode %j', (value, reason) => {
    const result = encodeConnectionToken(value);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toContain(reason);
  });

  it('round-trips any two non-empty parts without the separator', () => {
    fc.assert(
      fc.property(part, part, (cloudUrl, token) => {
        const made = encodeConnectionToken({ cloudUrl, token });
        expect(made.ok).toBe(true);
        if (made.ok)
          expect(decodeConnectionToken(made.value)).toEqual({ ok: true, value: { cloudUrl, token } });
      }),
    );
  });

  it('never throws and never accepts a text that does not split into exactly two parts', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const direct = decodeConnectionToken(text);
        const wrapped = decodeConnectionToken(encoded(text));
        const parts = text.split('|');
        const valid = parts.length === 2 && parts.every((p) => p.trim() !== '');
        expect(wrapped.ok).toBe(valid);
        if (direct.ok) expect(direct.value.cloudUrl).not.toBe('');
      }),
    );
  });

  it('produces only base64 characters', () => {
    fc.assert(
      fc.property(part, part, (cloudUrl, token) => {
        const made = encodeConnectionToken({ cloudUrl, token });
        if (made.ok) expect(made.value).toMatch(/^[A-Za-z0-9+/]*={0,2}$/);
      }),
    );
  });
});
