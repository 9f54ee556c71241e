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

  /**
   * Brings the index up to date with `held` and the matcher (compared by identity); returns how many lines
   * it tested.
   */
  update(held: HeldLogs, matcher: LineMatcher, passAll: boolean): number {
    this.#held = held;
    this.#passAll = passAll;
    if (passAll) {
      this.#matcher = undefined;
      return 0;
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
    return Math.max(0, to - begin);
  }

  /** How many held lines `update` would test with the matcher it last had (all of them before any). */
  pending(held: HeldLogs): number {
    if (this.#matcher === undefined) return held.size;
    return Math.max(0, Math.min(held.size, held.oldestSeq + held.size - this.#scannedUpTo));
  }

  /**
   * Starts this (new, never updated) index from a wider filter's index: its matches are the candidates, so a
   * keystroke that extends the text scans the lines that passed before, not every held line.
   */
  seedFrom(wider: MatchIndex, matcher: LineMatcher): number {
    if (wider.#passAll || wider.#matcher === undefined || this.#matcher !== undefined) return 0;
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
    return from.length - wider.#start;
  }

  get size(): number {
    if (this.#passAll) return this.#held?.size ?? 0;
    return this.#matches.length - this.#start;
  }

  /** The i-th newest matching line. */
  newest(i: number): LogMessage | undefined {
    return this.#newestLine(i)?.log;
  }

  /** The arrival number of the i-th newest matching line: what the list knows it by. */
  newestSeq(i: number): number | undefined {
    return this.#newestLine(i)?.seq;
  }

  #newestLine(i: number): HeldLine | undefined {
    if (this.#passAll) {
      const held = this.#held;
      return held?.at(held.size - 1 - i);
    }
    return this.#matches[this.#matches.length - 1 - i];
  }
}

/** What a filter pass costs per line tested, from the last passes: what the next one will take. */
export class PassClock {
  #msPerLine: number;
  readonly #now: () => number;

  /** The first guess, 0.2 µs a line, is about a throttled (4x) laptop's with the lines' bits. */
  constructor(now: () => number = () => performance.now(), msPerLine = 0.0002) {
    this.#now = now;
    this.#msPerLine = msPerLine;
  }

  now(): number {
    return this.#now();
  }

  /** A pass of `lines` lines took `ms`; short passes say too little to count. */
  record(lines: number, ms: number): void {
    if (lines < 2000) return;
    this.#msPerLine = (this.#msPerLine + ms / lines) / 2;
  }

  predict(lines: number): number {
    return lines * this.#msPerLine;
  }
}

/**
 * A pass predicted to take at most this long is done in the keystroke's own render: deferring the list to a
 * low-priority render costs about as much (a second render and frame, ~20-30 ms at 4x CPU), so only a
 * longer pass is worth keeping out of the typing (issue 21).
 */
export const AT_ONCE_MS = 25;

interface Entry {
  key: string;
  filter: LogFilter;
  matcher: LineMatcher;
  index: MatchIndex;
}

/**
 * The match indexes of the last few filters, by what the filter says (not by object identity: a render React
 * throws away loses its memoized values, but not this cache). While the list catches up with a new filter at
 * low priority, urgent renders (new lines each frame) still draw the previous one: each keeps its own index,
 * so neither redoes the other's scan, and an interrupted render keeps the scanning it did.
 */
export class MatchIndexCache {
  readonly #size: number;
  readonly #clock: PassClock;
  #entries: Entry[] = [];

  constructor(size: number, clock = new PassClock()) {
    this.#size = size;
    this.#clock = clock;
  }

  #find(filter: LogFilter): { key: string; found: Entry | undefined; wider: Entry | undefined } {
    const key = JSON.stringify(historyQuery(filter, 1));
    const found = this.#entries.find((e) => e.key === key);
    const wider =
      found !== undefined || isEmptyFilter(filter)
        ? undefined
        : this.#entries.find((e) => !isEmptyFilter(e.filter) && narrows(filter, e.filter));
    return { key, found, wider };
  }

  for(filter: LogFilter): { matcher: LineMatcher; index: MatchIndex } {
    return this.#for(filter).entry;
  }

  #for(filter: LogFilter): { entry: Entry; tested: number } {
    const { key, found, wider } = this.#find(filter);
    if (found !== undefined) return { entry: found, tested: 0 };
    const entry = { key, filter, matcher: lineMatcher(filter), index: new MatchIndex() };
    // Typing on extends the text: start from the matches of a wider filter already scanned.
    const tested = wider === undefined ? 0 : entry.index.seedFrom(wider.index, entry.matcher);
    this.#entries = [entry, ...this.#entries].slice(0, this.#size);
    return { entry, tested };
  }

  /** The filter's index brought up to date with `held`, the pass timed for `atOnce`'s predictions. */
  show(filter: LogFilter, held: HeldLogs): { matcher: LineMatcher; index: MatchIndex } {
    const started = this.#clock.now();
    const { entry, tested } = this.#for(filter);
    const total = tested + entry.index.update(held, entry.matcher, isEmptyFilter(filter));
    this.#clock.record(total, this.#clock.now() - started);
    return entry;
  }

  /**
   * How many held lines showing `filter` would test: the new lines only when its index is kept, the matches
   * of a wider filter when one narrows to it, every held line otherwise, none without a filter.
   */
  candidates(filter: LogFilter, held: HeldLogs): number {
    if (isEmptyFilter(filter)) return 0;
    const { found, wider } = this.#find(filter);
    if (found !== undefined) return found.index.pending(held);
    if (wider !== undefined) return wider.index.size + wider.index.pending(held);
    return held.size;
  }

  /** Whether showing `filter` is predicted to take at most AT_ONCE_MS. */
  atOnce(filter: LogFilter, held: HeldLogs): boolean {
    return this.#clock.predict(this.candidates(filter, held)) <= AT_ONCE_MS;
  }
}
