/**
 * For the gateways linked to this node: which of their topics browsers on which nodes want. Reports when a
 * topic gains its first interested node (start forwarding) or loses its last one (stop).
 */
export class InterestTable {
  private readonly table = new Map<string, Map<string, Set<string>>>();

  /** Returns 'start' | 'stop' when forwarding must change, else undefined. */
  update(gatewayId: string, topic: string, node: string, on: boolean): 'start' | 'stop' | undefined {
    let topics = this.table.get(gatewayId);
    if (!topics) {
      topics = new Map();
      this.table.set(gatewayId, topics);
    }
    const nodes = topics.get(topic) ?? new Set<string>();
    topics.set(topic, nodes);
    const before = nodes.size;
    if (on) nodes.add(node);
    else nodes.delete(node);
    if (nodes.size === 0) topics.delete(topic);
    if (before === 0 && nodes.size > 0) return 'start';
    if (before > 0 && nodes.size === 0) return 'stop';
    return undefined;
  }

  forget(gatewayId: string): void {
    this.table.delete(gatewayId);
  }
}
