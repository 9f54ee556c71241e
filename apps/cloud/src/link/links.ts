import {
  ApiError,
  ERROR_CATALOG,
  type ErrorCode,
  type ForwardControl,
  gatewayTopicFor,
  LINK_DESTINATIONS,
  LINK_TRANSFER,
  LinkEvent,
  type LinkRequest,
  LinkResponse,
  LinkTransferMessage,
  TOPICS,
} from '@st/protocol';
import { LinkTransfers, type Logger } from '@st/server-kit';
import { StompRefusal, type StompServer, type StompSessionInfo } from '@st/stomp';
import { z } from 'zod';
import type { GatewayStore } from '../gateways/store';
import { gatewayKey, type LinkPrincipal, type LivePrincipal } from '../live/stomp';
import type { Cluster, ClusterMessage } from '../scale/cluster';
import { InterestTable } from './interests';
import type { Presence } from './presence';
import { LivePublisher } from './publisher';
import { WorkInFlight } from './workInFlight';

/** A link this node holds; `transfers` when the gateway takes large bodies in chunks. */
interface HeldLink {
  holder: string;
  principal: LinkPrincipal;
  transfers: LinkTransfers | undefined;
}

const LinkRequestId = z.object({ id: z.string().min(1) });

/** How often, at most, the node receiving an answer's chunks tells the waiting node that they keep coming. */
const PROGRESS_EVERY_MS = 1000;

/** How long stopping waits for the work of the links' last events (Redis unreachable: do not wait forever). */
const STOP_WAIT_MS = 5000;

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
  private readonly links = new Map<string, HeldLink>();
  /**
   * The link ids of this node's connected gateway sessions: whether a link that became ready is still there,
   * without listing every session (10,000 of them) for each link that comes up.
   */
  private readonly sessions = new Set<string>();
  private readonly interests = new InterestTable();
  private readonly detach: Array<() => void> = [];
  private readonly publisher: LivePublisher;
  /** work started by a link or cluster event and not yet done: stop() waits for it */
  private readonly work = new WorkInFlight();

  constructor(
    private readonly stomp: StompServer<LivePrincipal>,
    private readonly cluster: Cluster,
    private readonly presence: Presence,
    private readonly gateways: GatewayStore,
    private readonly logger: Logger,
    /** a chunked transfer with no chunk (or ack) this long fails: 502 RELAY_TRANSFER_FAILED */
    private readonly stallMs: number = LINK_TRANSFER.idleMs,
  ) {
    this.publisher = new LivePublisher(stomp, gateways);
  }

  start(): void {
    const { stomp, cluster } = this;
    this.detach.push(
      cluster.on(
        (m) =>
          void this.work
            .track(this.onCluster(m))
            .catch((err) => this.logger.error({ err }, 'cluster message failed')),
      ),
      stomp.on('connected', (s) => {
        if (s.principal.kind === 'gateway') this.sessions.add(s.principal.linkId);
      }),
      stomp.on('disconnected', (s, reason) => {
        if (s.principal.kind === 'gateway') this.sessions.delete(s.principal.linkId);
        void this.work.track(this.onDisconnected(s, reason)).catch(this.logError);
      }),
      stomp.on('destinationActive', (d) => this.announce(d, true)),
      stomp.on('destinationIdle', (d) => this.announce(d, false)),
      stomp.handle(LINK_DESTINATIONS.responses, (ctx) => this.onResponse(ctx.principal, ctx.text())),
      stomp.handle(LINK_DESTINATIONS.events, (ctx) => this.onEvent(ctx.principal, ctx.text())),
      stomp.handle(LINK_TRANSFER.up, (ctx) => this.onTransfer(ctx.principal, ctx.text())),
    );
  }

  /**
   * Stops taking events, then waits for the work they started: the links closed as the STOMP server stopped
   * still clear their presence and tell users DISCONNECTED (Redis and the database stop after this step).
   */
  async stop(waitMs = STOP_WAIT_MS): Promise<void> {
    for (const d of this.detach.splice(0)) d();
    const left = await this.work.settle(waitMs);
    if (left > 0) this.logger.warn({ left }, 'link work still running as the node stops');
  }

  /** The link subscribed to its requests: it now speaks for the gateway (replacing any older link). */
  onLinkReady(p: LinkPrincipal): Promise<void> {
    return this.work.track(this.linkReady(p));
  }

  private async linkReady(p: LinkPrincipal): Promise<void> {
    const holder = holderOf(this.cluster.nodeId, p.linkId);
    if (!this.sessions.has(p.linkId)) return; // gone already
    this.links.get(p.gatewayId)?.transfers?.close('replaced by a newer link');
    const toLink = (m: LinkTransferMessage) =>
      void this.stomp
        .publishJson(LINK_DESTINATIONS.requests, m, { user: gatewayKey(p.gatewayId) })
        .catch(this.logError);
    this.links.set(p.gatewayId, {
      holder,
      principal: p,
      // a literal with every field (a conditional spread gives each entry a hidden class of its own)
      transfers: p.transfers ? new LinkTransfers(toLink, { idleMs: this.stallMs }) : undefined,
    });
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

  /** The gateway's current link if this node holds it ("node|link"), else undefined (Relay's shortcut). */
  holderHere(gatewayId: string): string | undefined {
    return this.links.get(gatewayId)?.holder;
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
    link.transfers?.close();
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
          await this.toGateway(m.gatewayId, link, m.request);
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
      case 'closeGateway': {
        if (m.keep !== undefined) {
          this.stomp.closeSessions(
            (s) =>
              s.principal.kind === 'gateway' &&
              s.principal.gatewayId === m.gatewayId &&
              holderOf(this.cluster.nodeId, s.principal.linkId) !== m.keep,
            'Replaced by a newer connection of this gateway',
          );
          return;
        }
        // A revocation (token replaced or deleted, gateway deleted) ends the links whose token is no longer
        // current. Asked now rather than closing all: the message may arrive after the gateway already linked
        // again with its new token (Redis delivers it late under load), and that link must stay.
        const current = await this.gateways.currentTokenHash(m.gatewayId);
        this.stomp.closeSessions(
          (s) =>
            s.principal.kind === 'gateway' &&
            s.principal.gatewayId === m.gatewayId &&
            s.principal.tokenHash !== current,
          'The gateway token was revoked',
        );
        return;
      }
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

  /**
   * A request to a link this node holds. To a gateway that takes chunks, a large body goes in chunks after
   * the request (LINK_TRANSFER) so the link's other frames interleave, and the answer may come in chunks.
   */
  private async toGateway(gatewayId: string, link: HeldLink, request: unknown): Promise<void> {
    const publish = (value: unknown) =>
      this.stomp.publishJson(LINK_DESTINATIONS.requests, value, { user: gatewayKey(gatewayId) });
    const t = link.transfers;
    if (!t) return publish(request);
    // Built by Relay.send on a node of this cloud (checked there), not by a client.
    const r = request as LinkRequest;
    const body = r.kind === 'relay' ? r.body : undefined;
    if (!t.wants(body)) return publish({ ...r, chunkedAnswer: true });
    await publish({ ...r, body: undefined, transfer: t.head(body), chunkedAnswer: true });
    t.send(r.id, body).catch((err: unknown) =>
      this.answerError(gatewayId, r.id, 'RELAY_TRANSFER_FAILED', reasonOf(err)).catch(this.logError),
    );
  }

  /** The link moved or ended while the request travelled: the asking node answers 503 at once. */
  private async answerOffline(gatewayId: string, request: unknown): Promise<void> {
    const id = LinkRequestId.safeParse(request);
    if (!id.success) return;
    await this.answerError(gatewayId, id.data.id, 'GATEWAY_OFFLINE');
  }

  /** Answers request `id` on the node that waits for it with an error of ours. */
  private async answerError(gatewayId: string, id: string, code: ErrorCode, detail?: string): Promise<void> {
    const error = new ApiError(code, detail ? `${ERROR_CATALOG[code].message}: ${detail}` : undefined);
    const body = { encoding: 'utf8' as const, text: JSON.stringify(error.toBody()) };
    const response: LinkResponse = {
      id,
      status: error.status,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body,
      timings: { gatewayMs: 0 },
    };
    await this.cluster.send(nodeOfRequestId(id), { t: 'response', gatewayId, response });
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
    const { id, transfer } = parsed.data;
    const node = nodeOfRequestId(id);
    if (transfer) {
      // The body follows in chunks: reassembled here, then sent on whole to the waiting node. While chunks
      // keep coming the waiting node is told so (at most once a second): its deadline moves with them, and a
      // stalled transfer is ended here (LINK_TRANSFER.idleMs, then 502 RELAY_TRANSFER_FAILED).
      const transfers = this.heldLink(p)?.transfers;
      if (!transfers) throw new StompRefusal('This link did not announce chunked bodies');
      let told = 0;
      const progress = () => {
        const now = performance.now();
        if (told !== 0 && now - told < PROGRESS_EVERY_MS) return;
        told = now;
        this.cluster.send(node, { t: 'progress', gatewayId: p.gatewayId, id }).catch(this.logError);
      };
      progress();
      transfers
        .receive(id, transfer, progress)
        .then(
          (body) =>
            this.cluster.send(node, {
              t: 'response',
              gatewayId: p.gatewayId,
              response: { ...parsed.data, transfer: undefined, body },
            }),
          (err: unknown) => this.answerError(p.gatewayId, id, 'RELAY_TRANSFER_FAILED', reasonOf(err)),
        )
        .catch(this.logError);
      return;
    }
    await this.cluster.send(node, { t: 'response', gatewayId: p.gatewayId, response: parsed.data });
  }

  private async onTransfer(p: LivePrincipal, text: string): Promise<void> {
    if (p.kind !== 'gateway') throw new StompRefusal('Only a gateway link may send transfers');
    const parsed = LinkTransferMessage.safeParse(safeJson(text));
    if (!parsed.success) throw new StompRefusal('Malformed transfer message');
    this.heldLink(p)?.transfers?.handle(parsed.data);
  }

  /** The link this session is, if it is the gateway's current link on this node. */
  private heldLink(p: LinkPrincipal): HeldLink | undefined {
    const link = this.links.get(p.gatewayId);
    return link?.principal.linkId === p.linkId ? link : undefined;
  }

  private async onEvent(p: LivePrincipal, text: string): Promise<void> {
    if (p.kind !== 'gateway') throw new StompRefusal('Only a gateway link may forward topics');
    const parsed = LinkEvent.safeParse(safeJson(text));
    if (!parsed.success) throw new StompRefusal('Malformed link event');
    await this.publisher.forwarded(p.gatewayId, parsed.data);
  }
}

function reasonOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
