import { ApiError, type BackupCopy, EMPTY_SETTINGS_DUMP } from '@st/protocol';
import { strToU8, zipSync } from 'fflate';
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

function refused(bytes: Uint8Array): string {
  try {
    readArchive(bytes);
  } catch (e) {
    if (e instanceof ApiError && e.code === 'BACKUP_ARCHIVE_INVALID') return e.message;
    throw e;
  }
  throw new Error('accepted');
}

describe('backup archive', () => {
  it('round-trips every backup and names each device file safely', () => {
    const zip = buildArchive([copy, { ...copy, id: 'b2', ip: '127.0.0.2:8080' }]);
    expect(readArchive(zip).map((c) => c.id)).toEqual(['b1', 'b2']);
    expect(new TextDecoder().decode(zip)).toContain('dumps/lamp_1 (127.0.0.1_8080).txt');
  });

  it('refuses what is not a complete archive of valid dumps, saying why', () => {
    expect(refused(new Uint8Array())).toContain('empty');
    expect(refused(strToU8('hello'))).toContain('not a readable zip');
    expect(refused(zipSync({ 'other.txt': strToU8('x') }))).toContain(`${MANIFEST} is missing`);
    expect(refused(zipSync({ [MANIFEST]: strToU8('{') }))).toContain('not JSON');
    expect(refused(zipSync({ [MANIFEST]: strToU8('{"format":"x"}') }))).toContain('does not match');
  });

  it('refuses an archive whose dump the settings codec cannot read', () => {
    const manifest = {
      format: 'smartthing-backups',
      version: 1,
      createdAt: '2026-11-24T10:00:00.000Z',
      gatewayVersion: '1.0.0',
      backups: [{ ...copy, dump: '123' }],
    };
    expect(refused(zipSync({ [MANIFEST]: strToU8(JSON.stringify(manifest)) }))).toContain('bad dump');
  });
});
