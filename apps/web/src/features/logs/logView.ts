import type { LogMessage } from '@st/protocol';
import type { HeldLogs } from './heldLogs';
import type { MatchIndex } from './matchIndex';

/** Identity of a line when the gateway sends no id: same time, device, level, tag and text. */
export function lineKey(log: LogMessage): string {
  return `${log.dateTime}\u0000${log.device.ip}\u0000${log.level}\u0000${log.tag}\u0000${log.message}`;
}

export interface HistoryWindow {
  /** Lines at or before this time were cleared from the view by the user. */
  clearedAt: string | undefined;
  matches: (log: LogMessage) => boolean;
}

/**
 * The history lines worth showing below the live ones: those older than the oldest line held live (newer
 * ones are already held, having arrived live), not cleared, and passing the current filter (the server
 * answered for the filter it was asked, which may be a step behind the one typed).
 */
export function visibleHistory(history: readonly LogMessage[], held: HeldLogs, window: HistoryWindow) {
  const oldest = held.at(0)?.log.dateTime;
  const sameInstant = new Set<string>();
  if (oldest !== undefined) {
    for (let i = 0; i < held.size; i++) {
      const line = held.at(i);
      if (line === undefined || line.log.dateTime !== oldest) break;
      sameInstant.add(lineKey(line.log));
    }
  }
  return history.filter((log) => {
    if (window.clearedAt !== undefined && log.dateTime <= window.clearedAt) return false;
    if (oldest !== undefined) {
      if (log.dateTime > oldest) return false;
      if (log.dateTime === oldest && sameInstant.has(lineKey(log))) return false;
    }
    return window.matches(log);
  });
}

/** What the list shows, newest first: matching live lines, then the older history. */
export interface LogRows {
  readonly size: number;
  at(i: number): LogMessage | undefined;
}

export function logRows(live: MatchIndex, history: readonly LogMessage[]): LogRows {
  const liveSize = live.size;
  return {
    size: liveSize + history.length,
    at: (i) => (i < liveSize ? live.newest(i) : history[i - liveSize]),
  };
}

/** The newest time anything in the view carries (what "clear" hides up to). */
export function newestTime(held: HeldLogs, history: readonly LogMessage[]): string | undefined {
  const live = held.at(held.size - 1)?.log.dateTime;
  const past = history[0]?.dateTime;
  if (live === undefined) return past;
  if (past === undefined) return live;
  // ISO times of one clock compare as text.
  return [live, past].sort()[1];
}
