import type { LogMessage } from '@st/protocol';
import type { HeldLine, HeldLogs } from './heldLogs';
import {
  historyQuery,
  isEmptyFilter,
  type LineMatcher,
  type LogFilter,
  lineMatcher,
  narrows,
} from './logFilter';

/**
 * The held lines that pass a filter, kept up to date incrementally: new lines are tested once as they
 * arrive, and the whole set is scanned again only when the filter itself changes.
 */
export class MatchIndex {
  #matcher: LineMatcher | undefined;
  #matches: HeldLine[] = [];
  #start = 0;
  #scannedUpTo = 0;
  #held: HeldLogs | undefined;
  #passAll = false;

  /** Brings the index up to date with `held` and the matcher (compared by identity). */
  update(held: HeldLogs, matcher: LineMatcher, passAll: boolean): void {
    this.#held = held;
    this.#passAll = passAll;
    if (passAll) {
      this.#matcher = undefined;
      return;
    }
    if (matcher !== this.#matcher) {
      this.#matcher = matcher;
      this.#matches = [];
      this.#start = 0;
      this.#scannedUpTo = held.oldestSeq;
    }
    // A plain index loop and the held-line form of the matcher: this is the pass a new filter makes over
    // every held line, the cost of a keystroke.
    const test = matcher.held ?? ((line: HeldLine) => matcher(line.log));
    const matches = this.#matches;
    const { lines, from, to } = held.span();
    const begin = from + Math.max(0, this.#scannedUpTo - held.oldestSeq);
    for (let i = begin; i < to; i++) {
      const line = lines[i] as HeldLine;
      if (test(line)) matches.push(line);
    }
    const last = lines[to - 1];
    if (to > begin && last !== undefined) this.#scannedUpTo = last.seq + 1;
    const oldest = held.oldestSeq;
    while (this.#start < this.#matches.length && (this.#matches[this.#start]?.seq ?? oldest) < oldest) {
      this.#start++;
    }
    if (this.#start > 4096) {
      this.#matches = this.#matches.slice(this.#start);
      this.#start = 0;
    }
  }

  /**
   * Starts this (new, never updated) index from a wider filter's index: its matches are the candidates, so a
   * keystroke that extends the text scans the lines that passed before, not every held line.
   */
  seedFrom(wider: MatchIndex, matcher: LineMatcher): void {
    if (wider.#passAll || wider.#matcher === undefined || this.#matcher !== undefined) return;
    const test = matcher.held ?? ((line: HeldLine) => matcher(line.log));
    const matches: HeldLine[] = [];
    const from = wider.#matches;
    for (let i = wider.#start; i < from.length; i++) {
      const line = from[i];
      if (line !== undefined && test(line)) matches.push(line);
    }
    this.#matcher = matcher;
    this.#matches = matches;
    this.#start = 0;
    this.#scannedUpTo = wider.#scannedUpTo;
  }

  get size(): number {
    if (this.#passAll) return this.#held?.size ?? 0;
    return this.#matches.length - this.#start;
  }

  /** The i-th newest matching line. */
  newest(i: number): LogMessage | undefined {
    if (this.#passAll) {
      const held = this.#held;
      return held?.at(held.size - 1 - i)?.log;
    }
    return this.#matches[this.#matches.length - 1 - i]?.log;
  }
}

/**
 * The match indexes of the last few filters, by what the filter says (not by object identity: a render React
 * throws away loses its memoized values, but not this cache). While the list catches up with a new filter at
 * low priority, urgent renders (new lines each frame) still draw the previous one: each keeps its own index,
 * so neither redoes the other's scan, and an interrupted render keeps the scanning it did.
 */
export class MatchIndexCache {
  readonly #size: number;
  #entries: { key: string; filter: LogFilter; matcher: LineMatcher; index: MatchIndex }[] = [];

  constructor(size: number) {
    this.#size = size;
  }

  for(filter: LogFilter): { matcher: LineMatcher; index: MatchIndex } {
    const key = JSON.stringify(historyQuery(filter, 1));
    const found = this.#entries.find((e) => e.key === key);
    if (found !== undefined) return found;
    const entry = { key, filter, matcher: lineMatcher(filter), index: new MatchIndex() };
    // Typing on extends the text: start from the matches of a wider filter already scanned.
    if (!isEmptyFilter(filter)) {
      const wider = this.#entries.find((e) => !isEmptyFilter(e.filter) && narrows(filter, e.filter));
      if (wider !== undefined) entry.index.seedFrom(wider.index, entry.matcher);
    }
    this.#entries = [entry, ...this.#entries].slice(0, this.#size);
    return entry;
  }
}
