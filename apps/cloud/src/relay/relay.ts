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
  /** the request's id ("node.slot.uuid") */
  id: string;
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
  private readonly pending = new PendingSlots();
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
    for (const p of this.pending.all()) {
      clearTimeout(p.timer);
      // The cloud is stopping: the relayed request in flight fails with 503 SHUTTING_DOWN.
      p.reject(new ApiError('SHUTTING_DOWN'));
      this.pending.delete(p);
    }
  }

  /** `extraMs` lengthens the wait for this request (a large body to carry, see transferAllowanceMs). */
  async send(gatewayId: string, request: OutgoingRequest, extraMs = 0): Promise<LinkResponse> {
    const timeoutMs = this.timeoutMs + Math.max(0, Math.round(extraMs));
    const holder = this.localHolder(gatewayId) ?? (await this.presence.holderOf(gatewayId));
    if (!holder) throw cloudErrors.gatewayOffline();
    let id = '';
    const answer = new Promise<LinkResponse>((resolve, reject) => {
      const p = this.pending.add((slot) => ({
        id: `${this.cluster.nodeId}.${slot}.${randomUUID()}`,
        gatewayId,
        holder,
        resolve,
        reject,
        timer: setTimeout(() => {
          this.pending.delete(p);
          reject(cloudErrors.relayTimeout(timeoutMs));
        }, timeoutMs),
        moving: false,
      }));
      id = p.id;
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
      this.settle(p);
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
        this.pending.delete(p);
        p.reject(cloudErrors.relayTimeout(waitMs));
      }, waitMs);
    } else p.timer.refresh();
  }

  /** Requests that can no longer be answered: 503 at once rather than 504 after the timeout. */
  private failWhere(lost: (p: Pending) => boolean): void {
    for (const p of this.pending.all()) {
      if (!lost(p)) continue;
      this.settle(p);
      p.reject(cloudErrors.gatewayOffline());
    }
  }

  private settle(p: Pending): void {
    clearTimeout(p.timer);
    this.pending.delete(p);
  }
}

/**
 * The requests waiting for an answer, each in a slot of an array that only grows; its id names its slot
 * ("node.slot.uuid"), so an answer finds it without a lookup table. Not a Map: this lives as long as the node,
 * and a Map that gains and loses an entry per relayed call allocates a new table each time it resizes or
 * rehashes; each table, held by this old object, outlives two scavenges and is promoted, and once replaced it
 * still points at the requests it held and at its successor, which the next scavenge promotes in turn: about a
 * relayed call's worth of objects moved into the old generation per table (issue 22, docs/performance.md).
 * A freed slot is emptied at once, so nothing here keeps a finished call alive.
 */
export class PendingSlots<T extends { id: string } = Pending> {
  private readonly slots: Array<T | undefined> = [];
  /** free slot numbers (small integers: no objects for a scavenge to keep) */
  private readonly free: number[] = [];

  /** Puts the entry `make(slot)` builds in a free slot; its id must be `<node>.<slot>.<unique>`. */
  add(make: (slot: number) => T): T {
    const slot = this.free.pop() ?? this.slots.length;
    const entry = make(slot);
    if (slot === this.slots.length) this.slots.push(entry);
    else this.slots[slot] = entry;
    return entry;
  }

  /** The entry with this id, if it still waits (a late answer for a reused slot finds nothing). */
  get(id: string): T | undefined {
    const slot = this.slotOf(id);
    const entry = slot === undefined ? undefined : this.slots[slot];
    return entry?.id === id ? entry : undefined;
  }

  delete(entry: T): void {
    const slot = this.slotOf(entry.id);
    if (slot === undefined || this.slots[slot] !== entry) return;
    this.slots[slot] = undefined;
    this.free.push(slot);
  }

  /** The waiting entries (a copy: settling them while iterating is fine). */
  all(): T[] {
    return this.slots.filter((e): e is T => e !== undefined);
  }

  /** Every slot is either taken or on the free list. */
  get size(): number {
    return this.slots.length - this.free.length;
  }

  private slotOf(id: string): number | undefined {
    const dot = id.indexOf('.');
    const slot = Number(id.slice(dot + 1, id.indexOf('.', dot + 1)));
    return Number.isInteger(slot) && slot >= 0 ? slot : undefined;
  }
}
