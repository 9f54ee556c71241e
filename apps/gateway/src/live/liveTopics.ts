import type { JsonPublishing } from '@st/stomp';
import type { Logger } from 'pino';
import type { GatewayBus } from '../events/gatewayEvents';

/** Gateway-mode topics (design.md: no prefix). */
export const GATEWAY_TOPICS = {
  found: '/devices/found',
  lost: '/devices/lost',
  logs: '/devices/logs',
  notifications: '/notifications',
} as const;

/**
 * Forwards gateway events to the console's live channel: one MESSAGE per found/lost device, per log line
 * and per notification. Returns the function that stops forwarding.
 */
export function bridgeLiveTopics(bus: GatewayBus, stomp: JsonPublishing, logger: Logger): () => void {
  const publish = (destination: string, value: unknown) => {
    stomp
      .publishJson(destination, value)
      .catch((err: unknown) => logger.warn({ err, destination }, 'publish failed'));
  };
  const offs = [
    bus.on('device.found', (d) => publish(GATEWAY_TOPICS.found, d)),
    bus.on('device.lost', (d) => publish(GATEWAY_TOPICS.lost, d)),
    bus.on('device.logs', (lines) => {
      for (const line of lines) publish(GATEWAY_TOPICS.logs, line);
    }),
    bus.on('notification', (n) => publish(GATEWAY_TOPICS.notifications, n)),
  ];
  return () => {
    for (const off of offs) off();
  };
}
