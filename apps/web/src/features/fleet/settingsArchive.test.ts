import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { settingsArchive } from './settingsArchive';

describe('bulk settings export', () => {
  it('saves one device as its text dump', async () => {
    const file = settingsArchive(
      [{ device: { name: 'hall lamp', ip: '10.0.0.2' }, dump: 'a=1' }],
      '2026-11-24',
    );
    expect(file.name).toBe('hall_lamp-10.0.0.2-2026-11-24.txt');
    expect(await file.blob.text()).toBe('a=1');
  });

  it('zips several devices, one text file each, names kept unique', async () => {
    const file = settingsArchive(
      [
        { device: { name: 'lamp', ip: '10.0.0.2' }, dump: 'first' },
        { device: { name: 'lamp/1', ip: '10.0.0.3' }, dump: 'second' },
        { device: { name: 'lamp', ip: '10.0.0.2' }, dump: 'third' },
      ],
      '2026-11-24',
    );
    expect(file.name).toBe('smartthing-settings-2026-11-24.zip');
    const entries = unzipSync(new Uint8Array(await file.blob.arrayBuffer()));
    expect(Object.fromEntries(Object.entries(entries).map(([k, v]) => [k, strFromU8(v)]))).toEqual({
      'lamp-10.0.0.2.txt': 'first',
      'lamp_1-10.0.0.3.txt': 'second',
      'lamp-2-10.0.0.2.txt': 'third',
    });
  });
});
