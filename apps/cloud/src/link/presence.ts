/** Which gateways have a live link right now, on any node. */
export interface Presence {
  onlineOf(ids: readonly string[]): Promise<Set<string>>;
  /** the node that holds the gateway's link, if any */
  nodeOf(gatewayId: string): Promise<string | undefined>;
  set(gatewayId: string, nodeId: string): Promise<void>;
  /** removes the entry only while it still names this node (a newer link elsewhere wins) */
  clear(gatewayId: string, nodeId: string): Promise<void>;
}

/** Presence for a single node: a map in memory. */
export class LocalPresence implements Presence {
  private readonly nodes = new Map<string, string>();

  async onlineOf(ids: readonly string[]): Promise<Set<string>> {
    return new Set(ids.filter((id) => this.nodes.has(id)));
  }

  async nodeOf(gatewayId: string): Promise<string | undefined> {
    return this.nodes.get(gatewayId);
  }

  async set(gatewayId: string, nodeId: string): Promise<void> {
    this.nodes.set(gatewayId, nodeId);
  }

  async clear(gatewayId: string, nodeId: string): Promise<void> {
    if (this.nodes.get(gatewayId) === nodeId) this.nodes.delete(gatewayId);
  }
}
