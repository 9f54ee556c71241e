import { type TopicName, type TopicParams, type TopicPayload, topicDestination } from '@st/protocol';
import type { z } from 'zod';
import type { ConsoleLogger } from './http';
import type { LiveChannel } from './liveChannel';

// topicDestination's parameter list depends on the literal topic name; here the name is generic.
const destinationOf = topicDestination as (
  name: TopicName,
  params?: Readonly<Record<string, string>>,
) => string;

export interface TopicSubscription<N extends TopicName> {
  live: LiveChannel;
  log: ConsoleLogger;
  topic: N;
  params?: TopicParams<N>;
  /**
   * The topic's payload schema (the protocol's TOPICS[topic].payload), named by the subscriber: a screen's chunk
   * then carries the schemas of the topics it listens to, not every topic's (issue 21; topics.test.ts holds
   * each subscriber to the catalog's schema).
   */
  payload: z.ZodType<TopicPayload<N>>;
  onMessage: (payload: TopicPayload<N>) => void;
}

/**
 * Listens to a protocol topic; every message is parsed with the topic's schema, and one that does not fit
 * is logged and dropped. Returns the function that stops listening.
 */
export function subscribeTopic<N extends TopicName>(subscription: TopicSubscription<N>): () => void {
  const { live, log, topic, params, payload: schema, onMessage } = subscription;
  const destination = destinationOf(topic, params);
  return live.subscribe(destination, (payload) => {
    const parsed = schema.safeParse(payload);
    if (parsed.success) onMessage(parsed.data);
    else log.error(`Live message on ${destination} does not fit its schema`, payload);
  });
}
