// A node starved of CPU for longer than its alive key lives (ST_NODE_ALIVE_MS) is taken for dead by the other
// node, which reaps its links from presence. Since issue 22's third round such a node no longer drains on its
// own lag (readinessLag.test.ts), so it keeps its links: when it runs again it must announce them again and
// they must be online, and answer relayed calls made through the other node. The node is a real process,
// stopped with SIGSTOP (what an overloaded machine does to it) and continued.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Gateway, TokenResponse } from '@st/protocol';
import {
  LightLink,
  type PostgresServer,
  type RedisServer,
  startPostgres,
  startRedis,
  waitFor,
} from '@st/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ADMIN, Browser } from './helpers';
import { cloudNodeProcess, type NodeProcess } from './support/nodeProcess';

const GATEWAYS = 10;

describe('a node stopped for longer than its alive key lives', () => {
  let pg: PostgresServer;
  let redis: RedisServer;
  const nodes: NodeProcess[] = [];
  const dirs: string[] = [];
  const gateways: Array<{ id: string; link: LightLink }> = [];
  let user: Browser;

  const onlineCount = async () =>
    z
      .array(Gateway)
      .parse((await user.call('GET', '/api/gateway/management/list')).body)
      .filter((g) => g.online).length;

  beforeAll(async () => {
    [pg, redis] = await Promise.all([startPostgres(), startRedis()]);
    for (let i = 0; i < 2; i++) {
      const dir = mkdtempSync(join(tmpdir(), `st-starved${i}-`));
      dirs.push(dir);
      nodes.push(
        await cloudNodeProcess({
          DATABASE_URL: pg.url,
          REDIS_URL: redis.url,
          ST_DATA_DIR: dir,
          ST_SECRET: 'starved-node-test-secret-0123456789ab',
          ST_ADMIN_LOGIN: ADMIN.login,
          ST_ADMIN_PASSWORD: ADMIN.password,
          ST_NODE_ALIVE_MS: '1500',
        }),
      );
    }
    const [a, b] = nodes as [NodeProcess, NodeProcess];
    await a.start();
    await b.start();
    user = new Browser(b.url);
    await user.login();
    for (let i = 0; i < GATEWAYS; i++) {
      const id = Gateway.parse(
        (await user.call('POST', '/api/gateway/management/create', { name: `gw-${i}` })).body,
      ).id;
      const token = TokenResponse.parse((await user.call('POST', `/api/auth/gateway/${id}`)).body).token;
      const link = new LightLink({ url: `${a.url.replace(/^http/, 'ws')}/api/st-ws`, token });
      await link.start();
      gateways.push({ id, link });
    }
    await waitFor(async () => (await onlineCount()) === GATEWAYS, { what: 'every gateway online' });
  }, 120_000);

  afterAll(async () => {
    for (const g of gateways) g.link.close();
    for (const n of nodes) await n.stop();
    await Promise.all([redis?.stop(), pg?.stop()]);
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('is reaped while stopped, keeps its links, and has them online again once it runs', async () => {
    const pid = nodes[0]?.pid();
    if (pid === undefined) throw new Error('node A not running');
    process.kill(pid, 'SIGSTOP');
    try {
      // The other node takes it for dead and reaps its links: the user sees them offline.
      await waitFor(async () => (await onlineCount()) === 0, {
        timeoutMs: 20_000,
        what: 'the stopped node reaped by the other',
      });
    } finally {
      process.kill(pid, 'SIGCONT');
    }
    await waitFor(async () => (await onlineCount()) === GATEWAYS, {
      timeoutMs: 20_000,
      what: 'its links announced again',
    });
    // Still online a few watch rounds later (a reap racing the announcement would take them away again).
    await new Promise((r) => setTimeout(r, 2000));
    expect(await onlineCount()).toBe(GATEWAYS);
    for (const g of gateways) {
      expect(g.link.links).toBe(1); // never dropped, never relinked
      const r = await user.call('POST', `/api/gateway/requests/${g.id}`, {
        url: '/api/build',
        method: 'GET',
      });
      expect(r.status).toBe(200);
    }
  }, 90_000);
});
