import {
  cloudDestinationFor,
  GatewayNotification,
  type LinkEvent,
  Notification,
  parseDestination,
  TOPICS,
  topicDestination,
} from '@st/protocol';
import type { StompServer } from '@st/stomp';
import type { GatewayStore } from '../gateways/store';
import { type LivePrincipal, userKey } from '../live/stomp';

/** Publishes to the owner's browsers: gateway events, and what gateways forward up their links (checked). */
export class LivePublisher {
  constructor(
    private readonly stomp: StompServer<LivePrincipal>,
    private readonly gateways: GatewayStore,
  ) {}

  async gatewayEvent(gatewayId: string, event: 'CONNECTED' | 'DISCONNECTED'): Promise<void> {
    const g = await this.gateways.byId(gatewayId);
    if (!g) return;
    await this.stomp.publishJson(
      topicDestination('cloud.events'),
      { gateway: { id: g.id, name: g.name, description: g.description }, event },
      { user: userKey(g.ownerId) },
    );
  }

  /** A forwarded gateway topic message: re-addressed under /secured, its payload checked; bad ones dropped. */
  async forwarded(gatewayId: string, ownerId: string, event: LinkEvent): Promise<void> {
    const destination = cloudDestinationFor(event.topic, gatewayId);
    const match = destination ? parseDestination(destination) : undefined;
    if (!destination || !match) return;
    let payload: unknown;
    if (match.name === 'cloud.notifications') {
      const n = Notification.safeParse(event.payload);
      const g = await this.gateways.byId(gatewayId);
      if (!n.success || !g) return;
      const gateway = { id: g.id, name: g.name, description: g.description };
      payload = GatewayNotification.parse({ ...n.data, gateway });
    } else {
      const checked = TOPICS[match.name].payload.safeParse(event.payload);
      if (!checked.success) return;
      payload = checked.data;
    }
    await this.stomp.publishJson(destination, payload, { user: userKey(ownerId) });
  }
}
