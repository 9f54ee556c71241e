// Issue 22: a node drains (closes its links and live sessions) after 3 failed rounds of 1 s dependency
// checks. A node starved of CPU used to fail those checks by itself: its timers fired late and, in Node's
// loop, a late timer runs before the socket reads that already hold the answers, so it drained every link
// although PostgreSQL and Redis were fine. Here the node runs in this test's process on a real PostgreSQL and
// a real Redis (other processes). Redis is reached through a TCP relay in this process that, when armed,
// blocks the event loop it shares with the node for 1.5 s (longer than the check timeout) right after it
// passed a PONG on: the answer is in the node's socket, the node's loop is late, exactly the starved case.
// That must not drain the node; a Redis that hangs (SIGSTOP of the redis-server process) still must.
import { createConnection, createServer, type Server } from 'node:net';
import { type LightLink, type RedisServer, startRedis, waitFor } from '@st/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startCloud, type TestCloud, testStorage } from './helpers';
import { linkLightGateway } from './support/lightGateway';

const Report = z.object({
  ready: z.boolean(),
  links: z.number(),
  checks: z.array(
    z.object({
      name: z.string(),
      ok: z.boolean(),
      error: z.string().optional(),
      lagMs: z.number().optional(),
      inconclusive: z.boolean().optional(),
    }),
  ),
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A TCP relay to Redis that blocks this process's loop for `blockMs` after passing on each PONG while armed. */
async function blockingRelay(port: number, blockMs: number) {
  const state = { armed: 0, blocked: 0 };
  const server: Server = createServer((client) => {
    const up = createConnection(port, '127.0.0.1');
    client.on('data', (d) => up.write(d));
    up.on('data', (d) => {
      client.write(d);
      if (state.armed > 0 && d.toString('latin1').includes('+PONG')) {
        state.armed -= 1;
        state.blocked += 1;
        busy(blockMs);
      }
    });
    const end = () => {
      client.destroy();
      up.destroy();
    };
    client.on('close', end).on('error', end);
    up.on('close', end).on('error', end);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no relay port');
  return {
    url: `redis://127.0.0.1:${address.port}`,
    state,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** Keeps this process's event loop busy for `ms` (what a starved or overloaded node goes through). */
function busy(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // spinning on purpose
  }
}

describe('readiness of a node whose own event loop lags', () => {
  let redis: RedisServer & { port: number };
  let relay: Awaited<ReturnType<typeof blockingRelay>>;
  let cloud: TestCloud;
  let link: LightLink;
  const cleanup: Array<() => Promise<void> | void> = [];

  const ready = async () => {
    const r = await fetch(`${cloud.url}/api/ready`);
    return { status: r.status, body: Report.parse(await r.json()) };
  };

  beforeAll(async () => {
    redis = await startRedis();
    const storage = await testStorage('postgres');
    relay = await blockingRelay(redis.port, 1500);
    cleanup.push(() => redis.stop(), storage.stop, relay.close);
    cloud = await startCloud({ ...storage.overrides, redisUrl: relay.url });
    cleanup.push(cloud.stop);
    link = await linkLightGateway(cloud.url, { reconnect: { delayMs: 300, jitterMs: 0 } });
    cleanup.push(() => link.close());
    await waitFor(async () => (await ready()).body.links === 1, { what: 'the link held' });
  });

  afterAll(async () => {
    for (const c of cleanup.reverse()) await c();
  });

  it('keeps its links while its event loop is blocked longer than the check timeout, again and again', async () => {
    relay.state.armed = 6;
    // Asked while the loop is blocked: its checks span the blocks, so the answer shows the node's lag.
    const during = ready();
    await waitFor(() => relay.state.armed === 0, { timeoutMs: 40_000, what: 'six blocked PONGs' });
    const seen = await during;
    // The node saw its own lag; nothing is blamed on a dependency (a check that needed more loop turns than
    // the blocks let it have within 3 s is inconclusive: 503 for the balancer, but no drain).
    expect(Math.max(0, ...seen.body.checks.map((c) => c.lagMs ?? 0))).toBeGreaterThanOrEqual(1000);
    expect(seen.body.checks.filter((c) => !c.ok && !c.inconclusive)).toEqual([]);
    // More rounds than it takes to drain run now: a drain decided late would show too.
    await sleep(3500);
    expect(link.linked).toBe(true);
    expect(link.links).toBe(1);
    const after = await ready();
    expect(after.status).toBe(200);
    expect(after.body.links).toBe(1);
  });

  it('still drains when Redis itself hangs (its process stopped), and is ready again when it runs', async () => {
    redis.pause();
    try {
      const down = await ready();
      expect(down.status).toBe(503);
      expect(down.body.checks).toContainEqual(
        expect.objectContaining({
          name: 'redis',
          ok: false,
          error: expect.stringContaining('did not answer'),
        }),
      );
      expect(down.body.checks.find((c) => c.name === 'redis')?.inconclusive).toBeUndefined();
      await waitFor(() => link.links > 1 || !link.linked, {
        timeoutMs: 15_000,
        what: 'the link closed by the draining node',
      });
    } finally {
      redis.resume();
    }
    await waitFor(async () => (await ready()).status === 200, { timeoutMs: 15_000, what: 'ready again' });
    await waitFor(() => link.linked, { timeoutMs: 15_000, what: 'the gateway linked again' });
  });
});
