import { createHmac } from 'node:crypto';
import { AlertPayload, AlertSettings, AlertTestResult, TimelineEntry } from '@st/protocol';
import {
  type HttpReceiver,
  loopbackBlock,
  type SmtpReceiver,
  startHttpReceiver,
  startSmtpReceiver,
  waitFor,
} from '@st/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { command, ErrorBody, http } from './helpers';
import { gatewayForFile } from './support/harness';

// Alerts over real sockets: a simulated device, a real HTTP receiver for webhooks and ntfy, a real SMTP server.

const gw = gatewayForFile({
  gateway: { lostAfterMs: 800, lostCheckIntervalMs: 100, alertTimings: { pollMs: 100, retryBaseMs: 200 } },
  devices: [{ ips: loopbackBlock(1), kinds: ['lamp'], beaconIntervalMs: 200, logRate: 0 }],
});
const Timeline = z.array(TimelineEntry);
let hook: HttpReceiver;
let ntfy: HttpReceiver;
let smtp: SmtpReceiver;

beforeAll(async () => {
  hook = await startHttpReceiver();
  ntfy = await startHttpReceiver();
  smtp = await startSmtpReceiver();
});
afterAll(async () => {
  await hook.close();
  await ntfy.close();
  await smtp.close();
});

const secret = 'hook-secret-1';
function channels() {
  return [
    { id: 'hook', type: 'webhook', url: `${hook.url}/alerts`, secret },
    { id: 'phone', type: 'ntfy', url: ntfy.url, topic: 'st-alerts', token: 'tk_1' },
    {
      id: 'mail',
      type: 'email',
      host: '127.0.0.1',
      port: smtp.port,
      user: 'alerts',
      password: 'smtp-pass',
      // the test SMTP server offers no STARTTLS (alertSecurity.test.ts: without this, no password is sent)
      allowInsecureLogin: true,
      from: 'gw@example.com',
      to: ['me@example.com'],
    },
  ] as const;
}
function settings(extra: Partial<z.input<typeof AlertSettings>> = {}) {
  return {
    channels: channels(),
    deviceOfflineAfter: 1,
    notifications: true,
    ...extra,
  };
}
const payloads = (r: HttpReceiver) => r.received.map((x) => AlertPayload.parse(JSON.parse(x.body)));
const timeline = async (ip: string, kinds = '') =>
  Timeline.parse(
    (await http(gw.base, 'GET', `/api/devices/timeline?ip=${ip}${kinds ? `&kinds=${kinds}` : ''}`)).body,
  );

describe('alert settings', () => {
  it('keeps secrets write-only: GET says they are set, a PUT without them keeps them', async () => {
    const put = await http(gw.base, 'PUT', '/api/alerts', settings());
    expect(put.status).toBe(200);
    for (const body of [put.text, (await http(gw.base, 'GET', '/api/alerts')).text]) {
      expect(body).not.toContain(secret);
      expect(body).not.toContain('smtp-pass');
      expect(body).not.toContain('tk_1');
    }
    const got = AlertSettings.parse((await http(gw.base, 'GET', '/api/alerts')).body);
    const has = (c: (typeof got.channels)[number]) =>
      c.type === 'webhook' ? c.hasSecret : c.type === 'ntfy' ? c.hasToken : c.hasPassword;
    expect(got.channels.map((c) => [c.id, has(c)])).toEqual([
      ['hook', true],
      ['phone', true],
      ['mail', true],
    ]);
    // the console sends back what it got (no secrets): they stay
    expect((await http(gw.base, 'PUT', '/api/alerts', got)).status).toBe(200);
    hook.received.length = 0;
    const test = AlertTestResult.parse((await http(gw.base, 'POST', '/api/alerts/test?channel=hook')).body);
    expect(test).toEqual({ ok: true });
    const [req] = hook.received;
    expect(req?.headers['x-signature-256']).toBe(
      `sha256=${createHmac('sha256', secret)
        .update(req?.body ?? '')
        .digest('hex')}`,
    );
    expect(payloads(hook)[0]).toMatchObject({ kind: 'test' });
  });

  it('refuses bad input with a catalog code', async () => {
    const bad = await http(gw.base, 'PUT', '/api/alerts', {
      channels: [{ id: 'x', type: 'webhook', url: 'ftp://x' }],
    });
    expect(bad.status).toBe(400);
    expect(ErrorBody.parse(bad.body).code).toBe('VALIDATION_FAILED');
    const dup = await http(gw.base, 'PUT', '/api/alerts', {
      channels: [
        { id: 'a', type: 'webhook', url: hook.url },
        { id: 'a', type: 'webhook', url: hook.url },
      ],
    });
    expect(dup.status).toBe(400);
    const missing = await http(gw.base, 'POST', '/api/alerts/test?channel=nope');
    expect(missing.status).toBe(404);
    expect(ErrorBody.parse(missing.body).code).toBe('ALERT_CHANNEL_NOT_FOUND');
    expect((await http(gw.base, 'GET', '/api/devices/timeline?ip=nonsense')).status).toBe(400);
    expect((await http(gw.base, 'GET', '/api/devices/timeline?ip=127.0.0.2&kinds=bogus')).status).toBe(400);
  });

  it('sends an e-mail through a real SMTP server, logged in', async () => {
    await http(gw.base, 'PUT', '/api/alerts', settings());
    const test = AlertTestResult.parse((await http(gw.base, 'POST', '/api/alerts/test?channel=mail')).body);
    expect(test).toEqual({ ok: true });
    await waitFor(() => smtp.mails.length === 1, { what: 'mail' });
    expect(smtp.mails[0]).toMatchObject({ from: 'gw@example.com', to: ['me@example.com'], user: 'alerts' });
    expect(smtp.mails[0]?.data).toContain('Subject: [SmartThing] test:');
    // Derived from the alert's idempotency key: a repeat delivery is the same message to the mail client.
    expect(smtp.mails[0]?.data).toMatch(/^Message-ID: <alert\.[0-9a-f]{32}@example\.com>\r?$/m);
  });
});

describe('device alerts', () => {
  it('alerts once when a device stays offline past the threshold, and once when it is back', async () => {
    await http(gw.base, 'PUT', '/api/alerts', settings());
    hook.received.length = 0;
    const device = gw.sim().devices[0];
    if (!device) throw new Error('no device');
    const ip = device.address;
    await device.goOffline();
    await waitFor(() => payloads(hook).some((p) => p.kind === 'device-offline'), { what: 'offline alert' });
    await device.goOnline();
    await waitFor(() => payloads(hook).some((p) => p.kind === 'device-online'), { what: 'online alert' });
    const kinds = payloads(hook).map((p) => p.kind);
    expect(kinds.filter((k) => k === 'device-offline')).toHaveLength(1);
    expect(kinds.filter((k) => k === 'device-online')).toHaveLength(1);
    const offline = payloads(hook).find((p) => p.kind === 'device-offline');
    expect(offline?.device).toEqual({ ip, name: device.name });
    // One idempotency key per alert, in the body and the Idempotency-Key header.
    const ids = payloads(hook).map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(hook.received.map((r) => r.headers['idempotency-key'])).toEqual(ids);
    for (const r of hook.received) {
      expect(r.headers['x-signature-256']).toBe(
        `sha256=${createHmac('sha256', secret).update(r.body).digest('hex')}`,
      );
    }
    // the same incident went to ntfy in its publish format
    const push = ntfy.received.map((r) => JSON.parse(r.body)).find((b) => b.tags?.includes('device-offline'));
    expect(push).toMatchObject({ topic: 'st-alerts', priority: 4, message: offline?.text });
    expect(ntfy.received[0]?.headers.authorization).toBe('Bearer tk_1');

    const entries = await waitFor(
      async () => {
        const list = await timeline(ip);
        return list.filter((e) => e.kind === 'alert').length >= 4 ? list : undefined;
      },
      { what: 'alert outcomes on the timeline' },
    );
    const found = entries.find((e) => e.kind === 'found' && typeof e.away === 'number');
    expect(found?.text).toMatch(/^Back after/);
    expect(entries.some((e) => e.kind === 'lost')).toBe(true);
    expect(entries.map((e) => e.t)).toEqual([...entries.map((e) => e.t)].sort((a, b) => b - a));
  });

  it('does not alert for a muted device', async () => {
    const device = gw.sim().devices[0];
    if (!device) throw new Error('no device');
    await http(gw.base, 'PUT', '/api/alerts', settings({ muted: [device.address] }));
    hook.received.length = 0;
    await device.goOffline();
    await waitFor(async () => (await timeline(device.address, 'lost')).length >= 2, { what: 'second loss' });
    await device.goOnline();
    await waitFor(async () => (await timeline(device.address, 'found')).length >= 3, { what: 'back' });
    expect(payloads(hook).filter((p) => p.kind !== 'test')).toEqual([]);
  });

  it('sends device notifications to ntfy in its publish format', async () => {
    await http(gw.base, 'PUT', '/api/alerts', settings({ channels: [channels()[1]] }));
    ntfy.received.length = 0;
    await http(gw.base, 'POST', '/api/notification', {
      device: { name: 'kitchen-lamp', type: 'lamp', ip: '127.0.0.9' },
      notification: { message: 'Water leak!', type: 'error' },
    });
    await waitFor(() => ntfy.received.length === 1, { what: 'ntfy publish' });
    const body = JSON.parse(ntfy.received[0]?.body ?? '');
    expect(body).toEqual({
      topic: 'st-alerts',
      title: `notification: kitchen-lamp (127.0.0.9) on ${body.title.split(' on ')[1]}`,
      message: 'Water leak!',
      priority: 3,
      tags: ['bell', 'notification'],
    });
    const entries = await timeline('127.0.0.9');
    expect(entries.find((e) => e.kind === 'notification')).toMatchObject({
      text: 'Water leak!',
      type: 'error',
    });
  });

  it('retries a failing webhook with backoff and says so on the timeline', async () => {
    await http(gw.base, 'PUT', '/api/alerts', settings({ channels: [channels()[0]] }));
    hook.received.length = 0;
    hook.failNext(503, 500);
    await http(gw.base, 'POST', '/api/notification', {
      device: { name: 'door', type: 'sensor', ip: '127.0.0.10' },
      notification: { message: 'Door open', type: 'warning' },
    });
    await waitFor(() => hook.received.length === 3, { what: 'third attempt' });
    const bodies = hook.received.map((r) => r.body);
    expect(new Set(bodies).size).toBe(1);
    const entries = await waitFor(
      async () => {
        const list = await timeline('127.0.0.10', 'alert');
        return list.length === 3 ? list : undefined;
      },
      { what: 'three alert entries' },
    );
    expect(entries.map((e) => e.outcome)).toEqual(['sent', 'retrying', 'retrying']);
    expect(entries[2]?.text).toContain('HTTP 503');
    expect(entries[0]?.text).toContain('sent after 3 attempts');
  });
});

describe('timeline of console actions', () => {
  it('records a rename and a restart made through the device request route', async () => {
    const device = gw.sim().devices[0];
    if (!device) throw new Error('no device');
    const ip = device.address;
    const renamed = await http(gw.base, 'POST', '/api/device/request', {
      device: ip,
      command: 'saveName',
      params: { name: 'porch' },
    });
    expect(renamed.status).toBe(200);
    await http(gw.base, 'POST', '/api/device/request', { device: ip, command: 'getInfo' });
    await http(gw.base, 'POST', '/api/device/request', { device: ip, command: 'restart' });
    const entries = await timeline(ip, 'rename,restart,action');
    expect(entries.map((e) => [e.kind, e.text, e.via])).toEqual([
      ['restart', 'Restart requested', 'console'],
      ['rename', 'Renamed to "porch"', 'console'],
    ]);
    // the beacon with the new name does not add a second rename; the restart is no lost + found pair
    await waitFor(async () => (await command(gw.base, ip, 'getInfo')).status === 200, {
      what: 'back after restart',
      timeoutMs: 15_000,
    });
    expect(await timeline(ip, 'restart')).toHaveLength(1);
    expect(await timeline(ip, 'rename')).toHaveLength(1);
    // paging: the next page starts after the last entry of the first
    const all = await timeline(ip);
    const first = Timeline.parse((await http(gw.base, 'GET', `/api/devices/timeline?ip=${ip}&limit=2`)).body);
    const last = first[1];
    if (!last) throw new Error('short page');
    const next = Timeline.parse(
      (await http(gw.base, 'GET', `/api/devices/timeline?ip=${ip}&limit=2&to=${last.t}&before=${last.id}`))
        .body,
    );
    expect([...first, ...next].map((e) => e.id)).toEqual(all.slice(0, 4).map((e) => e.id));
  });
});
