import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AlertDeviceThreshold, AlertHistoryPage, AlertPayload, TimelineEntry } from '@st/protocol';
import { createLogger } from '@st/server-kit';
import { type HttpReceiver, loopbackBlock, startHttpReceiver, waitFor } from '@st/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openDatabase } from '../src/db/database';
import { AlertOutbox } from '../src/services/alerts/outbox';
import { ErrorBody, http } from './helpers';
import { gatewayForFile } from './support/harness';

// Per-device offline thresholds and the alert history over real sockets: two simulated devices, a real HTTP
// receiver for the webhook, the gateway's own SQLite.

const gw = gatewayForFile({
  gateway: {
    lostAfterMs: 800,
    lostCheckIntervalMs: 100,
    // a failing webhook is given up after about a second
    alertTimings: { pollMs: 100, retryBaseMs: 200, retryMaxMs: 400, retryWindowMs: 1000 },
  },
  devices: [{ ips: loopbackBlock(2), kinds: ['lamp', 'lamp'], beaconIntervalMs: 200, logRate: 0 }],
});
const Thresholds = z.array(AlertDeviceThreshold);
let hook: HttpReceiver;

beforeAll(async () => {
  hook = await startHttpReceiver();
});
afterAll(async () => {
  await hook.close();
});

const payloads = () => hook.received.map((x) => AlertPayload.parse(JSON.parse(x.body)));
const offlineAlerts = (ip: string) =>
  payloads().filter((p) => p.kind === 'device-offline' && p.device?.ip === ip);
const history = async (query = '') => {
  const r = await http(gw.base, 'GET', `/api/alerts/history${query}`);
  expect(r.status, r.text).toBe(200);
  return AlertHistoryPage.parse(r.body);
};
const setThreshold = (ip: string, offlineAfter: number | null) =>
  http(gw.base, 'PUT', '/api/alerts/thresholds', { ip, offlineAfter });
const lostCount = async (ip: string) =>
  z.array(TimelineEntry).parse((await http(gw.base, 'GET', `/api/devices/timeline?ip=${ip}&kinds=lost`)).body)
    .length;

function devices() {
  const [a, b] = gw.sim().devices;
  if (!a || !b) throw new Error('two devices expected');
  return { a, b };
}

describe('per-device offline threshold', () => {
  it('stores, lists and removes a device threshold; refuses bad input with 400', async () => {
    const { a } = devices();
    expect(Thresholds.parse((await http(gw.base, 'GET', '/api/alerts/thresholds')).body)).toEqual([]);
    const set = await setThreshold(a.address, 90);
    expect(set.status).toBe(200);
    expect(Thresholds.parse(set.body)).toEqual([{ ip: a.address, offlineAfter: 90 }]);
    expect(Thresholds.parse((await setThreshold(a.address, 120)).body)).toEqual([
      { ip: a.address, offlineAfter: 120 },
    ]);
    expect(Thresholds.parse((await http(gw.base, 'GET', '/api/alerts/thresholds')).body)).toEqual([
      { ip: a.address, offlineAfter: 120 },
    ]);
    expect(Thresholds.parse((await setThreshold(a.address, null)).body)).toEqual([]);

    for (const body of [
      { ip: 'not-an-address', offlineAfter: 60 },
      { ip: a.address, offlineAfter: 0 },
      { ip: a.address, offlineAfter: 7 * 86_400 + 1 },
      { ip: a.address, offlineAfter: 1.5 },
      { ip: a.address, offlineAfter: '60' },
      { ip: a.address },
      {},
    ]) {
      const bad = await http(gw.base, 'PUT', '/api/alerts/thresholds', body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(ErrorBody.parse(bad.body).code).toBe(
        body.ip === 'not-an-address' ? 'INVALID_DEVICE_ADDRESS' : 'VALIDATION_FAILED',
      );
    }
    expect(Thresholds.parse((await http(gw.base, 'GET', '/api/alerts/thresholds')).body)).toEqual([]);
  });

  it("a device's own threshold overrides the global one, shorter or longer", async () => {
    const { a, b } = devices();
    // global: an hour. a: 1 s of its own, so it alerts; b: no threshold of its own, so it does not.
    await http(gw.base, 'PUT', '/api/alerts', {
      channels: [{ id: 'hook', type: 'webhook', url: `${hook.url}/alerts` }],
      deviceOfflineAfter: 3600,
    });
    expect((await setThreshold(a.address, 1)).status).toBe(200);
    hook.received.length = 0;
    const bLost = await lostCount(b.address);
    await b.goOffline();
    await waitFor(async () => (await lostCount(b.address)) > bLost, { what: 'b lost' });
    await a.goOffline();
    await waitFor(() => offlineAlerts(a.address).length === 1, { what: "a's offline alert" });
    // b was lost first: with the global threshold ignored it would have alerted before a
    expect(offlineAlerts(b.address)).toEqual([]);
    await a.goOnline();
    await b.goOnline();
    await waitFor(() => payloads().some((p) => p.kind === 'device-online' && p.device?.ip === a.address), {
      what: 'a back',
    });

    // global: 1 s. b: an hour of its own, so it does not alert; a (own threshold removed) does.
    await http(gw.base, 'PUT', '/api/alerts', {
      channels: [{ id: 'hook', type: 'webhook', url: `${hook.url}/alerts` }],
      deviceOfflineAfter: 1,
    });
    await setThreshold(a.address, null);
    await setThreshold(b.address, 3600);
    hook.received.length = 0;
    const bLostAgain = await lostCount(b.address);
    await b.goOffline();
    await waitFor(async () => (await lostCount(b.address)) > bLostAgain, { what: 'b lost again' });
    await a.goOffline();
    await waitFor(() => offlineAlerts(a.address).length === 1, { what: "a's second offline alert" });
    expect(offlineAlerts(b.address)).toEqual([]);
    await a.goOnline();
    await b.goOnline();
    await setThreshold(b.address, null);
  });
});

describe('alert history', () => {
  it('lists what fired, when, where it went and how, newest first; filters by device and kind; pages', async () => {
    const { a } = devices();
    await waitFor(() => payloads().some((p) => p.kind === 'device-online' && p.device?.ip === a.address), {
      what: 'a back online alert',
    });
    const all = await history();
    const offline = all.entries.find((e) => e.kind === 'device-offline' && e.device?.ip === a.address);
    expect(offline).toMatchObject({
      text: expect.stringContaining('has been offline'),
      device: { ip: a.address, name: a.name },
      channel: { id: 'hook', type: 'webhook' },
      status: 'sent',
      attempts: 1,
    });
    expect(offline?.doneAt).toBeGreaterThanOrEqual(offline?.at ?? Number.POSITIVE_INFINITY);
    expect(all.entries.map((e) => e.id)).toEqual([...all.entries.map((e) => e.id)].sort((x, y) => y - x));

    const mine = await history(`?ip=${a.address}&kind=device-offline`);
    expect(mine.entries.length).toBeGreaterThanOrEqual(2);
    expect(mine.entries.every((e) => e.kind === 'device-offline' && e.device?.ip === a.address)).toBe(true);

    // pages of one: the next page starts below the last id, and together they are the whole list
    const first = await history(`?ip=${a.address}&limit=1`);
    expect(first.entries).toHaveLength(1);
    expect(first.next).toBe(first.entries[0]?.id);
    const second = await history(`?ip=${a.address}&limit=1&before=${first.next}`);
    expect(second.entries[0]?.id).toBeLessThan(first.entries[0]?.id ?? 0);
    const whole = await history(`?ip=${a.address}&limit=200`);
    expect(whole.next).toBeUndefined();
    expect(whole.entries.slice(0, 2)).toEqual([...first.entries, ...second.entries]);
  });

  it('records a delivery that failed with its error, and an alert that had no channel', async () => {
    await http(gw.base, 'PUT', '/api/alerts', {
      channels: [{ id: 'broken', type: 'webhook', url: `${hook.url}/down` }],
      notifications: true,
    });
    hook.failNext(503, 503, 503, 503, 503, 503, 503, 503);
    await http(gw.base, 'POST', '/api/notification', {
      device: { name: 'door', type: 'sensor', ip: '127.0.0.10' },
      notification: { message: 'Door open', type: 'warning' },
    });
    const failed = await waitFor(
      async () => {
        const page = await history('?ip=127.0.0.10&kind=notification');
        const e = page.entries[0];
        return e?.status === 'failed' ? e : undefined;
      },
      { what: 'the delivery given up' },
    );
    hook.clearFailures();
    expect(failed).toMatchObject({
      text: 'Door open',
      device: { ip: '127.0.0.10', name: 'door' },
      channel: { id: 'broken', type: 'webhook' },
      error: expect.stringContaining('HTTP 503'),
    });
    expect(failed.attempts).toBeGreaterThan(1);

    await http(gw.base, 'PUT', '/api/alerts', { channels: [], notifications: true });
    await http(gw.base, 'POST', '/api/notification', {
      device: { name: 'door', type: 'sensor', ip: '127.0.0.10' },
      notification: { message: 'Door closed', type: 'info' },
    });
    const none = (await history('?ip=127.0.0.10')).entries[0];
    expect(none).toMatchObject({ text: 'Door closed', status: 'none', attempts: 0 });
    expect(none?.channel).toBeUndefined();
  });

  it('refuses a bad query with 400', async () => {
    for (const q of ['?ip=bad', '?kind=bogus', '?limit=0', '?limit=201', '?before=0', '?before=x']) {
      const bad = await http(gw.base, 'GET', `/api/alerts/history${q}`);
      expect(bad.status, q).toBe(400);
      expect(ErrorBody.parse(bad.body).code).toBe(
        q === '?ip=bad' ? 'INVALID_DEVICE_ADDRESS' : 'VALIDATION_FAILED',
      );
    }
  });
});

describe('with a gateway password', () => {
  const locked = gatewayForFile({ gateway: { gatewayPassword: 'correct horse battery' } });
  it('refuses the threshold and history routes without a session, answers with one', async () => {
    const calls = [
      ['GET', '/api/alerts/thresholds', undefined],
      ['PUT', '/api/alerts/thresholds', { ip: '127.0.0.5', offlineAfter: 60 }],
      ['GET', '/api/alerts/history', undefined],
    ] as const;
    for (const [method, path, body] of calls) {
      const r = await http(locked.base, method, path, body);
      expect(r.status, `${method} ${path}`).toBe(401);
      expect(ErrorBody.parse(r.body).code).toBe('GATEWAY_SIGN_IN_REQUIRED');
    }
    const signIn = await fetch(`${locked.base}/api/gateway/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: 'correct horse battery' }),
    });
    const cookie = signIn.headers.getSetCookie().join(';').split(';')[0] ?? '';
    for (const [method, path, body] of calls)
      expect((await http(locked.base, method, path, body, { cookie })).status, `${method} ${path}`).toBe(200);
  });
});

describe('alert history size', () => {
  it('keeps the newest finished rows up to its bound, in the SQLite file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'st-alert-history-'));
    const db = openDatabase(dir, createLogger({ name: 'test', level: 'silent' }));
    try {
      const outbox = new AlertOutbox({
        db,
        channel: () => undefined,
        timeline: () => undefined,
        logger: createLogger({ name: 'test', level: 'silent' }),
        historyMax: 3,
      });
      for (let i = 1; i <= 5; i++) {
        outbox.enqueue(
          { id: `a${i}`, kind: 'notification', gateway: { id: 'g', name: 'g' }, at: i, text: `alert ${i}` },
          [],
        );
      }
      const page = outbox.history({ limit: 50 });
      expect(page.entries.map((e) => e.text)).toEqual(['alert 5', 'alert 4', 'alert 3']);
      const rows = db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM alert_outbox').get();
      expect(rows?.n).toBe(3);
    } finally {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
