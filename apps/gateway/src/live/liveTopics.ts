import { type TopicName, type TopicPayload, topicDestination } from '@st/protocol';
import type { JsonPublishing } from '@st/stomp';
import type { Logger } from 'pino';
import type { GatewayBus } from '../events/gatewayEvents';

/**
 * Forwards gateway events to the console's live channel (gateway-mode topics, no prefix): one MESSAGE per
 * found/lost device, per log line and per notification. Returns the function that stops forwarding.
 */
export function bridgeLiveTopics(bus: GatewayBus, stomp: JsonPublishing, logger: Logger): () => void {
  const publish = <N extends TopicName>(name: N, destination: string, value: TopicPayload<N>) => {
    stomp
      .publishJson(destination, value)
      .catch((err: unknown) => logger.warn({ err, destination }, 'publish failed'));
  };
  const found = topicDestination('gateway.devices.found');
  const lost = topicDestination('gateway.devices.lost');
  const logs = topicDestination('gateway.devices.logs');
  const notifications = topicDestination('gateway.notifications');
  const offs = [
    bus.on('device.found', (d) => publish('gateway.devices.found', found, d)),
    bus.on('device.lost', (d) => publish('gateway.devices.lost', lost, d)),
    bus.on('device.logs', (lines) => {
      for (const line of lines) publish('gateway.devices.logs', logs, line);
    }),
    bus.on('notification', (n) => publish('gateway.notifications', notifications, n)),
  ];
  return () => {
    for (const off of offs) off();
  };
}
