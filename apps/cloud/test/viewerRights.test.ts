import {
  DEVICE_COMMAND_ACCESS,
  DUMP_SECRET_MASK,
  RELAY_ROUTE_ACCESS,
  type RelayableRouteName,
  ROUTES,
} from '@st/protocol';
import { waitFor } from '@st/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser } from './helpers';
import { type LinkedSystem, startLinkedSystem, type TestDevice } from './support/linked';
import { gwCall } from './system';

// A settings dump holds the device's Wi-Fi password. Through the relay a viewer reads every read route and every
// read command of a real gateway with a real (simulated) device and never meets the password; the dumps come
// masked. An operator gets them whole. Deleting a notification (gone for every reader) is an operator's write.

const WIFI_PASSWORD = 'Wifi-Secret-9431';
const PASSWORD = 'password-of-someone';

describe('secrets and notifications through the relay, by role', () => {
  let sys: LinkedSystem & { device: TestDevice };
  const viewer = { browser: undefined as unknown as Browser };
  const operator = { browser: undefined as unknown as Browser };
  let ip = '';
  let dumpId = '';

  beforeAll(async () => {
    sys = await startLinkedSystem({ storage: 'sqlite', device: true });
    ip = sys.device.address;
    const set = await gwCall(sys.gw.url, 'POST', '/api/device/request', {
      device: ip,
      command: 'setWiFi',
      params: { ssid: 'home-net', password: WIFI_PASSWORD, mode: 1 },
    });
    expect(set.status).toBe(200);
    const run = await gwCall(sys.gw.url, 'POST', '/api/backups/run');
    expect(run.body).toMatchObject({ backedUp: 1 });
    const dumps = (await gwCall(sys.gw.url, 'GET', '/api/devices/settings')).body as Array<{
      id: string;
      dump: string;
    }>;
    expect(dumps[0]?.dump).toContain(WIFI_PASSWORD);
    dumpId = dumps[0]?.id ?? '';
    for (const [who, holder] of [
      ['viewer', viewer],
      ['operator', operator],
    ] as const) {
      await sys.cloud.server.users.create(who, PASSWORD);
      const shared = await sys.user.call('POST', '/api/gateway/management/share', {
        gatewayId: sys.gatewayId,
        login: who,
        role: who,
      });
      expect(shared.status).toBe(200);
      holder.browser = new Browser(sys.cloud.url);
      await holder.browser.login(who, PASSWORD);
    }
  });
  afterAll(async () => {
    await sys?.stop();
  });

  const relayGet = (as: Browser, url: string) =>
    as.call('POST', `/api/gateway/requests/${sys.gatewayId}`, { url, method: 'GET' });

  /** Every relayable GET the viewer may call, with the dump's id and the device's address filled in. */
  const readUrls = () =>
    (Object.entries(RELAY_ROUTE_ACCESS) as [RelayableRouteName, string][])
      .filter(([name, access]) => access === 'read' && ROUTES[name].method === 'GET')
      .map(([name]) => `${ROUTES[name].path.replace(':id', dumpId)}?ip=${ip}`);

  it('a viewer meets the Wi-Fi password on no read route and no read command', async () => {
    const urls = readUrls();
    expect(urls.length).toBeGreaterThan(20);
    for (const url of urls) {
      const answer = await relayGet(viewer.browser, url);
      expect(answer.status, url).toBeLessThan(500);
      expect(answer.text, url).not.toContain(WIFI_PASSWORD);
    }
    const raw = await viewer.browser.call(
      'POST',
      `/api/gateway/requests/${sys.gatewayId}/raw?method=GET&url=${encodeURIComponent('/api/devices/settings')}`,
    );
    expect(raw.status).toBe(200);
    expect(raw.text).not.toContain(WIFI_PASSWORD);
    const reads = Object.entries(DEVICE_COMMAND_ACCESS).filter(([, a]) => a === 'read');
    for (const [command] of reads) {
      const answer = await viewer.browser.call('POST', '/api/gateway/requests/device', {
        gatewayId: sys.gatewayId,
        device: ip,
        command,
        params: {},
      });
      expect(answer.text, command).not.toContain(WIFI_PASSWORD);
    }
  });

  it('a viewer gets the dumps with the password masked; the secret-only routes stay refused', async () => {
    for (const url of ['/api/devices/settings', `/api/backups/versions?ip=${ip}`]) {
      const list = await relayGet(viewer.browser, url);
      expect(list.status, url).toBe(200);
      expect(list.body, url).toEqual([
        expect.objectContaining({
          id: dumpId,
          secretsMasked: true,
          dump: expect.stringContaining(DUMP_SECRET_MASK),
        }),
      ]);
      expect(list.text, url).toContain('home-net');
    }
    const one = await relayGet(viewer.browser, `/api/devices/settings/${dumpId}`);
    expect(one.body).toMatchObject({ id: dumpId, secretsMasked: true });
    expect(one.text).not.toContain(WIFI_PASSWORD);
    const archive = await relayGet(viewer.browser, '/api/backups/archive');
    expect(archive.status).toBe(403);
    for (const command of ['getWiFi', 'exportSettings']) {
      const answer = await viewer.browser.call('POST', '/api/gateway/requests/device', {
        gatewayId: sys.gatewayId,
        device: ip,
        command,
        params: {},
      });
      expect(answer.status, command).toBe(403);
    }
  });

  it('a viewer cannot delete a notification (it is gone for everyone); an operator can', async () => {
    const posted = await gwCall(sys.gw.url, 'POST', '/api/notification', {
      device: { name: 'lamp', type: 'lamp', ip },
      notification: { message: 'Door open', type: 'warning' },
    });
    expect(posted.status).toBeLessThan(300);
    const list = () => relayGet(viewer.browser, '/api/notification');
    const [first] = (await list()).body as Array<{ id: string }>;
    const id = first?.id ?? '';
    const seen = (as: Browser) =>
      as.call('POST', `/api/gateway/requests/${sys.gatewayId}`, {
        url: `/api/notification?id=${id}`,
        method: 'DELETE',
      });
    const refused = await seen(viewer.browser);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'ROLE_FORBIDDEN' });
    expect((await list()).body).toEqual([expect.objectContaining({ id })]);
    expect((await seen(operator.browser)).status).toBe(200);
    expect((await list()).body).toEqual([]);
  });

  it('an operator reads the dumps whole', async () => {
    for (const url of [
      '/api/devices/settings',
      `/api/devices/settings/${dumpId}`,
      `/api/backups/versions?ip=${ip}`,
    ]) {
      const answer = await relayGet(operator.browser, url);
      expect(answer.status, url).toBe(200);
      expect(answer.text, url).toContain(WIFI_PASSWORD);
      expect(answer.text, url).not.toContain('secretsMasked');
    }
    const wifi = await operator.browser.call('POST', '/api/gateway/requests/device', {
      gatewayId: sys.gatewayId,
      device: ip,
      command: 'getWiFi',
      params: {},
    });
    expect(wifi.text).toContain(WIFI_PASSWORD);
  });

  it("the cloud's backup copies: whole for an operator, refused to a viewer", async () => {
    const copies = (as: Browser) => as.call('GET', `/api/gateway/backups/${sys.gatewayId}`);
    await waitFor(async () => ((await copies(operator.browser)).body as unknown[]).length === 1, {
      what: 'the cloud copy',
    });
    expect((await copies(operator.browser)).text).toContain(WIFI_PASSWORD);
    const refused = await copies(viewer.browser);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'ROLE_FORBIDDEN' });
    expect(refused.text).not.toContain(WIFI_PASSWORD);
  });
});
