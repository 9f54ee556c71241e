import { type ParseResult, parsed, rejected } from './result';

/** Discovery multicast group and port (device-protocol.md §2.1). */
export const DISCOVERY_GROUP = '224.1.1.1';
export const DISCOVERY_PORT = 7778;
/** Firmware sends a beacon when more than this many ms passed since the previous one. */
export const BEACON_INTERVAL_MS = 2000;

/**
 * A discovery beacon. `ip` is the device address (a real device: its IPv4; a simulated one may add `:port`).
 * Fields a legacy (`$`-separated) beacon does not carry are empty strings.
 */
export interface Beacon {
  ip: string;
  type: string;
  name: string;
  stVersion: string;
  board: string;
  version: string;
}

const MAX_BEACON_LENGTH = 512;

function checkIp(ip: string): string | undefined {
  if (ip === '') return 'address field is empty';
  if (/\s/.test(ip)) return 'address field contains whitespace';
  return undefined;
}

/** Reads one beacon datagram: current `ip;type;name;stVersion;board;version`, or the legacy `$` formats. */
export function parseBeacon(line: string): ParseResult<Beacon> {
  const text = line.replace(/\r?\n$/, '');
  if (text.length > MAX_BEACON_LENGTH) return rejected(`beacon longer than ${MAX_BEACON_LENGTH} characters`);
  if (text.includes(';')) {
    const parts = text.split(';');
    // Current format: 6 fields (the version may be empty); a sender that drops the trailing empty field sends 5.
    if (parts.length < 5) return rejected(`beacon has ${parts.length} fields, expected 6`);
    if (parts.length > 6) return rejected(`beacon has ${parts.length} fields, expected 6`);
    const [ip = '', type = '', name = '', stVersion = '', board = '', version = ''] = parts;
    const bad = checkIp(ip);
    if (bad) return rejected(bad);
    if (name === '') return rejected('name field is empty');
    return parsed({ ip, type, name, stVersion, board, version });
  }
  if (text.includes('$')) {
    const parts = text.split('$');
    let beacon: Beacon | undefined;
    const [a = '', b = '', c = '', d = '', e = ''] = parts;
    if (parts.length === 2) beacon = { ip: a, type: '', name: b, stVersion: '', board: '', version: '' };
    else if (parts.length === 4) beacon = { ip: a, type: b, name: c, stVersion: d, board: '', version: '' };
    else if (parts.length === 5) beacon = { ip: a, type: b, name: c, stVersion: d, board: e, version: '' };
    if (!beacon) return rejected(`legacy beacon has ${parts.length} fields, expected 2, 4 or 5`);
    const bad = checkIp(beacon.ip);
    if (bad) return rejected(bad);
    if (beacon.name === '') return rejected('name field is empty');
    return parsed(beacon);
  }
  return rejected('not a beacon: no ";" separator');
}

/** The exact datagram current firmware sends (no terminator; ends with `;` when the version is empty). */
export function formatBeacon(b: Beacon): string {
  return [b.ip, b.type, b.name, b.stVersion, b.board, b.version].join(';');
}
