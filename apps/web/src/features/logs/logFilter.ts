import {
  type LogLevelName,
  type LogMessage,
  type LogsQuery,
  meetsMinimumLevel,
  withinRange,
} from '@st/protocol';
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

/** A matcher of log lines, with a faster form for held lines (it caches their lower-cased fields). */
export type LineMatcher = ((log: LogMessage) => boolean) & { held?: (line: HeldLine) => boolean };

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
  // Held lines keep their lower-cased fields from the first pass: later filters over the same 100,000 lines
  // compare without lower-casing (and allocating) every string again (issue 21: the filter at 4x CPU).
  const held = (line: HeldLine) => {
    const log = line.log;
    if (level !== undefined && !meetsMinimumLevel(log.level, level)) return false;
    if (timed && !withinRange(log.dateTime, from, to)) return false;
    const lower = line.lower ?? {};
    line.lower = lower;
    if (tag !== undefined) {
      lower.tag ??= log.tag.toLowerCase();
      if (!lower.tag.includes(tag)) return false;
    }
    if (message !== undefined) {
      lower.message ??= log.message.toLowerCase();
      if (!lower.message.includes(message)) return false;
    }
    if (device !== undefined) {
      lower.device ??= `${log.device.name}${log.device.ip}`.toLowerCase();
      if (!lower.device.includes(device)) return false;
    }
    return true;
  };
  return Object.assign(matches, { held });
}
