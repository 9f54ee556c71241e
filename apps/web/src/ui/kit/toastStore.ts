// The toasts on screen (issue 21: instead of @mantine/notifications' store). A plain store read through
// useSyncExternalStore: no DOM needed to read it, so the toaster's rules are unit tested without a browser.
import type { ReactNode } from 'react';

export interface ToastItem {
  id: string;
  title: string;
  message: ReactNode;
  /** A kit colour name: the accent bar and the icon tone. */
  color: string;
  /** Milliseconds on screen, or false to stay until closed. */
  autoClose: number | false;
  /** Accessible name of the close button. */
  closeLabel: string;
  /** Runs once when the toast leaves (closed, timed out, replaced or cleaned). */
  onClose?: (() => void) | undefined;
  /** Extra data attributes for the toast's root (`data-toast-type`). */
  data?: Record<string, string> | undefined;
}

export interface ToastState {
  /** On screen, oldest first (at most `limit`). */
  shown: readonly ToastItem[];
  /** Waiting for room, oldest first. */
  queue: readonly ToastItem[];
}

export class ToastStore {
  readonly #limit: number;
  #state: ToastState = { shown: [], queue: [] };
  readonly #listeners = new Set<() => void>();
  #next = 0;

  constructor(limit = 8) {
    this.#limit = limit;
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  readonly getState = (): ToastState => this.#state;

  /** Shows a toast (or queues it while `limit` are on screen); returns its id. */
  show(item: Omit<ToastItem, 'id'> & { id?: string }): string {
    const id = item.id ?? `toast-${++this.#next}`;
    const toast: ToastItem = { ...item, id };
    const { shown, queue } = this.#state;
    this.#set(
      shown.length < this.#limit ? { shown: [...shown, toast], queue } : { shown, queue: [...queue, toast] },
    );
    return id;
  }

  /** Removes a toast from the screen or the queue, running its onClose; the queue moves up. */
  hide(id: string): void {
    const { shown, queue } = this.#state;
    const gone = shown.find((t) => t.id === id) ?? queue.find((t) => t.id === id);
    if (gone === undefined) return;
    const rest = shown.filter((t) => t.id !== id);
    const waiting = queue.filter((t) => t.id !== id);
    const room = this.#limit - rest.length;
    this.#set({ shown: [...rest, ...waiting.slice(0, room)], queue: waiting.slice(room) });
    gone.onClose?.();
  }

  /** Removes every toast, on screen and queued. */
  clean(): void {
    const { shown, queue } = this.#state;
    this.#set({ shown: [], queue: [] });
    for (const toast of [...shown, ...queue]) toast.onClose?.();
  }

  #set(state: ToastState): void {
    this.#state = state;
    for (const listener of this.#listeners) listener();
  }
}
