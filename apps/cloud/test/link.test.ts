import { makeFirmwareImage, parseServerTiming } from '@st/protocol';
import { waitFor } from '@st/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, field, type StorageKind, startCloud, type TestCloud, testStorage } from './helpers';
import {
  gwCall,
  isOnline,
  type LiveClient,
  linkGateway,
  openLive,
  removeDir,
  startDevice,
  startTestGateway,
  type TestGateway,
} from './system';

describe.each<StorageKind>(['sqlite', 'postgres'])('gateway link and relay on %s', (kind) => {
  let storage: Awaited<ReturnType<typeof testStorage>>;
  let cloud: TestCloud;
  let gw: TestGateway;
  let device: Awaited<ReturnType<typeof startDevice>>;
  let user: Browser;
  let live: LiveClient;
  let gatewayId: string;

  beforeAll(async () => {
    storage = await testStorage(kind);
    cloud = await startCloud(storage.overrides);
    gw = await startTestGateway();
    device = await startDevice(gw.discoveryPort, gw.url);
    user = new Browser(cloud.url);
    await user.login();
    live = await openLive(cloud.url, user.cookie);
    await live.subscribe('/secured/events');
    ({ gatewayId } = await linkGateway(user, cloud.url, gw));
  });
  afterAll(async () => {
    await live?.close();
    await device?.sim.stop();
    await gw?.stop();
    await cloud?.stop();
    if (gw) removeDir(gw.dataDir);
    await storage?.stop();
  });

  it('shows the linked gateway online, tells the owner CONNECTED, and the gateway reports CONNECTED', async () => {
    expect(await isOnline(user, gatewayId)).toBe(true);
    await waitFor(() => (live.messages.get('/secured/events')?.length ?? 0) > 0);
    expect(live.messages.get('/secured/events')?.[0]).toEqual({
      gateway: { id: gatewayId, name: 'Home', description: '' },
      event: 'CONNECTED',
    });
    expect((await gwCall(gw.url, 'GET', '/api/cloud/connection/status')).body).toBe('CONNECTED');
    const identity = await gwCall(gw.url, 'GET', '/api/cloud/identity');
    expect(identity.body).toMatchObject({ gateway: { id: gatewayId }, user: { login: 'admin' } });
    const config = await gwCall(gw.url, 'GET', '/api/cloud/config');
    expect(config.body).toEqual({ cloudUrl: cloud.url });
  });

  it('relays a gateway API call with status, body and a Server-Timing header', async () => {
    const r = await user.call('POST', `/api/gateway/requests/${gatewayId}`, {
      url: '/api/build',
      method: 'GET',
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ mode: 'gateway' });
    const timing = parseServerTiming(r.headers.get('server-timing') ?? '').map((t) => t.name);
    expect(timing).toEqual(['cloud', 'link', 'gateway']);
  });

  it('passes a gateway error status through unchanged and refuses /api/cloud/* with 403', async () => {
    const missing = await user.call('POST', `/api/gateway/requests/${gatewayId}`, {
      url: '/api/devices/saved?ip=127.0.0.1',
      method: 'DELETE',
    });
    const direct = await gwCall(gw.url, 'DELETE', '/api/devices/saved?ip=127.0.0.1');
    expect(direct.status).toBeGreaterThanOrEqual(400);
    expect(missing.status).toBe(direct.status);
    expect(missing.body).toEqual(direct.body);
    const cloudCfg = await user.call('POST', `/api/gateway/requests/${gatewayId}`, {
      url: '/api/cloud/config',
      method: 'GET',
    });
    expect(cloudCfg.status).toBe(403);
    expect(cloudCfg.body).toMatchObject({ code: 'RELAY_FORBIDDEN_PATH' });
    const logout = await user.call('POST', `/api/gateway/requests/${gatewayId}`, {
      url: '/api/cloud/logout',
      method: 'DELETE',
    });
    expect(logout.status).toBe(403);
    expect((await gwCall(gw.url, 'GET', '/api/cloud/connection/status')).body).toBe('CONNECTED');
  });

  it('runs a device command through the relay, with the device time in Server-Timing', async () => {
    const r = await user.call('POST', '/api/gateway/requests/device', {
      gatewayId,
      device: device.address,
      command: 'getInfo',
      params: {},
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ ip: device.address.split(':')[0] });
    const names = parseServerTiming(r.headers.get('server-timing') ?? '').map((t) => t.name);
    expect(names).toContain('device');
  });

  it('answers PING and refuses unknown gateway commands', async () => {
    const ping = await user.call('POST', '/api/gateway/requests/command', { gatewayId, command: 'PING' });
    expect(ping.status).toBe(200);
    expect(ping.body).toEqual({ status: 200, data: 'pong' });
    const logout = await user.call('POST', '/api/gateway/requests/command', { gatewayId, command: 'LOGOUT' });
    expect(logout.status).toBe(400);
  });

  it('uploads a firmware file through the raw relay (multipart) and downloads the same bytes back', async () => {
    const image = makeFirmwareImage({ version: '1.2.3', size: 64 * 1024, seed: 7 });
    const form = new FormData();
    form.append('info', JSON.stringify({ type: 'lamp', board: 'esp32', version: '1.2.3' }));
    form.append('file', new Blob([Uint8Array.from(image)]), 'lamp.bin');
    const upload = await fetch(
      `${cloud.url}/api/gateway/requests/${gatewayId}/raw?url=${encodeURIComponent('/api/ota/firmware')}&method=POST`,
      { method: 'POST', headers: { cookie: user.cookie ?? '' }, body: form },
    );
    const created: unknown = await upload.json();
    expect(upload.status, JSON.stringify(created)).toBe(201);
    const id = field(created, 'id');
    const download = await fetch(
      `${cloud.url}/api/gateway/requests/${gatewayId}/raw?url=${encodeURIComponent(`/api/ota/firmware/download?id=${id}`)}&method=GET`,
      {
        method: 'POST',
        headers: { cookie: user.cookie ?? '' },
      },
    );
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(Buffer.from(image))).toBe(true);
  });

  it('carries a binary body through the raw relay', async () => {
    const bytes = Buffer.from([0, 1, 2, 250, 255, 0x7b, 0x7d]);
    const res = await fetch(
      `${cloud.url}/api/gateway/requests/${gatewayId}/raw?url=${encodeURIComponent('/api/devices/settings')}&method=POST`,
      {
        method: 'POST',
        headers: { cookie: user.cookie ?? '', 'content-type': 'application/octet-stream' },
        body: bytes,
      },
    );
    // The gateway got the bytes as they were: not JSON for a JSON route, so it refuses as it would locally.
    const direct = await fetch(`${gw.url}/api/devices/settings`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: bytes,
    });
    expect(res.status).toBe(direct.status);
    expect(await res.text()).toBe(await direct.text());
  });

  it('forwards a gateway topic to the browser subscribed to it', async () => {
    const found = `/secured/gateway/${gatewayId}/devices/found`;
    await live.subscribe(found);
    // Restarting the device makes the gateway lose and find it again.
    await device.sim.stop();
    await waitFor(async () => {
      const r = await gwCall(gw.url, 'GET', '/api/devices/found');
      return Array.isArray(r.body) && r.body.length === 0;
    });
    device = await startDevice(gw.discoveryPort, gw.url);
    await waitFor(() => (live.messages.get(found)?.length ?? 0) > 0, { what: 'a forwarded found device' });
    expect(live.messages.get(found)?.[0]).toMatchObject({ ip: device.address.split(':')[0] });
  });

  it("delivers a device's notification to the owner's browsers, naming the gateway", async () => {
    await live.subscribe('/secured/notifications');
    const posted = await gwCall(gw.url, 'POST', '/api/notification', {
      device: { name: 'lamp', type: 'lamp', ip: device.address },
      notification: { message: 'Door open', type: 'warning' },
    });
    expect(posted.status).toBeLessThan(300);
    await waitFor(() => (live.messages.get('/secured/notifications')?.length ?? 0) > 0);
    expect(live.messages.get('/secured/notifications')?.[0]).toMatchObject({
      gateway: { id: gatewayId, name: 'Home' },
      notification: { message: 'Door open', type: 'warning' },
    });
  });

  it('deleting the token drops the live link; the owner gets DISCONNECTED and the relay answers 503', async () => {
    const events = live.messages.get('/secured/events') ?? [];
    const before = events.length;
    const t = await user.call('POST', `/api/auth/gateway/logout/${gatewayId}`);
    expect(t.status).toBe(200);
    await waitFor(async () => !(await isOnline(user, gatewayId)), { what: 'the gateway to go offline' });
    await waitFor(() => events.slice(before).some((e) => Reflect.get(Object(e), 'event') === 'DISCONNECTED'));
    const relay = await user.call('POST', `/api/gateway/requests/${gatewayId}`, {
      url: '/api/build',
      method: 'GET',
    });
    expect(relay.status).toBe(503);
    expect(relay.body).toMatchObject({ code: 'GATEWAY_OFFLINE' });
    await waitFor(async () => {
      const s = (await gwCall(gw.url, 'GET', '/api/cloud/connection/status')).body;
      return s === 'RECONNECTING' || s === 'CONNECTION_LOST';
    });
  });
});

describe('link loss, cloud restart and relay timeout', () => {
  let storage: Awaited<ReturnType<typeof testStorage>>;
  let cloud: TestCloud;
  let gw: TestGateway;
  let user: Browser;
  let gatewayId: string;

  beforeAll(async () => {
    storage = await testStorage('sqlite');
    cloud = await startCloud(storage.overrides, { relayTimeoutMs: 400 });
    gw = await startTestGateway();
    user = new Browser(cloud.url);
    await user.login();
    ({ gatewayId } = await linkGateway(user, cloud.url, gw));
  });
  afterAll(async () => {
    await gw?.stop();
    await cloud?.stop();
    if (gw) removeDir(gw.dataDir);
    await storage?.stop();
  });

  it('answers 504 when the device behind the gateway is slower than the relay waits', async () => {
    const slow = await startDevice(gw.discoveryPort, gw.url, { slowMs: 1500 });
    try {
      const r = await user.call('POST', '/api/gateway/requests/device', {
        gatewayId,
        device: slow.address,
        command: 'getInfo',
      });
      expect(r.status).toBe(504);
      expect(r.body).toMatchObject({ code: 'RELAY_TIMEOUT' });
    } finally {
      await slow.sim.stop();
    }
  });

  it('reconnects by itself after the cloud restarts, and the owner sees it online again', async () => {
    const port = cloud.port;
    await cloud.stop();
    await waitFor(async () => {
      const s = (await gwCall(gw.url, 'GET', '/api/cloud/connection/status')).body;
      return s === 'RECONNECTING' || s === 'CONNECTION_LOST';
    });
    cloud = await startCloud({ ...storage.overrides, port }, { relayTimeoutMs: 400 });
    await waitFor(
      async () => (await gwCall(gw.url, 'GET', '/api/cloud/connection/status')).body === 'CONNECTED',
      {
        what: 'the gateway to reconnect',
      },
    );
    user = new Browser(cloud.url);
    await user.login();
    await waitFor(() => isOnline(user, gatewayId));
    const ping = await user.call('POST', '/api/gateway/requests/command', { gatewayId, command: 'PING' });
    expect(ping.status).toBe(200);
  });

  it('keeps the credentials across a gateway restart (file mode 0600) and relinks', async () => {
    const { statSync } = await import('node:fs');
    const { join } = await import('node:path');
    expect(statSync(join(gw.dataDir, 'cloud.json')).mode & 0o777).toBe(0o600);
    const reuse = { dataDir: gw.dataDir, discoveryPort: gw.discoveryPort };
    await gw.stop();
    await waitFor(async () => !(await isOnline(user, gatewayId)));
    gw = await startTestGateway(reuse);
    await waitFor(() => isOnline(user, gatewayId), { what: 'the restarted gateway to relink' });
    expect(field((await gwCall(gw.url, 'GET', '/api/cloud/config')).body, 'cloudUrl')).toBe(cloud.url);
  });

  it('disconnect and logout stop the link for good', async () => {
    expect((await gwCall(gw.url, 'PUT', '/api/cloud/connection/disconnect')).status).toBe(200);
    expect((await gwCall(gw.url, 'GET', '/api/cloud/connection/status')).body).toBe('DISCONNECTED');
    await waitFor(async () => !(await isOnline(user, gatewayId)));
    expect((await gwCall(gw.url, 'DELETE', '/api/cloud/logout')).status).toBe(200);
    expect((await gwCall(gw.url, 'GET', '/api/cloud/connection/status')).body).toBe('NOT_CONNECTED');
    expect((await gwCall(gw.url, 'GET', '/api/cloud/identity')).body).toBeNull();
    // Logout deleted the token in the cloud.
    const g = await user.call('GET', `/api/gateway/management/${gatewayId}`);
    expect(g.body).toMatchObject({ haveToken: false, online: false });
  });
});
