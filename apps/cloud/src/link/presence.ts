/**
 * Which gateways have a live link right now, on any node. A holder is `"<nodeId>|<sessionId>"`: the link
 * that currently speaks for the gateway (a newer link replaces an older one).
 */
export interface Presence {
  start(): Promise<void>;
  stop(): Promise<void>;
  onlineOf(ids: readonly string[]): Promise<Set<string>>;
  holderOf(gatewayId: string): Promise<string | undefined>;
  set(gatewayId: string, holder: string): Promise<void>;
  /** removes the entry only while it still names this holder */
  clear(gatewayId: string, holder: string): Promise<void>;
}

/** Presence for a single node: a map in memory. */
export class LocalPresence implements Presence {
  private readonly holders = new Map<string, string>();

  async start(): Promise<void> {}

  async stop(): Promise<void> {
    this.holders.clear();
  }

  async onlineOf(ids: readonly string[]): Promise<Set<string>> {
    return new Set(ids.filter((id) => this.holders.has(id)));
  }

  async holderOf(gatewayId: string): Promise<string | undefined> {
    return this.holders.get(gatewayId);
  }

  async set(gatewayId: string, holder: string): Promise<void> {
    this.holders.set(gatewayId, holder);
  }

  async clear(gatewayId: string, holder: string): Promise<void> {
    if (this.holders.get(gatewayId) === holder) this.holders.delete(gatewayId);
  }
}
