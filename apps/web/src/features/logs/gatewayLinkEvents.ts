import { GatewayEvent } from '@st/protocol';
import type { ConsoleLogger } from '../../api/http';
import type { LiveChannel } from '../../api/liveChannel';
import { subscribeTopic } from '../../api/topics';

/**
 * Cloud mode: follows one gateway's link to the cloud (`online` false when it drops, true when it is back).
 * Its own module, loaded by the cloud console only: the gateway entity's schemas stay out of the gateway
 * console's logs screen.
 */
export function followGatewayLink(options: {
  live: LiveChannel;
  log: ConsoleLogger;
  gatewayId: string;
  onChange: (online: boolean) => void;
}): () => void {
  const { live, log, gatewayId, onChange } = options;
  return subscribeTopic({
    live,
    log,
    topic: 'cloud.events',
    payload: GatewayEvent,
    onMessage: ({ gateway, event }) => {
      if (gateway.id === gatewayId) onChange(event === 'CONNECTED');
    },
  });
}
