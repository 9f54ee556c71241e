import type { StompBus, StompBusListener, StompBusMessage } from './types';

/** The in-process bus: synchronous delivery to the listeners of one destination. */
export class MemoryBus implements StompBus {
  private readonly topics = new Map<string, Set<StompBusListener>>();

  publish(destination: string, message: StompBusMessage): void {
    const listeners = this.topics.get(destination);
    if (listeners === undefined) return;
    for (const listener of listeners) listener(message);
  }

  subscribe(destination: string, listener: StompBusListener): () => void {
    let listeners = this.topics.get(destination);
    if (listeners === undefined) {
      listeners = new Set();
      this.topics.set(destination, listeners);
    }
    listeners.add(listener);
    return () => {
      const current = this.topics.get(destination);
      if (current === undefined) return;
      current.delete(listener);
      if (current.size === 0) this.topics.delete(destination);
    };
  }
}
