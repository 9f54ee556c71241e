import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BackupCipher } from './crypto';

describe('backup cipher', () => {
  const cipher = new BackupCipher(randomBytes(48));

  it('opens what it sealed, and never holds the text in the clear', () => {
    const sealed = cipher.seal('gw-1', 'row-1', 'wifi password hunter2');
    expect(Buffer.from(sealed.data, 'base64').toString('utf8')).not.toContain('hunter2');
    expect(cipher.open('gw-1', 'row-1', sealed)).toBe('wifi password hunter2');
    expect(cipher.seal('gw-1', 'row-1', 'same').iv).not.toBe(cipher.seal('gw-1', 'row-1', 'same').iv);
  });

  it('refuses another gateway, another row, a changed byte, or another secret', () => {
    const sealed = cipher.seal('gw-1', 'row-1', 'settings');
    expect(() => cipher.open('gw-2', 'row-1', sealed)).toThrow();
    expect(() => cipher.open('gw-1', 'row-2', sealed)).toThrow();
    const bytes = Buffer.from(sealed.data, 'base64');
    bytes[0] = (bytes[0] ?? 0) ^ 1;
    expect(() => cipher.open('gw-1', 'row-1', { ...sealed, data: bytes.toString('base64') })).toThrow();
    expect(() => new BackupCipher(randomBytes(48)).open('gw-1', 'row-1', sealed)).toThrow();
  });
});
