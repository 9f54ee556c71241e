import { TOPICS, type TopicPayload } from '@st/protocol';
import type { JsonPublishing } from '@st/stomp';
import type { Logger } from 'pino';
import type { GatewayBus } from '../events/gatewayEvents';
import { restartState } from '../services/devices/restarts';

type PlainTopic =
  | 'gateway.devices.found'
  | 'gateway.devices.lost'
  | 'gateway.devices.logs'
  | 'gateway.notifications'
  | 'gateway.devices.samples'
  | 'gateway.devices.restarting';

/** The live channel as the bridge needs it (a StompServer with its in-process bus). */
export interface LiveChannel extends JsonPublishing {
  subscriberCount(destination: string): number;
}

/**
 * Forwards gateway events to the console's live channel (gateway-mode topics, no prefix): one MESSAGE per
 * found/lost device, per restart start and end, per log line and per notification. Log lines are not even serialised while nobody
 * follows them. Returns the function that stops forwarding.
 */
export function bridgeLiveTopics(bus: GatewayBus, stomp: LiveChannel, logger: Logger): () => void {
  /** A publisher for one topic: the topic fixes the payload type. */
  const publisher = <N extends PlainTopic>(name: N) => {
    const destination = TOPICS[name].pattern;
    return (value: TopicPayload<N>) => {
      stomp
        .publishJson(destination, value)
        .catch((err: unknown) => logger.warn({ err, destination }, 'publish failed'));
    };
  };
  const found = publisher('gateway.devices.found');
  const lost = publisher('gateway.devices.lost');
  const logs = publisher('gateway.devices.logs');
  const notifications = publisher('gateway.notifications');
  const samples = publisher('gateway.devices.samples');
  const restarting = publisher('gateway.devices.restarting');
  const offs = [
    bus.on('device.found', found),
    bus.on('device.lost', lost),
    bus.on('device.logs', (lines) => {
      if (stomp.subscriberCount(TOPICS['gateway.devices.logs'].pattern) === 0) return;
      for (const line of lines) logs(line);
    }),
    bus.on('notification', notifications),
    bus.on('device.sampled', (sample) => {
      if (stomp.subscriberCount(TOPICS['gateway.devices.samples'].pattern) > 0) samples(sample);
    }),
    bus.on('device.restarting', (e) => restarting(restartState(e, 'start'))),
    bus.on('device.restarted', (e) => restarting(restartState(e, 'back'))),
    bus.on('device.restart-overdue', (e) => restarting(restartState(e, 'overdue'))),
  ];
  return () => {
    for (const off of offs) off();
  };
}
