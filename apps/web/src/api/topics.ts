import { TOPICS, type TopicName, type TopicParams, type TopicPayload, topicDestination } from '@st/protocol';
import type { z } from 'zod';
import type { ConsoleMode } from '../app/runtime';
import type { ConsoleLogger } from './http';
import type { LiveChannel } from './liveChannel';

/**
 * The topic of a per-gateway stream in the current mode: `/devices/found` on a gateway,
 * `/secured/gateway/{id}/devices/found` in the cloud (design.md, "Live channel").
 */
export type GatewayStream = 'devices.found' | 'devices.lost' | 'devices.logs';

export function streamTopic(mode: ConsoleMode, stream: GatewayStream) {
  return mode === 'cloud' ? (`cloud.${stream}` as const) : (`gateway.${stream}` as const);
}

export function notificationsTopic(mode: ConsoleMode) {
  return mode === 'cloud' ? ('cloud.notifications' as const) : ('gateway.notifications' as const);
}

function payloadSchema<N extends TopicName>(name: N): z.ZodType<TopicPayload<N>> {
  // The catalog entry's schema, typed by the topic name (TypeScript cannot follow the generic lookup).
  return TOPICS[name].payload as unknown as z.ZodType<TopicPayload<N>>;
}

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
  onMessage: (payload: TopicPayload<N>) => void;
}

/**
 * Listens to a protocol topic; every message is parsed with the topic's schema, and one that does not fit
 * is logged and dropped. Returns the function that stops listening.
 */
export function subscribeTopic<N extends TopicName>(subscription: TopicSubscription<N>): () => void {
  const { live, log, topic, params, onMessage } = subscription;
  const destination = destinationOf(topic, params);
  const schema = payloadSchema(topic);
  return live.subscribe(destination, (payload) => {
    const parsed = schema.safeParse(payload);
    if (parsed.success) onMessage(parsed.data);
    else log.error(`Live message on ${destination} does not fit its schema`, payload);
  });
}
