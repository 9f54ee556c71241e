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
  private beatTimer: NodeJS.Timeout | undefined;
  private reapTimer: NodeJS.Timeout | undefined;
  private beating = false;
  private reaping = false;
  private beats = 0;
  /** the re-announcement after being taken for dead, while it runs; a second revival waits for it */
  private revival: Promise<void> | undefined;
  private reviveAgain = false;
  /** the last re-announcement failed (e.g. Redis went away meanwhile): the next renewal tries again */
  private revivalFailed = false;

  constructor(
    private readonly hub: RedisHub,
    private readonly nodeId: string,
    private readonly opts: NodeWatchOptions,
  ) {}

  async start(): Promise<void> {
    await this.beat();
    await this.hub.cmd.sadd(NODES_KEY, this.nodeId);
    // The alive key is renewed on a timer of its own, never behind a reaping round or a re-announcement:
    // reaping a dead node's 5,000 links (or announcing this node's own again) takes longer than the key
    // lives, and a node busy with that must not be taken for dead in turn (issue 22: 3 nodes x 5,000
    // links lost presence in a cascade of such reaps while every link was up).
    this.beatTimer = setInterval(() => void this.beatRound(), this.opts.intervalMs);
    this.reapTimer = setInterval(() => void this.reapRound(), this.opts.intervalMs);
    this.beatTimer.unref();
    this.reapTimer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.beatTimer);
    clearInterval(this.reapTimer);
    await this.hub.cmd.srem(NODES_KEY, this.nodeId).catch(() => undefined);
  }

  private async beatRound(): Promise<void> {
    if (this.beating) return; // a slow Redis: never pile renewals up
    this.beating = true;
    try {
      await this.beat();
    } catch (err) {
      this.opts.logger.warn({ err }, 'node alive key not renewed');
    } finally {
      this.beating = false;
    }
  }

  private async reapRound(): Promise<void> {
    if (this.reaping) return;
    this.reaping = true;
    try {
      await this.reapDead();
    } catch (err) {
      this.opts.logger.warn({ err }, 'node watch round failed');
    } finally {
      this.reaping = false;
    }
  }

  /** Renews this node's alive key; finding it gone means others may have reaped this node's links. */
  private async beat(): Promise<void> {
    const previous = await this.hub.cmd.set(aliveKey(this.nodeId), '1', 'PX', this.opts.aliveMs, 'GET');
    this.beats += 1;
    if (previous === null && this.beats > 1) {
      this.opts.logger.warn('this node was taken for dead: announcing its links again');
      await this.hub.cmd.sadd(NODES_KEY, this.nodeId);
      this.revive();
    } else if (this.revivalFailed) this.revive();
  }

  /**
   * Announces this node's links again, off the renewal's path. Taken for dead again while announcing (the
   * reaper may have removed links already announced): one more announcement follows this one.
   */
  private revive(): void {
    if (this.revival !== undefined) {
      this.reviveAgain = true;
      return;
    }
    this.revival = (async () => {
      do {
        this.reviveAgain = false;
        this.revivalFailed = false;
        try {
          await this.opts.onRevived();
        } catch (err) {
          this.revivalFailed = true;
          this.opts.logger.warn({ err }, 'links not announced again: tried again at the next renewal');
        }
      } while (this.reviveAgain);
    })().finally(() => {
      this.revival = undefined;
    });
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
