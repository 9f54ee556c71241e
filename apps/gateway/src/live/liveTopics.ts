import { TOPICS, type TopicPayload } from '@st/protocol';
import type { JsonPublishing } from '@st/stomp';
import type { Logger } from 'pino';
import type { GatewayBus } from '../events/gatewayEvents';

/**
 * Forwards gateway events to the console's live channel (gateway-mode topics, no prefix): one MESSAGE per
 * found/lost device, per log line and per notification. Returns the function that stops forwarding.
 */
type PlainTopic =
  | 'gateway.devices.found'
  | 'gateway.devices.lost'
  | 'gateway.devices.logs'
  | 'gateway.notifications';

export function bridgeLiveTopics(bus: GatewayBus, stomp: JsonPublishing, logger: Logger): () => void {
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
  const offs = [
    bus.on('device.found', found),
    bus.on('device.lost', lost),
    bus.on('device.logs', (lines) => {
      for (const line of lines) logs(line);
    }),
    bus.on('notification', notifications),
  ];
  return () => {
    for (const off of offs) off();
  };
}
