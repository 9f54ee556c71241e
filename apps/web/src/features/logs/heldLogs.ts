import type { LogMessage } from '@st/protocol';
import { charBits } from './charBits';

export interface HeldLine {
  /** Arrival number, growing by one per line over the screen's life (cleared lines keep their numbers). */
  readonly seq: number;
  readonly log: LogMessage;
  /**
   * The filtered fields lower-cased once on arrival (issue 21): a filter pass over 100,000 lines then only
   * compares, and every line has the same shape, which keeps the pass's loop fast.
   */
  readonly tag: string;
  readonly message: string;
  /** name then ip, as the device filter reads them */
  readonly device: string;
  /**
   * The characters each lower-cased field holds (charBits.ts): a pass turns down most lines by these bits
   * without a substring search.
   */
  readonly tagLo: number;
  readonly tagHi: number;
  readonly messageLo: number;
  readonly messageHi: number;
  readonly deviceLo: number;
  readonly deviceHi: number;
}

function heldLine(seq: number, log: LogMessage): HeldLine {
  const tag = log.tag.toLowerCase();
  const message = log.message.toLowerCase();
  const device = `${log.device.name}${log.device.ip}`.toLowerCase();
  const t = charBits(tag);
  const m = charBits(message);
  const d = charBits(device);
  return {
    seq,
    log,
    tag,
    message,
    device,
    tagLo: t.lo,
    tagHi: t.hi,
    messageLo: m.lo,
    messageHi: m.hi,
    deviceLo: d.lo,
    deviceHi: d.hi,
  };
}

/**
 * The live lines the screen holds, oldest first, at most `capacity` of them (the oldest go first). It is
 * mutable on purpose: a burst of lines is appended in place and the screen re-reads it once per frame.
 */
export class HeldLogs {
  readonly capacity: number;
  #lines: HeldLine[] = [];
  #start = 0;
  #next = 0;

  constructor(capacity: number) {
    this.capacity = capacity;
  }

  get size(): number {
    return this.#lines.length - this.#start;
  }

  /** Arrival number of the oldest held line (equals the next number when nothing is held). */
  get oldestSeq(): number {
    return this.#lines[this.#start]?.seq ?? this.#next;
  }

  /**
   * The backing array and where the held lines are in it (`from` is the oldest), for a filter pass's tight
   * loop; read it at once, do not keep it (appending may replace the array).
   */
  span(): { lines: readonly HeldLine[]; from: number; to: number } {
    return { lines: this.#lines, from: this.#start, to: this.#lines.length };
  }

  /** The i-th held line, 0 being the oldest. */
  at(i: number): HeldLine | undefined {
    return this.#lines[this.#start + i];
  }

  append(batch: readonly LogMessage[]): void {
    for (const log of batch) this.#lines.push(heldLine(this.#next++, log));
    const excess = this.size - this.capacity;
    if (excess > 0) this.#start += excess;
    // Drop dead slots in chunks, so eviction stays cheap when lines stream in.
    if (this.#start > Math.max(1024, this.capacity / 4)) {
      this.#lines = this.#lines.slice(this.#start);
      this.#start = 0;
    }
  }

  /** Lines from arrival number `seq` on, oldest first. */
  *since(seq: number): Generator<HeldLine> {
    const first = Math.max(0, seq - this.oldestSeq);
    for (let i = first; i < this.size; i++) {
      const line = this.at(i);
      if (line !== undefined) yield line;
    }
  }

  clear(): void {
    this.#lines = [];
    this.#start = 0;
  }
}
