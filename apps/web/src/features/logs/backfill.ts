import { LOGS, type LogMessage, type LogsQuery } from '@st/protocol';
import { lineKey } from './logView';

/**
 * A time the screen stopped hearing lines live: its live channel went down (either mode). The gateway keeps
 * storing lines meanwhile; once the channel is back the screen reads the gap from the gateway (`readGap`)
 * and adds what it missed, in order, before newer lines. Lines carry no id, so a line is known by its time
 * and content (`lineKey`). (In cloud mode a gateway that drops off the cloud takes its screens with it:
 * GatewayScope shows a waiting state, and the logs screen comes back new, reading history.)
 */
export interface Gap {
  /** The newest time the screen had received a line at when the gap opened: the gap is read from there. */
  readonly from: string;
  /** Lines the screen already has at `from` or later, counted by key (same text twice at one instant: 2). */
  readonly seen: Map<string, number>;
}

/** Opens a gap after the newest lines received (those sharing the newest time); none when nothing came yet. */
export function openGap(newest: readonly LogMessage[]): Gap | undefined {
  const from = newest[0]?.dateTime;
  if (from === undefined) return undefined;
  const gap: Gap = { from, seen: new Map() };
  for (const log of newest) noteSeen(gap, log);
  return gap;
}

/** Counts a line the screen received while the gap is open (it is not added again from the gateway). */
export function noteSeen(gap: Gap, log: LogMessage): void {
  const key = lineKey(log);
  gap.seen.set(key, (gap.seen.get(key) ?? 0) + 1);
}

export type GapPage = (query: LogsQuery) => Promise<readonly LogMessage[]>;

/**
 * The lines the gateway stored from the gap's start that the screen has not seen, oldest first, at most
 * `max` (the newest of them). Pages of LOGS.queryMaxLimit lines, newest first: the next page asks up to the
 * oldest time of the last one (inclusive), so it starts with the lines at that instant already taken, which
 * are skipped by count (the gateway orders them the same way each time).
 */
export async function readGap(page: GapPage, gap: Gap, max: number): Promise<LogMessage[]> {
  const limit = LOGS.queryMaxLimit;
  const newestFirst: LogMessage[] = [];
  let to: string | undefined;
  let atTo = 0;
  while (newestFirst.length < max) {
    const answer = await page(to === undefined ? { from: gap.from, limit } : { from: gap.from, to, limit });
    const fresh = answer.slice(atTo);
    for (const log of fresh) newestFirst.push(log);
    const oldest = answer.at(-1)?.dateTime;
    // A short page is the last.
    if (answer.length < limit || oldest === undefined) break;
    atTo = 0;
    if (fresh.length === 0) {
      // More than a page of lines at one instant (a burst within a millisecond): time cannot page through
      // it, so the rest of that instant is skipped and the read goes on from the millisecond before.
      to = new Date(Date.parse(oldest) - 1).toISOString();
      continue;
    }
    for (let i = newestFirst.length - 1; i >= 0 && newestFirst[i]?.dateTime === oldest; i--) atTo++;
    to = oldest;
  }
  const seen = new Map(gap.seen);
  const missed: LogMessage[] = [];
  for (let i = newestFirst.length - 1; i >= 0; i--) {
    const log = newestFirst[i];
    if (log === undefined) continue;
    const key = lineKey(log);
    const count = seen.get(key) ?? 0;
    if (count > 0) seen.set(key, count - 1);
    else missed.push(log);
  }
  return missed.length > max ? missed.slice(missed.length - max) : missed;
}

export interface GapFillerOptions {
  read: GapPage;
  /** At most this many missed lines are added (the screen holds no more). */
  max: number;
  /** The missed lines, oldest first (empty when none, or when reading failed): add them before newer ones. */
  deliver: (missed: LogMessage[]) => void;
  failed: (error: unknown) => void;
  /**
   * A read that fails this way is tried again `attempts` times, `delayMs` apart, before `failed`: in cloud
   * mode the live channel can come back before the gateway's own cloud link does (a cloud node restarting
   * drops both), and the gateway's lines are then a moment away.
   */
  retry?: { transient: (error: unknown) => boolean; delayMs: number; attempts: number };
}

/**
 * Follows the live channel and fills each gap once it is up again. While it reads (`reading`), the screen
 * keeps the lines arriving live aside, so the missed ones go in first and the view stays in order. A
 * channel that drops during the read opens the gap again from the same start (what was read counts as
 * seen). A failed read closes the gap: `failed` tells the user, and the lines remain in the gateway's
 * history, which a search reaches.
 */
export class GapFiller {
  readonly #options: GapFillerOptions;
  #newest: LogMessage[] = [];
  #gap: Gap | undefined;
  #down = false;
  #reading = false;
  /** Grows when the channel drops while a gap is open: a read that began before it did not cover it all. */
  #drops = 0;
  #stopped = false;

  constructor(options: GapFillerOptions) {
    this.#options = options;
  }

  get reading(): boolean {
    return this.#reading;
  }

  /** A line came live (in arrival order). */
  arrived(log: LogMessage): void {
    if (log.dateTime === this.#newest[0]?.dateTime) this.#newest.push(log);
    else this.#newest = [log];
    if (this.#gap !== undefined) noteSeen(this.#gap, log);
  }

  down(): void {
    this.#down = true;
    if (this.#gap === undefined) this.#gap = openGap(this.#newest);
    else this.#drops++;
  }

  up(): void {
    this.#down = false;
    void this.#fill();
  }

  stop(): void {
    this.#stopped = true;
  }

  async #read(query: LogsQuery): Promise<readonly LogMessage[]> {
    const { read, retry } = this.#options;
    for (let attempt = 1; ; attempt++) {
      // A screen that went away asks no more pages, nor tries again.
      if (this.#stopped) throw new Error('The gap read stopped with its screen');
      try {
        return await read(query);
      } catch (error) {
        if (retry === undefined || attempt > retry.attempts || !retry.transient(error)) throw error;
        await new Promise((resolve) => setTimeout(resolve, retry.delayMs));
      }
    }
  }

  async #fill(): Promise<void> {
    const gap = this.#gap;
    if (gap === undefined || this.#reading) return;
    this.#reading = true;
    const drops = this.#drops;
    let missed: LogMessage[] = [];
    try {
      missed = await readGap((query) => this.#read(query), gap, this.#options.max);
      if (drops === this.#drops) this.#gap = undefined;
      else for (const log of missed) noteSeen(gap, log);
    } catch (error) {
      this.#gap = undefined;
      if (!this.#stopped) this.#options.failed(error);
    } finally {
      this.#reading = false;
    }
    if (this.#stopped) return;
    this.#options.deliver(missed);
    if (this.#gap !== undefined && !this.#down) void this.#fill();
  }
}
