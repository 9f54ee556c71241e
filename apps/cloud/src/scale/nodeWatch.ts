import type { Logger } from '@st/server-kit';
import type { RedisHub } from './hub';

export const NODES_KEY = 'st:nodes';
export const PRESENCE_KEY = 'st:presence';
export const aliveKey = (node: string) => `st:node-alive:${node}`;
const reapLock = (node: string) => `st:reap:${node}`;

/** A link a dead node held: its gateway and the holder value ("node|link") presence had for it. */
export interface OrphanLink {
  gatewayId: string;
  holder: string;
}

export interface NodeWatchOptions {
  /** how often this node renews its alive key and looks for dead nodes */
  intervalMs: number;
  /** how long an alive key lives without renewal: a node silent that long is dead */
  aliveMs: number;
  /** the links of a dead node, removed from presence by this node (exactly one node reaps each death) */
  onReaped: (node: string, orphans: readonly OrphanLink[]) => Promise<void>;
  /**
   * Another node declared this one dead (its alive key lapsed: an event-loop stall, a Redis outage) while it
   * still holds links: this node must announce its links again.
   */
  onRevived: () => Promise<void>;
  logger: Logger;
}

// Deletes the presence fields still held by the dead node (a gateway that relinked elsewhere already has
// another value), removes it from the node set, and returns the fields. Runs atomically in Redis, and only
// while the node's alive key is still absent: a node that renewed it since the reaper looked (it was only
// late, e.g. starved of CPU, and has announced its links again) keeps them; the reap lock is then released.
// KEYS: presence, the node's alive key, the node set, the reap lock; ARGV: the node.
const REAP_SCRIPT = `
if redis.call('exists', KEYS[2]) == 1 then
  redis.call('del', KEYS[4])
  return false
end
local all = redis.call('hgetall', KEYS[1])
local out = {}
for i = 1, #all, 2 do
  local v = all[i + 1]
  if string.sub(v, 1, string.len(ARGV[1]) + 1) == ARGV[1] .. '|' then
    redis.call('hdel', KEYS[1], all[i])
    table.insert(out, all[i])
    table.insert(out, v)
  end
end
redis.call('srem', KEYS[3], ARGV[1])
return out`;

/**
 * Liveness of the cloud nodes over Redis. Each node renews a short-lived alive key and is a member of the
 * node set; every node looks for members whose key lapsed, and the one that wins a lock for that death
 * removes the dead node's links from presence and reports them (so users see DISCONNECTED and requests in
 * flight to that node fail at once with 503 instead of waiting for their timeout).
 */
export class NodeWatch {
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private beats = 0;

  constructor(
    private readonly hub: RedisHub,
    private readonly nodeId: string,
    private readonly opts: NodeWatchOptions,
  ) {}

  async start(): Promise<void> {
    await this.beat();
    await this.hub.cmd.sadd(NODES_KEY, this.nodeId);
    this.timer = setInterval(() => void this.tick(), this.opts.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.hub.cmd.srem(NODES_KEY, this.nodeId).catch(() => undefined);
  }

  private async tick(): Promise<void> {
    if (this.running) return; // a slow Redis: never pile rounds up
    this.running = true;
    try {
      await this.beat();
      await this.reapDead();
    } catch (err) {
      this.opts.logger.warn({ err }, 'node watch round failed');
    } finally {
      this.running = false;
    }
  }

  /** Renews this node's alive key; finding it gone means others may have reaped this node's links. */
  private async beat(): Promise<void> {
    const previous = await this.hub.cmd.set(aliveKey(this.nodeId), '1', 'PX', this.opts.aliveMs, 'GET');
    this.beats += 1;
    if (previous === null && this.beats > 1) {
      this.opts.logger.warn('this node was taken for dead: announcing its links again');
      await this.hub.cmd.sadd(NODES_KEY, this.nodeId);
      await this.opts.onRevived();
    }
  }

  private async reapDead(): Promise<void> {
    const nodes = (await this.hub.cmd.smembers(NODES_KEY)).filter((n) => n !== this.nodeId);
    if (nodes.length === 0) return;
    const alive = await this.hub.cmd.mget(...nodes.map(aliveKey));
    for (const [i, node] of nodes.entries()) {
      if (alive[i] !== null) continue;
      const won = await this.hub.cmd.set(reapLock(node), this.nodeId, 'PX', 30_000, 'NX');
      if (won !== 'OK') continue;
      const reaped: unknown = await this.hub.cmd.eval(
        REAP_SCRIPT,
        4,
        PRESENCE_KEY,
        aliveKey(node),
        NODES_KEY,
        reapLock(node),
        node,
      );
      if (!Array.isArray(reaped)) continue; // it renewed its key meanwhile: alive after all
      const flat = reaped.map(String);
      const orphans: OrphanLink[] = [];
      for (let j = 0; j + 1 < flat.length; j += 2) {
        orphans.push({ gatewayId: flat[j] ?? '', holder: flat[j + 1] ?? '' });
      }
      this.opts.logger.warn({ node, links: orphans.length }, 'cloud node died: its links reaped');
      await this.opts.onReaped(node, orphans);
    }
  }
}
