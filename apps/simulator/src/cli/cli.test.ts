import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseFirmwareImage } from '@st/protocol';
import { afterAll, describe, expect, it } from 'vitest';
import { parseCli } from './args';
import { makeImageCommand } from './make-image';

const dir = mkdtempSync(join(tmpdir(), 'st-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('simulator command line', () => {
  it('turns flags into options, taking the multicast interface from ST_MULTICAST_IF', () => {
    const r = parseCli(
      [
        '--count',
        '3',
        '--first-ip',
        '127.0.0.10',
        '--gateway',
        '127.0.0.1:8080',
        '--kinds',
        'lamp,socket',
        '--flaky',
        '--drop-rate',
        '0.1',
      ],
      { ST_MULTICAST_IF: '127.0.0.1' },
    );
    expect(r).toEqual({
      ok: true,
      help: false,
      options: {
        count: 3,
        firstIp: '127.0.0.10',
        gateway: '127.0.0.1:8080',
        kinds: ['lamp', 'socket'],
        flaky: true,
        dropRate: 0.1,
        multicastIf: '127.0.0.1',
      },
    });
  });

  it('takes the firmware switches: board, version reporting, staying down, the ; bug', () => {
    const r = parseCli(
      ['--board', 'esp8266', '--no-version', '--ota-version', 'none', '--stay-down', '--no-semicolon-bug'],
      {},
    );
    expect(r).toMatchObject({
      ok: true,
      options: { board: 'esp8266', noVersion: true, otaVersion: null, stayDown: true, semicolonBug: false },
    });
    expect(parseCli(['--ota-version', '1.7.0'], {})).toMatchObject({ options: { otaVersion: '1.7.0' } });
    expect(parseCli(['--board', 'esp8285'], {}).ok).toBe(false);
  });

  it('takes the rollout switches: refusing every image, crash-looping after the next update', () => {
    expect(parseCli(['--ota-refuse', '--ota-crash-loop', '1500'], {})).toMatchObject({
      ok: true,
      options: { otaRefuse: true, otaCrashLoopMs: 1500 },
    });
    expect(parseCli(['--ota-crash-loop', '10'], {}).ok).toBe(false);
  });

  it('lists every problem at once', () => {
    const r = parseCli(['--count', '0', '--gateway', 'nohost', '--kinds', 'toaster'], {});
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.errors).toHaveLength(3);
      expect(r.errors.join('\n')).toMatch(/count/);
      expect(r.errors.join('\n')).toMatch(/gateway: must be host:port/);
    }
    expect(parseCli(['--bogus'], {}).ok).toBe(false);
    expect(parseCli(['--count', 'many'], {}).ok).toBe(false);
  });

  it('make-image writes an ESP32 image carrying the version', () => {
    const out = join(dir, 'fw.bin');
    expect(makeImageCommand(['--version', '1.2.3', '--size', '65536', '--out', out])).toBe(0);
    const bytes = new Uint8Array(readFileSync(out));
    expect(bytes.length).toBe(65536);
    expect(parseFirmwareImage(bytes)).toMatchObject({
      ok: true,
      value: { version: '1.2.3', projectName: 'st-device' },
    });
    expect(makeImageCommand(['--out', out])).toBe(2);
  });
});
