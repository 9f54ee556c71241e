/** What travels on the bus: one published message, before it becomes MESSAGE frames. */
export interface StompBusMessage {
  readonly body: string | Uint8Array;
  /** Extra MESSAGE headers (content-type among them). */
  readonly headers?: Readonly<Record<string, string>>;
  /** When set, only sessions whose `userOf(principal)` equals it receive the message. */
  readonly user?: string;
}

export type StompBusListener = (message: StompBusMessage) => void;

/**
 * Topic fan-out between server nodes. A node subscribes to a destination while it has local subscribers
 * and publishes every message through the bus, so one node (in-process) or many (e.g. Redis) behave alike.
 * Implementations must deliver each message to every listener of its destination, in publish order.
 */
export interface StompBus {
  publish(destination: string, message: StompBusMessage): void | Promise<void>;
  /** Returns the function that removes this listener. */
  subscribe(destination: string, listener: StompBusListener): () => void;
}
