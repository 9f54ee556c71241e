/** How a toast looks (and how loud it is). */
export type ToastType = 'info' | 'warning' | 'success' | 'error';

/** One toast as the history panel lists it. */
export interface ToastRecord {
  readonly id: string;
  readonly type: ToastType;
  readonly caption: string;
  readonly description?: string | undefined;
  readonly source?: string | undefined;
  /** the toast's subject (Toast.key), when it has one */
  readonly key?: string | undefined;
  /** when the console showed it */
  readonly at: Date;
}

/** Toasts kept for the bell: newest first, at most `limit`, with the count shown since the panel was last read. */
export class ToastHistory {
  #records: ToastRecord[] = [];
  #unread = 0;
  #snapshot: { records: readonly ToastRecord[]; unread: number } = { records: [], unread: 0 };
  readonly #listeners = new Set<() => void>();

  constructor(private readonly limit = 100) {}

  /**
   * Adds a record; the same words about the same subject said again (a second sign-in's welcome) replace
   * the earlier record instead of listing it twice.
   */
  add(record: ToastRecord): void {
    const same = (r: ToastRecord) =>
      record.key !== undefined &&
      r.key === record.key &&
      r.type === record.type &&
      r.caption === record.caption &&
      r.description === record.description;
    const repeated = this.#records.some(same);
    this.#records = [record, ...this.#records.filter((r) => !same(r))].slice(0, this.limit);
    if (repeated) {
      this.#changed();
      return;
    }
    this.#unread = Math.min(this.#unread + 1, this.#records.length);
    this.#changed();
  }

  markRead(): void {
    if (this.#unread === 0) return;
    this.#unread = 0;
    this.#changed();
  }

  clear(): void {
    this.#records = [];
    this.#unread = 0;
    this.#changed();
  }

  /** For useSyncExternalStore: the same object until something changes. */
  snapshot = (): { records: readonly ToastRecord[]; unread: number } => this.#snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  #changed(): void {
    this.#snapshot = { records: this.#records, unread: this.#unread };
    for (const listener of this.#listeners) listener();
  }
}
