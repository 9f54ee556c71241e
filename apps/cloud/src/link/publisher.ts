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

/** How long the member list of a gateway is reused for fan-out (subscriptions are checked on SUBSCRIBE anyway). */
const MEMBERS_TTL_MS = 1000;

/**
 * Publishes to the browsers of the gateway's members (owners and shares): gateway events, and what gateways
 * forward up their links (checked).
 */
export class LivePublisher {
  /**
   * Member ids per gateway, for MEMBERS_TTL_MS: entries of the current period and of the one before, so that an
   * entry is dropped at most two periods after it was made (one map entry per gateway that ever sent an event
   * stayed for good before: 10,000 of them on a node holding 10,000 links, each marked by every full GC).
   */
  private members = new Map<string, { ids: Promise<string[]>; at: number }>();
  private previousMembers = new Map<string, { ids: Promise<string[]>; at: number }>();
  private membersSince = Date.now();

  constructor(
    private readonly stomp: StompServer<LivePrincipal>,
    private readonly gateways: GatewayStore,
  ) {}

  private async memberIds(gatewayId: string): Promise<string[]> {
    const now = Date.now();
    if (now - this.membersSince >= MEMBERS_TTL_MS) {
      this.previousMembers = this.members;
      this.members = new Map();
      this.membersSince = now;
    }
    const hit = this.members.get(gatewayId) ?? this.previousMembers.get(gatewayId);
    if (hit && now - hit.at < MEMBERS_TTL_MS) return hit.ids;
    const ids = this.gateways.memberIds(gatewayId);
    this.members.set(gatewayId, { ids, at: now });
    return ids;
  }

  private async toMembers(gatewayId: string, destination: string, payload: unknown): Promise<void> {
    for (const id of await this.memberIds(gatewayId)) {
      await this.stomp.publishJson(destination, payload, { user: userKey(id) });
    }
  }

  async gatewayEvent(gatewayId: string, event: 'CONNECTED' | 'DISCONNECTED'): Promise<void> {
    const g = await this.gateways.byId(gatewayId);
    if (!g) return;
    await this.toMembers(gatewayId, topicDestination('cloud.events'), {
      gateway: { id: g.id, name: g.name, description: g.description },
      event,
    });
  }

  /** A forwarded gateway topic message: re-addressed under /secured, its payload checked; bad ones dropped. */
  async forwarded(gatewayId: string, event: LinkEvent): Promise<void> {
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
    await this.toMembers(gatewayId, destination, payload);
  }
}
