import {
  apiErrorBody,
  type ForwardControl,
  gatewayTopicFor,
  LINK_DESTINATIONS,
  LinkEvent,
  LinkResponse,
  TOPICS,
} from '@st/protocol';
import type { Logger } from '@st/server-kit';
import { StompRefusal, type StompServer, type StompSessionInfo } from '@st/stomp';
import { z } from 'zod';
import type { GatewayStore } from '../gateways/store';
import type { GatewayPrincipal } from '../http/principal';
import { gatewayKey, type LivePrincipal } from '../live/stomp';
import type { Cluster, ClusterMessage } from '../scale/cluster';
import { InterestTable } from './interests';
import type { Presence } from './presence';
import { LivePublisher } from './publisher';

type LinkPrincipal = GatewayPrincipal & { linkId: string };

const LinkRequestId = z.object({ id: z.string().min(1) });

/** Topics every link forwards from the start: notifications are rare and go to the owner's browsers. */
const ALWAYS_FORWARDED = [TOPICS['gateway.notifications'].pattern];

export const holderOf = (nodeId: string, linkId: string) => `${nodeId}|${linkId}`;
export const nodeOfRequestId = (id: string) => id.split('.')[0] ?? '';

/**
 * The gateway links held by this node: presence, CONNECTED/DISCONNECTED events, one link per gateway,
 * revocation, the topics each gateway forwards (driven by browser subscriptions on every node), and what
 * gateways send up their links (answers, forwarded topic messages).
 */
export class LinkManager {
  private readonly links = new Map<string, { holder: string; principal: LinkPrincipal }>();
  private readonly interests = new InterestTable();
  private readonly detach: Array<() => void> = [];
  private readonly publisher: LivePublisher;

  constructor(
    private readonly stomp: StompServer<LivePrincipal>,
    private readonly cluster: Cluster,
    private readonly presence: Presence,
    gateways: GatewayStore,
    private readonly logger: Logger,
  ) {
    this.publisher = new LivePublisher(stomp, gateways);
  }

  start(): void {
    const { stomp, cluster } = this;
    this.detach.push(
      cluster.on(
        (m) => void this.onCluster(m).catch((err) => this.logger.error({ err }, 'cluster message failed')),
      ),
      stomp.on('disconnected', (s, reason) => void this.onDisconnected(s, reason).catch(this.logError)),
      stomp.on('destinationActive', (d) => this.announce(d, true)),
      stomp.on('destinationIdle', (d) => this.announce(d, false)),
      stomp.handle(LINK_DESTINATIONS.responses, (ctx) => this.onResponse(ctx.principal, ctx.text())),
      stomp.handle(LINK_DESTINATIONS.events, (ctx) => this.onEvent(ctx.principal, ctx.text())),
    );
  }

  stop(): void {
    for (const d of this.detach.splice(0)) d();
  }

  /** The link subscribed to its requests: it now speaks for the gateway (replacing any older link). */
  async onLinkReady(p: LinkPrincipal): Promise<void> {
    const holder = holderOf(this.cluster.nodeId, p.linkId);
    if (
      !this.stomp.sessions().some((s) => s.principal.kind === 'gateway' && s.principal.linkId === p.linkId)
    ) {
      return; // gone already
    }
    this.links.set(p.gatewayId, { holder, principal: p });
    this.interests.forget(p.gatewayId);
    await this.cluster.broadcast({ t: 'closeGateway', gatewayId: p.gatewayId, keep: holder });
    await this.presence.set(p.gatewayId, holder);
    await this.control(p.gatewayId, { action: 'set', topics: ALWAYS_FORWARDED });
    await this.cluster.broadcast({ t: 'linkUp', gatewayId: p.gatewayId, holder });
    await this.publisher.gatewayEvent(p.gatewayId, 'CONNECTED');
    this.logger.info({ gatewayId: p.gatewayId }, 'gateway linked');
  }

  /** Closes every link of the gateway on every node (its token was deleted or replaced). */
  async revoke(gatewayId: string): Promise<void> {
    await this.cluster.broadcast({ t: 'closeGateway', gatewayId });
  }

  /** Closes, on every node, the user's live sessions that follow the gateway (share revoked, expired, changed). */
  async endMember(gatewayId: string, userId: string): Promise<void> {
    await this.cluster.broadcast({ t: 'closeMember', gatewayId, userId });
  }

  /** Closes the live sessions of a user session family on every node. */
  async endUserSession(sessionId: string): Promise<void> {
    await this.cluster.broadcast({ t: 'closeSession', sessionId });
  }

  /**
   * A dead node's links, already removed from presence (NodeWatch): requests in flight to them fail at once
   * on every node, and users see DISCONNECTED for each gateway that has not relinked elsewhere meanwhile.
   */
  async reapLinks(orphans: readonly { gatewayId: string; holder: string }[]): Promise<void> {
    for (const { gatewayId, holder } of orphans) {
      await this.cluster.broadcast({ t: 'linkDown', gatewayId, holder });
      if ((await this.presence.holderOf(gatewayId)) === undefined)
        await this.publisher.gatewayEvent(gatewayId, 'DISCONNECTED');
    }
  }

  /** This node was taken for dead but still holds its links: puts them back into presence. */
  async reannounce(): Promise<void> {
    for (const [gatewayId, link] of this.links) {
      await this.presence.set(gatewayId, link.holder);
      await this.cluster.broadcast({ t: 'linkUp', gatewayId, holder: link.holder });
      await this.publisher.gatewayEvent(gatewayId, 'CONNECTED');
    }
  }

  /** How many gateway links this node holds (readiness, metrics). */
  get size(): number {
    return this.links.size;
  }

  private readonly logError = (err: unknown) => this.logger.error({ err }, 'link handling failed');

  private async onDisconnected(s: StompSessionInfo<LivePrincipal>, reason: string): Promise<void> {
    const p = s.principal;
    if (p.kind !== 'gateway') return;
    const link = this.links.get(p.gatewayId);
    if (!link || link.principal.linkId !== p.linkId) return; // never ready, or replaced by a newer link
    this.links.delete(p.gatewayId);
    this.interests.forget(p.gatewayId);
    await this.presence.clear(p.gatewayId, link.holder);
    await this.cluster.broadcast({ t: 'linkDown', gatewayId: p.gatewayId, holder: link.holder });
    if ((await this.presence.holderOf(p.gatewayId)) === undefined)
      await this.publisher.gatewayEvent(p.gatewayId, 'DISCONNECTED');
    this.logger.info({ gatewayId: p.gatewayId, reason }, 'gateway link ended');
  }

  private async onCluster(m: ClusterMessage): Promise<void> {
    switch (m.t) {
      case 'request': {
        const link = this.links.get(m.gatewayId);
        if (link?.holder === m.holder) {
          await this.stomp.publishJson(LINK_DESTINATIONS.requests, m.request, {
            user: gatewayKey(m.gatewayId),
          });
        } else {
          await this.answerOffline(m.gatewayId, m.request);
        }
        return;
      }
      case 'interest': {
        if (!this.links.has(m.gatewayId)) return;
        const change = this.interests.update(m.gatewayId, m.topic, m.node, m.on);
        if (change) await this.control(m.gatewayId, { action: change, topic: m.topic });
        return;
      }
      case 'linkUp':
        for (const d of this.stomp.activeDestinations()) {
          const t = gatewayTopicFor(d);
          if (t?.gatewayId === m.gatewayId) await this.sendInterest(t.gatewayId, t.topic, true);
        }
        return;
      case 'closeGateway':
        this.stomp.closeSessions(
          (s) =>
            s.principal.kind === 'gateway' &&
            s.principal.gatewayId === m.gatewayId &&
            holderOf(this.cluster.nodeId, s.principal.linkId) !== m.keep,
          m.keep ? 'Replaced by a newer connection of this gateway' : 'The gateway token was revoked',
        );
        return;
      case 'closeSession':
        this.stomp.closeSessions(
          (s) => s.principal.kind === 'user' && s.principal.sessionId === m.sessionId,
          'Signed out',
        );
        return;
      case 'closeMember':
        this.stomp.closeSessions(
          (s) =>
            s.principal.kind === 'user' &&
            s.principal.userId === m.userId &&
            s.destinations().some((d) => gatewayTopicFor(d)?.gatewayId === m.gatewayId),
          'Your access to this gateway changed',
        );
        return;
      default:
        return;
    }
  }

  /** The link moved or ended while the request travelled: the asking node answers 503 at once. */
  private async answerOffline(gatewayId: string, request: unknown): Promise<void> {
    const id = LinkRequestId.safeParse(request);
    if (!id.success) return;
    const body = { encoding: 'utf8' as const, text: JSON.stringify(apiErrorBody('GATEWAY_OFFLINE')) };
    const response: LinkResponse = {
      id: id.data.id,
      status: 503,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body,
      timings: { gatewayMs: 0 },
    };
    await this.cluster.send(nodeOfRequestId(id.data.id), { t: 'response', gatewayId, response });
  }

  private announce(destination: string, on: boolean): void {
    const t = gatewayTopicFor(destination);
    if (t) void this.sendInterest(t.gatewayId, t.topic, on).catch(this.logError);
  }

  private sendInterest(gatewayId: string, topic: string, on: boolean): Promise<void> {
    return this.cluster.broadcast({ t: 'interest', node: this.cluster.nodeId, gatewayId, topic, on });
  }

  private async control(gatewayId: string, message: ForwardControl): Promise<void> {
    await this.stomp.publishJson(LINK_DESTINATIONS.topics, message, { user: gatewayKey(gatewayId) });
  }

  private async onResponse(p: LivePrincipal, text: string): Promise<void> {
    if (p.kind !== 'gateway') throw new StompRefusal('Only a gateway link may answer requests');
    const parsed = LinkResponse.safeParse(safeJson(text));
    if (!parsed.success) throw new StompRefusal('Malformed link response');
    const node = nodeOfRequestId(parsed.data.id);
    await this.cluster.send(node, { t: 'response', gatewayId: p.gatewayId, response: parsed.data });
  }

  private async onEvent(p: LivePrincipal, text: string): Promise<void> {
    if (p.kind !== 'gateway') throw new StompRefusal('Only a gateway link may forward topics');
    const parsed = LinkEvent.safeParse(safeJson(text));
    if (!parsed.success) throw new StompRefusal('Malformed link event');
    await this.publisher.forwarded(p.gatewayId, parsed.data);
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
