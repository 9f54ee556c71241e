import { ApiError, type BackupCopy, EMPTY_SETTINGS_DUMP } from '@st/protocol';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { buildArchive, MANIFEST, readArchive } from './archive';

const copy: BackupCopy = {
  id: 'b1',
  ip: '127.0.0.1:8080',
  device: { ip: '127.0.0.1:8080', name: 'lamp/1', type: 'lamp', board: 'esp32', stVersion: '1.0' },
  source: 'schedule',
  creationDateTime: '2026-11-24T10:00:00.000Z',
  dump: EMPTY_SETTINGS_DUMP,
};

async function refused(bytes: Uint8Array): Promise<string> {
  try {
    await readArchive(bytes);
  } catch (e) {
    if (e instanceof ApiError && e.code === 'BACKUP_ARCHIVE_INVALID') return e.message;
    throw e;
  }
  throw new Error('accepted');
}

describe('backup archive', () => {
  it('round-trips every backup and names each device file safely', async () => {
    const zip = buildArchive([copy, { ...copy, id: 'b2', ip: '127.0.0.2:8080' }]);
    expect((await readArchive(zip)).map((c) => c.id)).toEqual(['b1', 'b2']);
    expect(new TextDecoder().decode(zip)).toContain('dumps/lamp_1 (127.0.0.1_8080).txt');
  });

  it('refuses what is not a complete archive of valid dumps, saying why', async () => {
    expect(await refused(new Uint8Array())).toContain('empty');
    expect(await refused(strToU8('hello'))).toContain('not a readable zip');
    expect(await refused(zipSync({ 'other.txt': strToU8('x') }))).toContain(`${MANIFEST} is missing`);
    expect(await refused(zipSync({ [MANIFEST]: strToU8('{') }))).toContain('not JSON');
    expect(await refused(zipSync({ [MANIFEST]: strToU8('{"format":"x"}') }))).toContain('does not match');
  });

  it('refuses an archive whose dump the settings codec cannot read', async () => {
    const manifest = {
      format: 'smartthing-backups',
      version: 1,
      createdAt: '2026-11-24T10:00:00.000Z',
      gatewayVersion: '1.0.0',
      backups: [{ ...copy, dump: '123' }],
    };
    expect(await refused(zipSync({ [MANIFEST]: strToU8(JSON.stringify(manifest)) }))).toContain('bad dump');
  });
});

describe('backup archive limits', () => {
  const manifestOf = (backups: unknown[]) =>
    zipSync({
      [MANIFEST]: strToU8(
        JSON.stringify({
          format: 'smartthing-backups',
          version: 1,
          createdAt: '2026-11-24T10:00:00.000Z',
          gatewayVersion: '1.0.0',
          backups,
        }),
      ),
    });

  it('refuses a backup whose fields exceed the device limits', async () => {
    const cases: [string, unknown][] = [
      ['device.name', { ...copy, device: { ...copy.device, name: 'n'.repeat(17) } }],
      ['device.type', { ...copy, device: { ...copy.device, type: 't'.repeat(65) } }],
      ['device.board', { ...copy, device: { ...copy.device, board: 'b'.repeat(1000) } }],
      ['device.ip', { ...copy, device: { ...copy.device, ip: 'not an address' } }],
      ['ip', { ...copy, ip: `10.0.0.1${'0'.repeat(5000)}` }],
      ['ip', { ...copy, ip: 'my-device.local' }],
      ['id', { ...copy, id: 'i'.repeat(65) }],
      ['device.name', { ...copy, device: { ...copy.device, name: 'lamp\u202e' } }],
    ];
    for (const [field, bad] of cases) expect(await refused(manifestOf([bad])), field).toContain(field);
  });

  it('bounds and deduplicates the device file names, and leaves out stored rows beyond the limits', () => {
    const long = { ...copy, device: { ...copy.device, name: 'x'.repeat(100_000) } };
    const zip = buildArchive([copy, { ...copy, id: 'b2' }, long]);
    const names = Object.keys(unzipSync(zip));
    expect(names).toEqual([
      MANIFEST,
      'dumps/lamp_1 (127.0.0.1_8080).txt',
      'dumps/lamp_1 (127.0.0.1_8080)-2.txt',
    ]);
    expect(names.every((n) => n.length <= 100)).toBe(true);
  });
});
