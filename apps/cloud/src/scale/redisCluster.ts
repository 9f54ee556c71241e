import type { Cluster, ClusterListener, ClusterMessage as Message } from './cluster';
import { ClusterMessage } from './cluster';
import type { RedisHub } from './hub';
import { safeJson } from './redisBus';

const BROADCAST = 'st:cluster';
const nodeChannel = (nodeId: string) => `st:node:${nodeId}`;

/** Node-to-node messages over Redis pub/sub: one channel per node plus one for everyone. */
export class RedisCluster implements Cluster {
  private readonly listeners = new Set<ClusterListener>();
  private readonly unsubscribers: Array<() => void> = [];

  constructor(
    readonly nodeId: string,
    private readonly hub: RedisHub,
  ) {}

  async start(): Promise<void> {
    const deliver = (raw: string) => {
      const parsed = ClusterMessage.safeParse(safeJson(raw));
      if (parsed.success) this.deliver(parsed.data);
    };
    this.unsubscribers.push(await this.hub.subscribe(BROADCAST, deliver));
    this.unsubscribers.push(await this.hub.subscribe(nodeChannel(this.nodeId), deliver));
  }

  async stop(): Promise<void> {
    for (const u of this.unsubscribers.splice(0)) u();
    this.listeners.clear();
  }

  /** To this node itself: delivered in-process (asynchronously, like a remote node would). */
  async send(nodeId: string, message: Message): Promise<void> {
    if (nodeId === this.nodeId) queueMicrotask(() => this.deliver(message));
    else await this.hub.publish(nodeChannel(nodeId), JSON.stringify(message));
  }

  async broadcast(message: Message): Promise<void> {
    await this.hub.publish(BROADCAST, JSON.stringify(message));
  }

  private deliver(message: Message): void {
    for (const l of this.listeners) l(message);
  }

  on(listener: ClusterListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
