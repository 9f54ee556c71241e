import { randomUUID } from 'node:crypto';
import { ApiError, LINK_TRANSFER, type LinkRequest, type LinkResponse } from '@st/protocol';
import { cloudErrors } from '../http/errors';
import type { Presence } from '../link/presence';
import type { Cluster, ClusterMessage } from '../scale/cluster';

/** A request as the relay routes take it: everything but the correlation id. */
export type OutgoingRequest = LinkRequest extends infer R
  ? R extends LinkRequest
    ? Omit<R, 'id'>
    : never
  : never;

interface Pending {
  gatewayId: string;
  /** the link ("node|link") the request went to */
  holder: string;
  resolve: (r: LinkResponse) => void;
  reject: (e: Error) => void;
  timer: NodeJS.Timeout;
  /** the wait after the answer's chunks last moved (see `progress`) */
  moving: boolean;
}

/**
 * Sends requests to gateways over their links, wherever (on which node) the link is, and waits for the
 * answer: 503 at once when the gateway is offline or its link drops meanwhile, 504 after `timeoutMs`.
 * An answer that comes in chunks is waited for as long as its chunks keep moving (`progress` messages from
 * the node that holds the link, which itself ends a stalled transfer with 502 RELAY_TRANSFER_FAILED after
 * `stallMs`): a large download needs no long relay timeout. Only the gateway asked may answer.
 */
export class Relay {
  private readonly pending = new Map<string, Pending>();
  private detach: (() => void) | undefined;

  constructor(
    private readonly cluster: Cluster,
    private readonly presence: Presence,
    private readonly timeoutMs: number,
    /** the holding node's stall limit for a chunked answer (LinkManager's) */
    private readonly stallMs: number = LINK_TRANSFER.idleMs,
    /**
     * The gateway's link if this node holds it (LinkManager.holderHere): then presence is not asked. This
     * node learns of a newer link elsewhere (closeGateway) before presence names it, and drops its own entry
     * as it closes the old link, so this answer is never staler than presence's.
     */
    private readonly localHolder: (gatewayId: string) => string | undefined = () => undefined,
  ) {}

  start(): void {
    this.detach = this.cluster.on((m) => this.onCluster(m));
  }

  stop(): void {
    this.detach?.();
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer);
      // The cloud is stopping: the relayed request in flight fails with 503 SHUTTING_DOWN.
      p.reject(new ApiError('SHUTTING_DOWN'));
      this.pending.delete(id);
    }
  }

  /** `extraMs` lengthens the wait for this request (a large body to carry, see transferAllowanceMs). */
  async send(gatewayId: string, request: OutgoingRequest, extraMs = 0): Promise<LinkResponse> {
    const timeoutMs = this.timeoutMs + Math.max(0, Math.round(extraMs));
    const holder = this.localHolder(gatewayId) ?? (await this.presence.holderOf(gatewayId));
    if (!holder) throw cloudErrors.gatewayOffline();
    const id = `${this.cluster.nodeId}.${randomUUID()}`;
    const answer = new Promise<LinkResponse>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(cloudErrors.relayTimeout(timeoutMs));
      }, timeoutMs);
      this.pending.set(id, { gatewayId, holder, resolve, reject, timer, moving: false });
    });
    // It may be rejected (link down, node dead, timeout) while the request is still being published below,
    // before anyone awaits it: that must not count as an unhandled rejection (which ends the process).
    answer.catch(() => undefined);
    // The rendezvous exists before the request leaves, so even an instant answer finds it.
    const node = holder.split('|')[0] ?? '';
    const full = { ...request, id, timeoutMs };
    await this.cluster.send(node, { t: 'request', gatewayId, holder, request: full });
    return answer;
  }

  private onCluster(m: ClusterMessage): void {
    if (m.t === 'response') {
      // Checked once: by the ClusterMessage schema when it came from another node, by LinkManager when it
      // came from a link of this node.
      const p = this.pending.get(m.response.id);
      if (!p || p.gatewayId !== m.gatewayId) return;
      this.settle(m.response.id, p);
      p.resolve(m.response);
    } else if (m.t === 'progress') {
      this.progress(m.id, m.gatewayId);
    } else if (m.t === 'linkDown') {
      this.failWhere((p) => p.gatewayId === m.gatewayId);
    } else if (m.t === 'linkUp') {
      // The gateway linked again elsewhere: the link the request went to is gone and will never answer.
      this.failWhere((p) => p.gatewayId === m.gatewayId && p.holder !== m.holder);
    } else if (m.t === 'nodeDown') {
      this.failWhere((p) => p.holder.startsWith(`${m.node}|`));
    }
  }

  /**
   * The answer's chunks are moving: the deadline now runs from here, and is the holding node's stall limit
   * plus this relay's timeout, so a stall is reported by the holder (502) before this node would give up (504),
   * which only happens if the holder's messages are lost.
   */
  private progress(id: string, gatewayId: string): void {
    const p = this.pending.get(id);
    if (!p || p.gatewayId !== gatewayId) return;
    const waitMs = this.stallMs + this.timeoutMs;
    if (!p.moving) {
      p.moving = true;
      clearTimeout(p.timer);
      p.timer = setTimeout(() => {
        this.pending.delete(id);
        p.reject(cloudErrors.relayTimeout(waitMs));
      }, waitMs);
    } else p.timer.refresh();
  }

  /** Requests that can no longer be answered: 503 at once rather than 504 after the timeout. */
  private failWhere(lost: (p: Pending) => boolean): void {
    for (const [id, p] of this.pending) {
      if (!lost(p)) continue;
      this.settle(id, p);
      p.reject(cloudErrors.gatewayOffline());
    }
  }

  private settle(id: string, p: Pending): void {
    clearTimeout(p.timer);
    this.pending.delete(id);
  }
}
