import {
  type LogLevelName,
  type LogMessage,
  type LogsQuery,
  meetsMinimumLevel,
  withinRange,
} from '@st/protocol';
import { bitsAreExact, charBits } from './charBits';
import type { HeldLine } from './heldLogs';
import type { TimeRange } from './timeRange';

/** What the user typed in the filter row. Empty strings mean "no filter on this field". */
export interface LogFilter {
  level: LogLevelName | undefined;
  device: string;
  tag: string;
  message: string;
  /** The time range: a quick one (its `from` follows from when it was chosen) or a custom one. */
  range?: TimeRange | undefined;
  /** Receive time range, ISO 8601; absent or '' means open. */
  from?: string | undefined;
  to?: string | undefined;
}

export const EMPTY_FILTER: LogFilter = { level: undefined, device: '', tag: '', message: '' };

export function isEmptyFilter(filter: LogFilter): boolean {
  return (
    filter.level === undefined &&
    filter.device.trim() === '' &&
    filter.tag.trim() === '' &&
    filter.message.trim() === '' &&
    !filter.from &&
    !filter.to
  );
}

/** How many of the filter's fields are in use (a time range counts once). */
export function activeFilterCount(filter: LogFilter): number {
  const texts = [filter.device, filter.tag, filter.message].filter((text) => text.trim() !== '').length;
  return texts + (filter.level === undefined ? 0 : 1) + (filter.from || filter.to ? 1 : 0);
}

/** The history query for a filter: only the fields the user filled in (spec: only truthy filters are sent). */
export function historyQuery(filter: LogFilter, limit: number): LogsQuery {
  const query: LogsQuery = { limit };
  const device = filter.device.trim();
  const tag = filter.tag.trim();
  const message = filter.message.trim();
  if (device !== '') query.device = device;
  if (tag !== '') query.tag = tag;
  if (message !== '') query.message = message;
  if (filter.level !== undefined) query.level = filter.level;
  if (filter.from) query.from = filter.from;
  if (filter.to) query.to = filter.to;
  return query;
}

/** A matcher of log lines, with a faster form for held lines (they carry their lower-cased fields). */
export type LineMatcher = ((log: LogMessage) => boolean) & { held?: (line: HeldLine) => boolean };

/**
 * Whether every line `narrow` passes also passes `wide` (each text `wide` asks for is inside the one `narrow`
 * asks for, and its level is at least as strict): the lines of `narrow` can then be found among those of
 * `wide` instead of among all held lines.
 */
export function narrows(narrow: LogFilter, wide: LogFilter): boolean {
  const n = historyQuery(narrow, 1);
  const w = historyQuery(wide, 1);
  for (const field of ['device', 'tag', 'message'] as const) {
    const inner = w[field]?.toLowerCase();
    if (inner === undefined) continue;
    if (!n[field]?.toLowerCase().includes(inner)) return false;
  }
  // a time range narrows only when it is the same range (a quick range's start moves with the clock)
  if ((n.from ?? '') !== (w.from ?? '') || (n.to ?? '') !== (w.to ?? '')) return false;
  if (w.level === undefined) return true;
  return n.level !== undefined && meetsMinimumLevel(n.level, w.level);
}

/**
 * A line-by-line matcher with the gateway's own rule (protocol's logMatchesFilter: minimum level, and
 * case-insensitive substrings of device name followed by ip, tag and message), compiled once per filter so
 * a pass over 100,000 held lines lowers each needle once and skips the fields nobody filters on. A test
 * checks it agrees with logMatchesFilter.
 */
export function lineMatcher(filter: LogFilter): LineMatcher {
  if (isEmptyFilter(filter)) return Object.assign(() => true, { held: () => true });
  const query = historyQuery(filter, 1);
  const device = query.device?.toLowerCase();
  const tag = query.tag?.toLowerCase();
  const message = query.message?.toLowerCase();
  const level = query.level;
  const { from, to } = query;
  const timed = from !== undefined || to !== undefined;
  const matches = (log: LogMessage) =>
    meetsMinimumLevel(log.level, level) &&
    (!timed || withinRange(log.dateTime, from, to)) &&
    (tag === undefined || log.tag.toLowerCase().includes(tag)) &&
    (message === undefined || log.message.toLowerCase().includes(message)) &&
    (device === undefined || `${log.device.name}${log.device.ip}`.toLowerCase().includes(device));
  // Held lines carry their fields lower-cased, and the bits of the characters in them, since arrival
  // (heldLogs.ts): a pass over 100,000 of them mostly compares bits (issue 21: the filter at 4x CPU). A
  // needle whose bits a line lacks is not in it; a one-character needle is in it exactly when its bit is.
  // The needles' bits as plain numbers the closure captures (read through an object they made the pass
  // about twice as slow).
  const [tLo, tHi, tExact] = needleBits(tag);
  const [mLo, mHi, mExact] = needleBits(message);
  const [dLo, dHi, dExact] = needleBits(device);
  const held = (line: HeldLine) =>
    (level === undefined || meetsMinimumLevel(line.log.level, level)) &&
    (!timed || withinRange(line.log.dateTime, from, to)) &&
    (tag === undefined ||
      ((line.tagLo & tLo) === tLo && (line.tagHi & tHi) === tHi && (tExact || line.tag.includes(tag)))) &&
    (message === undefined ||
      ((line.messageLo & mLo) === mLo &&
        (line.messageHi & mHi) === mHi &&
        (mExact || line.message.includes(message)))) &&
    (device === undefined ||
      ((line.deviceLo & dLo) === dLo &&
        (line.deviceHi & dHi) === dHi &&
        (dExact || line.device.includes(device))));
  return Object.assign(matches, { held });
}

/** A needle's character bits, and whether they alone answer (charBits.ts); none for an absent needle. */
function needleBits(needle: string | undefined): [lo: number, hi: number, exact: boolean] {
  if (needle === undefined) return [0, 0, true];
  const { lo, hi } = charBits(needle);
  return [lo, hi, bitsAreExact(needle)];
}
