/** A typed in-process event bus: the event name fixes the payload type; every `on` returns its remover. */
export type Listener<T> = (payload: T) => void;

export class EventBus<Events extends object> {
  private readonly listeners = new Map<keyof Events, Set<Listener<never>>>();

  on<K extends keyof Events>(name: K, listener: Listener<Events[K]>): () => void {
    let set = this.listeners.get(name);
    if (!set) {
      set = new Set();
      this.listeners.set(name, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  }

  /** Calls every listener; one that throws is reported through `onError` and does not stop the others. */
  emit<K extends keyof Events>(name: K, payload: Events[K], onError?: (err: unknown) => void): void {
    const set = this.listeners.get(name);
    if (!set) return;
    for (const l of set) {
      try {
        (l as Listener<Events[K]>)(payload);
      } catch (err) {
        onError?.(err);
      }
    }
  }

  listenerCount<K extends keyof Events>(name: K): number {
    return this.listeners.get(name)?.size ?? 0;
  }

  clear(): void {
    this.listeners.clear();
  }
}
