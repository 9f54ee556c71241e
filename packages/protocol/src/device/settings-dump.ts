import { type ParseResult, parsed, rejected } from './result';
import type { SettingsDump } from './settings-dump-shape';
import { decodeSettingsSections } from './settings-sections';

export type { SettingsDump } from './settings-dump-shape';

// The settings dump of `GET/POST /settings` (device-protocol.md §6): 15 digits (five 3-digit partition
// lengths, counted in raw bytes) then the five partitions back to back, LF and TAB escaped as `\n` / `\t`.

export const SETTINGS_PARTITIONS = ['wifi', 'name', 'config', 'hooks', 'actions'] as const;
/** Bytes of the whole settings area (header included) and of one partition. */
export const SETTINGS_AREA_BYTES = 1024;
export const SETTINGS_PARTITION_MAX_BYTES = 999;
const HEADER = 15;

/** What a wiped device exports. */
export const EMPTY_SETTINGS_DUMP = '000000000000000';

const encoder = new TextEncoder();

function unescapeDump(text: string): string {
  return text.replace(/\\([nt])/g, (_m, c: string) => (c === 'n' ? '\n' : '\t'));
}

function escapeDump(text: string): string {
  return text.replace(/[\n\t]/g, (c) => (c === '\n' ? '\\n' : '\\t'));
}

/** Splits and checks a dump; every partition must also decode (see decodeSettingsSections). */
export function parseSettingsDump(text: string): ParseResult<SettingsDump> {
  const first = text.trimStart()[0];
  if (first === '{' || first === '[') {
    return rejected(
      'this is an old JSON settings dump (before November 2024); firmware 1.0 cannot import it',
    );
  }
  if (text.length < HEADER) return rejected(`dump is shorter than its ${HEADER}-digit header`);
  const header = text.slice(0, HEADER);
  if (!/^\d{15}$/.test(header))
    return rejected(`dump must start with ${HEADER} digits (five partition lengths)`);
  const body = text.slice(HEADER);
  if (/[\r\n\t]/.test(body))
    return rejected('dump contains a raw line break or tab (they are written as \\n and \\t)');
  const bytes = encoder.encode(unescapeDump(body));
  const lengths = SETTINGS_PARTITIONS.map((_, i) => Number(header.slice(i * 3, i * 3 + 3)));
  const total = lengths.reduce((a, b) => a + b, 0);
  if (HEADER + total > SETTINGS_AREA_BYTES) {
    return rejected(
      `partitions take ${total} bytes; the settings area holds ${SETTINGS_AREA_BYTES - HEADER}`,
    );
  }
  if (bytes.length !== total) {
    return rejected(`header announces ${total} bytes of settings but the dump holds ${bytes.length}`);
  }
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const parts: string[] = [];
  let at = 0;
  for (const [i, len] of lengths.entries()) {
    try {
      parts.push(decoder.decode(bytes.subarray(at, at + len)));
    } catch {
      return rejected(`${SETTINGS_PARTITIONS[i]} partition is not valid UTF-8 text`);
    }
    at += len;
  }
  const [wifi = '', name = '', config = '', hooks = '', actions = ''] = parts;
  const dump = { wifi, name, config, hooks, actions };
  const sections = decodeSettingsSections(dump);
  if (!sections.ok) return sections;
  return parsed(dump);
}

/** The exact text a device exports for these partitions. Throws RangeError when a partition is too big. */
export function formatSettingsDump(dump: SettingsDump): string {
  let header = '';
  let total = 0;
  for (const key of SETTINGS_PARTITIONS) {
    const len = encoder.encode(dump[key]).length;
    if (len > SETTINGS_PARTITION_MAX_BYTES)
      throw new RangeError(`${key} partition is ${len} bytes (max 999)`);
    total += len;
    header += String(len).padStart(3, '0');
  }
  if (HEADER + total > SETTINGS_AREA_BYTES) throw new RangeError(`settings take ${total} bytes (max 1009)`);
  return header + escapeDump(SETTINGS_PARTITIONS.map((k) => dump[k]).join(''));
}
