import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FIRMWARE_IMAGE_MIN_BYTES, makeFirmwareImage, parseFirmwareImage } from './firmware-image';

describe('firmware image', () => {
  it('reads version and project name from an image it built', () => {
    const img = makeFirmwareImage({ version: '1.2.3', projectName: 'lamp', size: 65536 });
    expect(img.length).toBe(65536);
    expect(parseFirmwareImage(img)).toMatchObject({
      ok: true,
      value: { version: '1.2.3', projectName: 'lamp' },
    });
  });

  it('rejects what is not an ESP32 application image', () => {
    expect(parseFirmwareImage(new Uint8Array(10))).toMatchObject({
      ok: false,
      error: expect.stringContaining('bytes'),
    });
    const img = makeFirmwareImage({ version: '1.0.0' });
    const notEsp = img.slice();
    notEsp[0] = 0x7f;
    expect(parseFirmwareImage(notEsp)).toMatchObject({ ok: false, error: expect.stringContaining('0xE9') });
    const noDesc = img.slice();
    noDesc[32] = 0;
    expect(parseFirmwareImage(noDesc)).toMatchObject({
      ok: false,
      error: expect.stringContaining('0xABCD5432'),
    });
  });

  it('reads an image inside a larger buffer (non-zero byteOffset)', () => {
    const img = makeFirmwareImage({ version: '2.0.0' });
    const big = new Uint8Array(img.length + 7);
    big.set(img, 7);
    expect(parseFirmwareImage(big.subarray(7))).toMatchObject({ ok: true, value: { version: '2.0.0' } });
  });

  it('round-trips any version string that fits (property)', () => {
    const ver = fc
      .string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 31 })
      .filter((s) => !s.includes('\0'));
    fc.assert(
      fc.property(ver, fc.integer({ min: FIRMWARE_IMAGE_MIN_BYTES, max: 5000 }), (version, size) => {
        const r = parseFirmwareImage(makeFirmwareImage({ version, size }));
        expect(r).toMatchObject({ ok: true, value: { version } });
      }),
    );
  });

  it('refuses versions that do not fit the 32-byte field', () => {
    expect(() => makeFirmwareImage({ version: 'x'.repeat(32) })).toThrow(RangeError);
  });
});
