import { meetsMinimumLevel } from '../logLevels';
import type { LogsQuery } from './devices';
import type { LogMessage } from './streamed';

// One rule for filtering log lines, used by the gateway's history query and by the console on live lines.

function contains(haystack: string, needle: string | undefined): boolean {
  return needle === undefined || needle === '' || haystack.toLowerCase().includes(needle.toLowerCase());
}

/**
 * Whether a log line passes the filters: `device` is a case-insensitive substring of the device name
 * followed by its ip, `tag` and `message` case-insensitive substrings, `level` the minimum level.
 */
export function logMatchesFilter(log: LogMessage, filter: Omit<LogsQuery, 'limit'>): boolean {
  return (
    meetsMinimumLevel(log.level, filter.level) &&
    contains(`${log.device.name}${log.device.ip}`, filter.device) &&
    contains(log.tag, filter.tag) &&
    contains(log.message, filter.message) &&
    withinRange(log.dateTime, filter.from, filter.to)
  );
}

/** Whether a time (ISO 8601) lies in the range; a missing end is open. Offsets are compared as instants. */
export function withinRange(time: string, from: string | undefined, to: string | undefined): boolean {
  if (from === undefined && to === undefined) return true;
  const at = Date.parse(time);
  return (from === undefined || at >= Date.parse(from)) && (to === undefined || at <= Date.parse(to));
}
