// GET /api/ready: what a load balancer asks each node. Ready only while the database and Redis answer; a node
// that loses either says so at once and, after three failed rounds, drains (closes its gateway links and live
// sessions so they reconnect through the balancer to a healthy node); it is ready again when they return.
import { startRedis, waitFor } from '@st/testkit';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startCloud, stopPostgresServer, type TestCloud, testStorage } from './helpers';
import { linkLightGateway } from './support/lightGateway';

const Report = z.object({
  ready: z.boolean(),
  code: z.string().optional(),
  checks: z.array(z.object({ name: z.string(), ok: z.boolean(), error: z.string().optional() })),
  links: z.number(),
});

async function ready(cloud: TestCloud) {
  const r = await fetch(`${cloud.url}/api/ready`);
  return { status: r.status, body: Report.parse(await r.json()) };
}

const linkOne = (cloud: TestCloud) => linkLightGateway(cloud.url);

describe('readiness of a cloud node', () => {
  const cleanup: Array<() => Promise<void> | void> = [];
  afterAll(async () => {
    for (const c of cleanup.reverse()) await c();
  });

  it('answers 200 alone on SQLite, with the database check and its link count', async () => {
    const storage = await testStorage('sqlite');
    const cloud = await startCloud(storage.overrides);
    cleanup.push(storage.stop, cloud.stop);
    const link = await linkOne(cloud);
    cleanup.push(() => link.close());
    await waitFor(async () => (await ready(cloud)).body.links === 1);
    const r = await ready(cloud);
    expect(r.status).toBe(200);
    expect(r.body.checks).toEqual([expect.objectContaining({ name: 'database', ok: true })]);
  });

  it('loses Redis: 503 NOT_READY naming redis, drains its links, ready again when Redis is back', async () => {
    let redis = await startRedis();
    const storage = await testStorage('sqlite');
    const cloud = await startCloud({ ...storage.overrides, redisUrl: redis.url });
    cleanup.push(storage.stop, cloud.stop, () => redis.stop());
    const link = await linkOne(cloud);
    cleanup.push(() => link.close());
    expect((await ready(cloud)).status).toBe(200);

    await redis.stop();
    const down = await ready(cloud);
    expect(down.status).toBe(503);
    expect(down.body.code).toBe('NOT_READY');
    expect(down.body.checks).toContainEqual({ name: 'redis', ok: false, error: expect.any(String) });
    await waitFor(() => !link.linked, { what: 'the link closed by the draining node' });

    redis = await startRedis({ port: redis.port });
    await waitFor(async () => (await ready(cloud)).status === 200, { what: 'ready again' });
  });

  it('loses PostgreSQL: 503 naming the database', async () => {
    const storage = await testStorage('postgres');
    const cloud = await startCloud(storage.overrides);
    cleanup.push(storage.stop, cloud.stop);
    expect((await ready(cloud)).status).toBe(200);
    stopPostgresServer(storage.overrides.databaseUrl ?? '');
    await waitFor(async () => (await ready(cloud)).status === 503, { timeoutMs: 15_000 });
    expect((await ready(cloud)).body.checks).toContainEqual({
      name: 'database',
      ok: false,
      error: expect.any(String),
    });
  });

  it('answers 503 SHUTTING_DOWN from the moment it starts stopping', async () => {
    const storage = await testStorage('sqlite');
    const cloud = await startCloud(storage.overrides);
    cleanup.push(storage.stop);
    const stopping = cloud.server.stop(300);
    const r = await ready(cloud);
    expect(r.status).toBe(503);
    expect(r.body.code).toBe('SHUTTING_DOWN');
    await stopping;
  });
});
