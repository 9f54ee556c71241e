import type { StompLogger } from './options';

type Listener<A extends unknown[]> = (...args: A) => void;
type ListenerSets<E extends { [K in keyof E]: unknown[] }> = { [K in keyof E]?: Set<Listener<E[K]>> };

/** A small typed event emitter; a throwing listener is logged and never breaks the server. */
export class TypedEvents<E extends { [K in keyof E]: unknown[] }> {
  private listeners: ListenerSets<E> = {};

  constructor(private readonly logger: StompLogger) {}

  on<K extends keyof E>(event: K, listener: Listener<E[K]>): () => void {
    const set = this.listeners[event] ?? new Set<Listener<E[K]>>();
    this.listeners[event] = set;
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  }

  emit<K extends keyof E>(event: K, ...args: E[K]): void {
    const set = this.listeners[event];
    if (set === undefined) return;
    for (const listener of set) {
      try {
        listener(...args);
      } catch (error) {
        this.logger.error({ err: error, event: String(event) }, 'stomp event listener failed');
      }
    }
  }

  clear(): void {
    this.listeners = {};
  }
}
