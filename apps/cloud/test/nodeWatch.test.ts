// NodeWatch on a real Redis: a node's alive key is renewed on a timer of its own, so a node busy reaping
// another node's links (or announcing its own again) for longer than the key lives is not taken for dead in
// turn (issue 22: with 3 nodes x 5,000 links such reaps cascaded and presence was lost while every link was up).
import { createLogger } from '@st/server-kit';
import { type RedisServer, startRedis } from '@st/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisHub } from '../src/scale/hub';
import { aliveKey, NODES_KEY, NodeWatch, type OrphanLink, PRESENCE_KEY } from '../src/scale/nodeWatch';

const ALIVE_MS = 600;
const INTERVAL_MS = 200;
const SLOW_MS = 4 * ALIVE_MS;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const logger = createLogger({ name: 'nodes', level: 'silent' });

let redis: RedisServer;
const hubs: RedisHub[] = [];
const watches: NodeWatch[] = [];

async function hub(): Promise<RedisHub> {
  const h = new RedisHub(redis.url);
  await h.start();
  hubs.push(h);
  return h;
}

beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  for (const w of watches) await w.stop();
  for (const h of hubs) await h.stop();
  await redis.stop();
});

describe('node watch', () => {
  it('a node reaping a dead node slowly keeps its own alive key, and nobody reaps it', async () => {
    const admin = await hub();
    const reaped: Array<{ by: string; node: string; orphans: readonly OrphanLink[] }> = [];
    const make = async (id: string) => {
      const w = new NodeWatch(await hub(), id, {
        intervalMs: INTERVAL_MS,
        aliveMs: ALIVE_MS,
        onReaped: async (node, orphans) => {
          reaped.push({ by: id, node, orphans });
          await sleep(SLOW_MS); // thousands of links to tell users about
        },
        onRevived: async () => undefined,
        logger,
      });
      await w.start();
      watches.push(w);
    };
    await make('a');
    await make('b');
    // node c held one link and died: its key lapses and is never renewed
    await admin.cmd.sadd(NODES_KEY, 'c');
    await admin.cmd.set(aliveKey('c'), '1', 'PX', 100);
    await admin.cmd.hset(PRESENCE_KEY, 'gw-1', 'c|link-1');

    const missing: string[] = [];
    const until = Date.now() + SLOW_MS + 3 * ALIVE_MS;
    while (Date.now() < until) {
      const [a, b] = await admin.cmd.mget(aliveKey('a'), aliveKey('b'));
      if (a === null) missing.push('a');
      if (b === null) missing.push('b');
      await sleep(50);
    }
    expect(reaped.map((r) => r.node)).toEqual(['c']);
    expect(reaped[0]?.orphans).toEqual([{ gatewayId: 'gw-1', holder: 'c|link-1' }]);
    expect(missing).toEqual([]);
    expect((await admin.cmd.smembers(NODES_KEY)).sort()).toEqual(['a', 'b']);
  });

  it('a node taken for dead announces its links again once, while its key keeps being renewed', async () => {
    const admin = await hub();
    let announcements = 0;
    const w = new NodeWatch(await hub(), 'd', {
      intervalMs: INTERVAL_MS,
      aliveMs: ALIVE_MS,
      onReaped: async () => undefined,
      onRevived: async () => {
        announcements += 1;
        await sleep(SLOW_MS); // announcing thousands of links
      },
      logger,
    });
    await w.start();
    watches.push(w);
    await sleep(2 * INTERVAL_MS);
    // another node reaped it: its key and membership are gone (at once, as the reap script does)
    await admin.cmd.multi().del(aliveKey('d')).srem(NODES_KEY, 'd').exec();
    const missing: number[] = [];
    const until = Date.now() + SLOW_MS;
    await sleep(2 * INTERVAL_MS);
    while (Date.now() < until) {
      if ((await admin.cmd.get(aliveKey('d'))) === null) missing.push(Date.now());
      await sleep(50);
    }
    expect(announcements).toBe(1);
    expect(missing).toEqual([]);
    expect(await admin.cmd.sismember(NODES_KEY, 'd')).toBe(1);
  });
});
