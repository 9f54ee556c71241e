// A node stopped while it holds gateway links (issue 22, round 6): its STOMP server closes the links, and the
// work each closed link starts (presence cleared, linkDown to the other nodes, DISCONNECTED read from the
// database for the users) must finish before Redis and the database stop. It used to run after them and log
// "driver has already been destroyed".
import { Writable } from 'node:stream';
import { Gateway, TokenResponse } from '@st/protocol';
import { LightLink, type RedisServer, startRedis, waitFor } from '@st/testkit';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CloudServer } from '../src/app';
import { cloudConfig } from '../src/config';
import { ADMIN, Browser, startCloud, type TestCloud, testStorage } from './helpers';

/**
 * Enough links on PostgreSQL that their closing work is still running when the later stop steps come (with the
 * old order: 500 of them logged "driver has already been destroyed"; 200 on SQLite finished in time).
 */
const GATEWAYS = 500;

describe('stopping a node that holds links', () => {
  let redis: RedisServer;
  let storage: Awaited<ReturnType<typeof testStorage>>;
  let other: TestCloud;
  const links: LightLink[] = [];
  const rejections: unknown[] = [];
  const onRejection = (e: unknown) => rejections.push(e);

  beforeAll(async () => {
    process.on('unhandledRejection', onRejection);
    redis = await startRedis();
    storage = await testStorage('postgres');
    other = await startCloud({ ...storage.overrides, redisUrl: redis.url });
  });
  afterAll(async () => {
    process.off('unhandledRejection', onRejection);
    for (const l of links) l.close();
    await other?.stop();
    await storage?.stop();
    await redis?.stop();
  });

  it('finishes the closed links’ work before Redis and the database stop: no errors, presence cleared', async () => {
    const lines: Array<{ level: number; msg: string; err?: { message?: string } }> = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l));
        done();
      },
    });
    const node = new CloudServer(
      cloudConfig({
        port: 0,
        host: '127.0.0.1',
        adminLogin: ADMIN.login,
        adminPassword: ADMIN.password,
        logLevel: 'info',
        webDist: '/nonexistent-st-console',
        ...storage.overrides,
        redisUrl: redis.url,
      }),
      { logger: pino({ level: 'info' }, sink) },
    );
    const url = `http://127.0.0.1:${await node.start()}`;
    const user = new Browser(url);
    await user.login();
    const tokens: string[] = [];
    const ids: string[] = [];
    for (let i = 0; i < GATEWAYS; i++) {
      const id = Gateway.parse(
        (await user.call('POST', '/api/gateway/management/create', { name: `G${i}` })).body,
      ).id;
      ids.push(id);
      tokens.push(TokenResponse.parse((await user.call('POST', `/api/auth/gateway/${id}`)).body).token);
    }
    const ws = `${url.replace(/^http/, 'ws')}/api/st-ws`;
    await Promise.all(
      tokens.map((token) => {
        const l = new LightLink({ url: ws, token, answer: () => ({ status: 200, body: {} }) });
        links.push(l);
        return l.start();
      }),
    );
    const onOther = new Browser(other.url);
    await onOther.login();
    const relay = (id: string) =>
      onOther.call('POST', `/api/gateway/requests/${id}`, { url: '/api/build', method: 'GET' });
    for (const id of ids)
      await waitFor(async () => (await relay(id)).status === 200, { what: `${id} relayed` });

    await node.stop();

    const errors = lines.filter((l) => l.level >= 50);
    expect(errors.map((l) => `${l.msg}: ${l.err?.message ?? ''}`)).toEqual([]);
    // each closed link's work ran to its end (its last line) while the node stopped
    expect(lines.filter((l) => l.msg === 'gateway link ended')).toHaveLength(ids.length);
    // and presence no longer names the stopped node: the other node answers 503 at once, not after a timeout
    for (const id of ids) {
      const r = await relay(id);
      expect(r.status).toBe(503);
      expect(r.body).toMatchObject({ code: 'GATEWAY_OFFLINE' });
    }
    expect(rejections).toEqual([]);
    // 500 gateways and tokens made one after another, each answered once its audit row is written
  }, 120_000);
});
