// A node that holds a gateway's link relays to it without asking Redis's presence (Relay's localHolder, issue
// 22: a fifth of a node's time per call). That shortcut must never send a call to a link that a newer link of
// the same gateway on another node has replaced: the calls made through the old link's node reach the new
// link once it is up, and the old link is closed.
import { Gateway, TokenResponse } from '@st/protocol';
import { LightLink, type RedisServer, startRedis, waitFor } from '@st/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Browser, startCloud, type TestCloud, testStorage } from './helpers';

const Answered = z.object({ link: z.number() });

describe('relaying to a link held by the node itself', () => {
  let redis: RedisServer;
  let storage: Awaited<ReturnType<typeof testStorage>>;
  let a: TestCloud;
  let b: TestCloud;
  const links: LightLink[] = [];

  beforeAll(async () => {
    redis = await startRedis();
    storage = await testStorage('sqlite');
    a = await startCloud({ ...storage.overrides, redisUrl: redis.url });
    b = await startCloud({ ...storage.overrides, redisUrl: redis.url });
  });
  afterAll(async () => {
    for (const l of links) l.close();
    await b?.stop();
    await a?.stop();
    await storage?.stop();
    await redis?.stop();
  });

  const ws = (c: TestCloud) => `${c.url.replace(/^http/, 'ws')}/api/st-ws`;
  const link = (c: TestCloud, token: string, n: number) => {
    const l = new LightLink({ url: ws(c), token, answer: () => ({ status: 200, body: { link: n } }) });
    links.push(l);
    return l;
  };

  it('follows the gateway to its newer link on another node, and answers 503 once no link is left', async () => {
    const onA = new Browser(a.url);
    await onA.login();
    const onB = new Browser(b.url);
    await onB.login();
    const id = Gateway.parse(
      (await onA.call('POST', '/api/gateway/management/create', { name: 'Moving' })).body,
    ).id;
    const token = TokenResponse.parse((await onA.call('POST', `/api/auth/gateway/${id}`)).body).token;
    const relay = (user: Browser) =>
      user.call('POST', `/api/gateway/requests/${id}`, { url: '/api/build', method: 'GET' });

    const first = link(a, token, 1);
    await first.start();
    await waitFor(async () => (await relay(onA)).status === 200, { what: 'the first link answering' });
    // A holds the link (no presence lookup), B finds it through presence: the same link answers both.
    expect(Answered.parse((await relay(onA)).body).link).toBe(1);
    expect(Answered.parse((await relay(onB)).body).link).toBe(1);

    // The gateway links again, to B: A must let go of its own link and send A's calls to B's.
    const second = link(b, token, 2);
    await second.start();
    const seen: number[] = [];
    await waitFor(
      async () => {
        const r = await relay(onA);
        seen.push(r.status);
        return r.status === 200 && Answered.parse(r.body).link === 2;
      },
      { what: "A's calls reaching the newer link on B" },
    );
    // While the link moved, a call could only find the old link going (503), never wait for it.
    expect(seen.every((s) => s === 200 || s === 503)).toBe(true);
    await waitFor(() => !first.linked, { what: 'the replaced link closed' });
    for (let i = 0; i < 10; i++) {
      const r = await relay(onA);
      expect(r.status).toBe(200);
      expect(Answered.parse(r.body).link).toBe(2);
    }

    // B holds it now; once it is gone, both nodes answer 503 GATEWAY_OFFLINE at once.
    second.close();
    await waitFor(async () => (await relay(onB)).status === 503, { what: "B's 503 once the link is gone" });
    const offline = await relay(onA);
    expect(offline.status).toBe(503);
    expect(offline.body).toMatchObject({ code: 'GATEWAY_OFFLINE' });
  });
});
