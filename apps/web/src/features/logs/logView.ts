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
  /** Lines that arrived live while the view is paused, oldest first: they show on resume, not before. */
  heldBack: readonly LogMessage[];
  matches: (log: LogMessage) => boolean;
}

/** The oldest time among lines that arrived live, and the keys of the lines at that very time. */
function liveBoundary(held: HeldLogs, heldBack: readonly LogMessage[]) {
  const first = [held.at(0)?.log.dateTime, heldBack[0]?.dateTime].filter((t) => t !== undefined);
  // ISO times of one clock compare as text.
  const oldest = first.sort()[0];
  const sameInstant = new Set<string>();
  if (oldest === undefined) return { oldest, sameInstant };
  for (let i = 0; i < held.size; i++) {
    const line = held.at(i);
    if (line === undefined || line.log.dateTime !== oldest) break;
    sameInstant.add(lineKey(line.log));
  }
  for (const log of heldBack) {
    if (log.dateTime !== oldest) break;
    sameInstant.add(lineKey(log));
  }
  return { oldest, sameInstant };
}

/**
 * The history lines worth showing below the live ones: those older than the oldest line that arrived live
 * (newer ones are held, or held back while paused, having arrived live), not cleared, and passing the current
 * filter (the server answered for the filter it was asked, which may be a step behind the one typed). A line
 * held back by a pause stays out of view even when a history answer that came after it holds it too.
 */
export function visibleHistory(history: readonly LogMessage[], held: HeldLogs, window: HistoryWindow) {
  const { oldest, sameInstant } = liveBoundary(held, window.heldBack);
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
  /**
   * The i-th row's line, as the list knows it from render to render (its measured height follows it when new
   * lines push it down): a live line's arrival number, a history line's own number ('h' and a count).
   */
  keyAt(i: number): number | string;
}

/** Numbers for history lines, by the line's object (lines carry no id and the same text may come twice). */
const historyIds = new WeakMap<LogMessage, string>();
let nextHistoryId = 0;

function historyId(log: LogMessage): string {
  let id = historyIds.get(log);
  if (id === undefined) {
    id = `h${nextHistoryId++}`;
    historyIds.set(log, id);
  }
  return id;
}

export function logRows(live: MatchIndex, history: readonly LogMessage[]): LogRows {
  const liveSize = live.size;
  return {
    size: liveSize + history.length,
    at: (i) => (i < liveSize ? live.newest(i) : history[i - liveSize]),
    keyAt: (i) => {
      if (i < liveSize) return live.newestSeq(i) ?? `i${i}`;
      const log = history[i - liveSize];
      return log === undefined ? `i${i}` : historyId(log);
    },
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
