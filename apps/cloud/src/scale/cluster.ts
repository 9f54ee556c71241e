import { LinkResponse } from '@st/protocol';
import { z } from 'zod';

/** Messages between cloud nodes (a single node sends them to itself). */
export const ClusterMessage = z.discriminatedUnion('t', [
  /** a request for a gateway, to the node that holds its link */
  z.object({ t: z.literal('request'), gatewayId: z.string(), holder: z.string(), request: z.unknown() }),
  /** a gateway's answer, to the node whose HTTP request waits for it (checked here, once) */
  z.object({ t: z.literal('response'), gatewayId: z.string(), response: LinkResponse }),
  /**
   * the answer to request `id` is coming in chunks and they keep arriving (sent by the node holding the link,
   * at most once a second per answer): the waiting node extends its deadline instead of answering 504
   */
  z.object({ t: z.literal('progress'), gatewayId: z.string(), id: z.string() }),
  /** a node gained or lost its browsers' interest in a forwarded topic of a gateway */
  z.object({
    t: z.literal('interest'),
    node: z.string(),
    gatewayId: z.string(),
    topic: z.string(),
    on: z.boolean(),
  }),
  /** a gateway linked somewhere: every node re-announces its interests in it */
  z.object({ t: z.literal('linkUp'), gatewayId: z.string(), holder: z.string() }),
  /** a gateway's link ended: requests waiting for it fail at once */
  z.object({ t: z.literal('linkDown'), gatewayId: z.string(), holder: z.string() }),
  /** a node died (its alive key lapsed): requests waiting for any link it held fail at once */
  z.object({ t: z.literal('nodeDown'), node: z.string() }),
  /** close the gateway's links (token deleted, gateway deleted, or replaced by the `keep` link) */
  z.object({ t: z.literal('closeGateway'), gatewayId: z.string(), keep: z.string().optional() }),
  /** close the live sessions of a user session family (logout, refresh-token reuse) */
  z.object({ t: z.literal('closeSession'), sessionId: z.string() }),
  /** a user's share of a gateway ended or changed: close their live sessions subscribed to its topics */
  z.object({ t: z.literal('closeMember'), gatewayId: z.string(), userId: z.string() }),
  /**
   * access was taken away (AccessCache): session families revoked; with `userId` alone every session and role
   * of the user; with `gatewayId` alone every role on the gateway; with both the user's role on the gateway
   */
  z.object({
    t: z.literal('accessChanged'),
    sessionIds: z.array(z.string()).optional(),
    userId: z.string().optional(),
    gatewayId: z.string().optional(),
  }),
]);
export type ClusterMessage = z.infer<typeof ClusterMessage>;

export type ClusterListener = (message: ClusterMessage) => void;

export interface Cluster {
  readonly nodeId: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** to one node (possibly this one) */
  send(nodeId: string, message: ClusterMessage): Promise<void>;
  /** to every node, this one included */
  broadcast(message: ClusterMessage): Promise<void>;
  on(listener: ClusterListener): () => void;
}

/** One node: messages are delivered to itself, asynchronously (like a remote node would). */
export class LocalCluster implements Cluster {
  private readonly listeners = new Set<ClusterListener>();

  constructor(readonly nodeId: string) {}

  async start(): Promise<void> {}

  async stop(): Promise<void> {
    this.listeners.clear();
  }

  async send(nodeId: string, message: ClusterMessage): Promise<void> {
    if (nodeId === this.nodeId) this.deliver(message);
  }

  async broadcast(message: ClusterMessage): Promise<void> {
    this.deliver(message);
  }

  on(listener: ClusterListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private deliver(message: ClusterMessage): void {
    queueMicrotask(() => {
      for (const l of this.listeners) l(message);
    });
  }
}
