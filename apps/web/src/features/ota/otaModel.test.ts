import type { Firmware, OtaTask } from '@st/protocol';
import { describe, expect, it } from 'vitest';
import { otaEn, otaRu } from './messages';
import { applyProgress, formatSize, groupFirmwares, statusTone, verdictMessage } from './otaModel';

const fw = (type: string, version: string, board: 'esp32' | 'esp8266'): Firmware => ({
  id: `${type}-${version}-${board}`,
  type,
  version,
  board,
  fileName: 'f.bin',
  fileChecksum: '0'.repeat(32),
  sha256: '0'.repeat(64),
  size: 1000,
});

describe('OTA screen model', () => {
  it('groups firmwares by type, newest version first, then board', () => {
    const groups = groupFirmwares([
      fw('lamp', '1.9', 'esp32'),
      fw('lamp', '1.10', 'esp8266'),
      fw('lamp', '1.10', 'esp32'),
      fw('button', '2.0', 'esp32'),
    ]);
    expect(groups.map((g) => g.type)).toEqual(['button', 'lamp']);
    const lamp = groups[1];
    expect(lamp?.versions.map((v) => v.version)).toEqual(['1.10', '1.9']);
    expect(lamp?.versions[0]?.firmwares.map((f) => f.board)).toEqual(['esp32', 'esp8266']);
  });

  it('applies live messages: keeps the last progress on status-only updates, carries the error', () => {
    const task: OtaTask = {
      taskId: 't1',
      device: { ip: '10.0.0.2', name: 'lamp', type: 'lamp', board: 'esp32', stVersion: '1.0' },
      firmware: fw('lamp', '2.0', 'esp32'),
      status: 'FIRMWARE_TRANSFER',
      progress: 40,
      startedAt: '2026-01-01T00:00:00.000Z',
    };
    expect(applyProgress(task, { status: 'FIRMWARE_TRANSFER', progress: 55 })).toMatchObject({
      progress: 55,
    });
    expect(
      applyProgress(task, { status: 'ABORTED', progress: null, error: 'Aborted by the user' }),
    ).toMatchObject({
      status: 'ABORTED',
      progress: 40,
      error: 'Aborted by the user',
    });
  });

  it('carries the verdict of a live message and words it in both languages', () => {
    const task: OtaTask = {
      taskId: 't2',
      device: { ip: '10.0.0.3', name: 'lamp', type: 'lamp', board: 'esp32', stVersion: '1.0' },
      firmware: fw('lamp', '1.7.1', 'esp32'),
      status: 'FIRMWARE_TRANSFER_FINISHED',
      progress: 100,
      startedAt: '2026-01-01T00:00:00.000Z',
    };
    const verdict = { outcome: 'DIFFERS', label: '1.7.1', reported: '1.7.0' } as const;
    const done = applyProgress(task, { status: 'FINISHED', progress: 100, verdict });
    expect(done.verdict).toEqual(verdict);
    const { key, values } = verdictMessage(verdict);
    const fill = (text: string) =>
      text.replace(/\{\{(\w+)\}\}/g, (_, k: 'version' | 'firmwareVersion') => values[k]);
    expect(fill(otaEn[key])).toBe('Updated, reports 1.7.0 (library says 1.7.1)');
    expect(fill(otaRu[key])).toBe('Обновлено, сообщает версию 1.7.0 (в библиотеке 1.7.1)');
    expect(otaEn[verdictMessage({ outcome: 'NO_VERSION', label: '2.0' }).key]).toBe(
      'Updated, reports no version',
    );
  });

  it('tells success, failure and abort apart', () => {
    expect(statusTone('FINISHED')).toBe('green');
    expect(statusTone('INVITATION_FAILED')).toBe('red');
    expect(statusTone('ABORTED')).toBe('orange');
    expect(statusTone('FIRMWARE_TRANSFER')).toBe('blue');
    expect(formatSize(2 * 1024 * 1024)).toBe('2.00 MB');
    expect(formatSize(1536, 'ru')).toBe('1,5 KB');
  });
});
