import type { StompBus, StompBusMessage } from '../bus/types';
import type { Subscription } from './host';
import { OutgoingMessage } from './outgoing';

interface Topic {
  readonly subscriptions: Set<Subscription>;
  /**
   * The same subscriptions by their session's user: a message for one user (a relayed request to one
   * gateway's link, where thousands of links share the destination) reaches its few subscribers without a
   * walk over all of them. A user with one subscription (every gateway link) has it here as is: a Set of one
   * per link and destination was two objects and a hash table that each full GC marked, 10,000 links over.
   */
  readonly byUser: Map<string, Subscription | Set<Subscription>>;
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
      addByUser(existing, subscription);
      return;
    }
    const destination = subscription.destination;
    const subscriptions = new Set([subscription]);
    const leaveBus = this.bus.subscribe(destination, (message) => this.deliver(destination, message));
    const topic: Topic = { subscriptions, byUser: new Map(), leaveBus };
    addByUser(topic, subscription);
    this.topics.set(destination, topic);
    this.events.active(destination);
  }

  remove(subscription: Subscription): void {
    const topic = this.topics.get(subscription.destination);
    if (topic === undefined || !topic.subscriptions.delete(subscription)) return;
    removeByUser(topic, subscription);
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
    const user = message.user;
    const targets = user === undefined ? topic.subscriptions : topic.byUser.get(user);
    if (targets === undefined) return;
    const outgoing = new OutgoingMessage(destination, message);
    if (targets instanceof Set)
      for (const subscription of targets) subscription.session.deliver(subscription, outgoing);
    else targets.session.deliver(targets, outgoing);
  }
}

function addByUser(topic: Topic, subscription: Subscription): void {
  const user = subscription.session.user;
  if (user === undefined) return;
  const mine = topic.byUser.get(user);
  if (mine === undefined) topic.byUser.set(user, subscription);
  else if (mine instanceof Set) mine.add(subscription);
  else if (mine !== subscription) topic.byUser.set(user, new Set([mine, subscription]));
}

function removeByUser(topic: Topic, subscription: Subscription): void {
  const user = subscription.session.user;
  if (user === undefined) return;
  const mine = topic.byUser.get(user);
  if (mine === subscription) topic.byUser.delete(user);
  else if (mine instanceof Set && mine.delete(subscription)) {
    if (mine.size === 1) for (const last of mine) topic.byUser.set(user, last);
  }
}
