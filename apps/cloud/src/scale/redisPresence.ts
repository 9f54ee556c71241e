import { createHash } from 'node:crypto';
import type { Presence } from '../link/presence';
import type { RedisHub } from './hub';
import { aliveKey, PRESENCE_KEY as KEY } from './nodeWatch';

const HOLDER_SCRIPT = `
local v = redis.call('hget', KEYS[1], ARGV[1])
if not v then return false end
local node = string.match(v, '^([^|]*)')
if redis.call('exists', ARGV[2] .. node) == 1 then return v end
return false`;
const HOLDER_SHA = createHash('sha1').update(HOLDER_SCRIPT).digest('hex');

/**
 * Gateway presence shared by all nodes: gatewayId -> "node|session" in a Redis hash. Each node refreshes
 * a short-lived "alive" key (NodeWatch), so the gateways of a node that died without cleaning up read as
 * offline at once, and NodeWatch on a surviving node removes them from the hash.
 */
export class RedisPresence implements Presence {
  constructor(
    private readonly hub: RedisHub,
    private readonly nodeId: string,
  ) {}

  /** Nothing to set up: NodeWatch keeps this node's alive key. */
  async start(): Promise<void> {}

  async stop(): Promise<void> {
    const all = await this.hub.cmd.hgetall(KEY);
    const mine = Object.entries(all)
      .filter(([, v]) => v.startsWith(`${this.nodeId}|`))
      .map(([k]) => k);
    if (mine.length > 0) await this.hub.cmd.hdel(KEY, ...mine);
    await this.hub.cmd.del(aliveKey(this.nodeId));
  }

  async onlineOf(ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const values = await this.hub.cmd.hmget(KEY, ...ids);
    const nodes = [
      ...new Set(values.filter((v): v is string => v !== null).map((v) => v.split('|')[0] ?? '')),
    ];
    const alive = new Set<string>();
    if (nodes.length > 0) {
      const flags = await this.hub.cmd.mget(...nodes.map(aliveKey));
      nodes.forEach((n, i) => {
        if (flags[i] !== null) alive.add(n);
      });
    }
    return new Set(ids.filter((_, i) => alive.has(values[i]?.split('|')[0] ?? '')));
  }

  /**
   * One round trip per relayed request: the holder, if its node is alive (a Lua script in Redis). Sent by its
   * SHA-1 (EVALSHA, 40 bytes) rather than its text: writing the script on every call was the largest socket
   * write of a relayed request. Redis forgets scripts on restart: NOSCRIPT sends the text once again.
   */
  async holderOf(gatewayId: string): Promise<string | undefined> {
    const args = [1, KEY, gatewayId, aliveKey('')] as const;
    let v: unknown;
    try {
      v = await this.hub.cmd.evalsha(HOLDER_SHA, ...args);
    } catch (err) {
      if (!String(err).includes('NOSCRIPT')) throw err;
      v = await this.hub.cmd.eval(HOLDER_SCRIPT, ...args);
    }
    return typeof v === 'string' ? v : undefined;
  }

  async set(gatewayId: string, holder: string): Promise<void> {
    await this.hub.cmd.hset(KEY, gatewayId, holder);
  }

  async clear(gatewayId: string, holder: string): Promise<void> {
    // Delete only if the field still names this holder (a newer link may have replaced it).
    await this.hub.cmd.eval(
      "if redis.call('hget', KEYS[1], ARGV[1]) == ARGV[2] then return redis.call('hdel', KEYS[1], ARGV[1]) end return 0",
      1,
      KEY,
      gatewayId,
      holder,
    );
  }
}
