import type { StompBus, StompBusMessage } from '../bus/types';
import type { Subscription } from './host';
import { OutgoingMessage } from './outgoing';

interface Topic {
  readonly subscriptions: Set<Subscription>;
  readonly leaveBus: () => void;
}

export interface TopicEvents {
  active(destination: string): void;
  idle(destination: string): void;
}

/**
 * Local subscriptions by destination. A destination joins the bus with its first local subscriber and
 * leaves it with its last; each bus message is encoded once and written to every local subscriber.
 */
export class SubscriptionIndex {
  private readonly topics = new Map<string, Topic>();

  constructor(
    private readonly bus: StompBus,
    private readonly events: TopicEvents,
  ) {}

  add(subscription: Subscription): void {
    const existing = this.topics.get(subscription.destination);
    if (existing !== undefined) {
      existing.subscriptions.add(subscription);
      return;
    }
    const destination = subscription.destination;
    const subscriptions = new Set([subscription]);
    const leaveBus = this.bus.subscribe(destination, (message) => this.deliver(destination, message));
    this.topics.set(destination, { subscriptions, leaveBus });
    this.events.active(destination);
  }

  remove(subscription: Subscription): void {
    const topic = this.topics.get(subscription.destination);
    if (topic === undefined || !topic.subscriptions.delete(subscription)) return;
    if (topic.subscriptions.size > 0) return;
    this.topics.delete(subscription.destination);
    topic.leaveBus();
    this.events.idle(subscription.destination);
  }

  count(destination: string): number {
    return this.topics.get(destination)?.subscriptions.size ?? 0;
  }

  destinations(): string[] {
    return [...this.topics.keys()];
  }

  private deliver(destination: string, message: StompBusMessage): void {
    const topic = this.topics.get(destination);
    if (topic === undefined) return;
    const outgoing = new OutgoingMessage(destination, message);
    const user = message.user;
    for (const subscription of topic.subscriptions) {
      if (user === undefined || subscription.session.user === user)
        subscription.session.deliver(subscription, outgoing);
    }
  }
}
