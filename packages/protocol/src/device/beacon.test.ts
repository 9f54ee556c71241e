import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Beacon, formatBeacon, parseBeacon } from './beacon';

const field = fc.string({ unit: 'grapheme-ascii', maxLength: 20 }).filter((s) => !/[;$\r\n]/.test(s));
const nonEmpty = field.filter((s) => s.length > 0 && !/\s/.test(s));

describe('beacon codec', () => {
  it('reads the firmware examples', () => {
    expect(parseBeacon('192.168.1.42;lamp;kitchen-lamp;1.0;esp32;1.2.0')).toEqual({
      ok: true,
      value: {
        ip: '192.168.1.42',
        type: 'lamp',
        name: 'kitchen-lamp',
        stVersion: '1.0',
        board: 'esp32',
        version: '1.2.0',
      },
    });
    const empty = parseBeacon('192.168.1.43;meteo;st-device;1.0;esp8266;');
    expect(empty.ok && empty.value.version).toBe('');
  });

  it('accepts a five-field beacon (trailing empty version dropped) and an ip:port address', () => {
    const r = parseBeacon('127.0.0.2:8081;lamp;lamp-1;1.0;esp32');
    expect(r).toEqual({
      ok: true,
      value: {
        ip: '127.0.0.2:8081',
        type: 'lamp',
        name: 'lamp-1',
        stVersion: '1.0',
        board: 'esp32',
        version: '',
      },
    });
  });

  it('reads the legacy $ formats', () => {
    expect(parseBeacon('10.0.0.5$old')).toMatchObject({
      ok: true,
      value: { ip: '10.0.0.5', name: 'old', type: '' },
    });
    expect(parseBeacon('10.0.0.5$lamp$old$0.7')).toMatchObject({
      ok: true,
      value: { type: 'lamp', stVersion: '0.7' },
    });
    expect(parseBeacon('10.0.0.5$lamp$old$0.7$esp32')).toMatchObject({ ok: true, value: { board: 'esp32' } });
  });

  it('rejects malformed datagrams with a reason', () => {
    for (const bad of [
      '',
      'hello',
      '1.2.3.4;a;b',
      ';lamp;x;1.0;esp32;',
      '1.2.3.4;lamp;;1.0;esp32;1',
      'a;b;c;d;e;f;g',
      'x$y$z',
    ]) {
      const r = parseBeacon(bad);
      expect(r.ok, bad).toBe(false);
      if (!r.ok) expect(r.error.length).toBeGreaterThan(0);
    }
  });

  it('round-trips any beacon (property)', () => {
    fc.assert(
      fc.property(
        nonEmpty,
        field,
        nonEmpty,
        field,
        field,
        field,
        (ip, type, name, stVersion, board, version) => {
          const b: Beacon = { ip, type, name, stVersion, board, version };
          const text = formatBeacon(b);
          expect(text.split(';')).toHaveLength(6);
          expect(parseBeacon(text)).toEqual({ ok: true, value: b });
        },
      ),
    );
  });

  it('never throws on arbitrary input (property)', () => {
    fc.assert(fc.property(fc.string(), (s) => typeof parseBeacon(s).ok === 'boolean'));
  });
});
