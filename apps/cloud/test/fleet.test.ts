import { CloudBackupVersion, CloudBackupVersionDetail, FleetGateway } from '@st/protocol';
import { waitFor } from '@st/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Browser } from './helpers';
import { type LinkedSystem, startLinkedSystem, type TestDevice } from './support/linked';
import { gwCall, isOnline } from './system';

// The cross-gateway overview (GET /api/fleet) and the cloud's backup copies browsed while the gateway is offline
// (GET /api/cloud-backups/...), over a real cloud, a real linked gateway and a simulated lamp: the counts come
// from the gateway's own summary over its link; every member may read, a viewer gets the Wi-Fi password masked.

const WIFI_PASSWORD = 'Wifi-Secret-5512';
const PASSWORD = 'password-of-someone';
const Fleet = z.array(FleetGateway);
const Versions = z.array(CloudBackupVersion);

describe('cross-gateway overview and cloud backup copies', () => {
  let sys: LinkedSystem & { device: TestDevice };
  let viewer: Browser;
  let stranger: Browser;
  let deviceName = '';

  const fleet = async (as: Browser, q?: string) => {
    const answer = await as.call('GET', `/api/fleet${q === undefined ? '' : `?q=${encodeURIComponent(q)}`}`);
    expect(answer.status, answer.text).toBe(200);
    return Fleet.parse(answer.body);
  };

  beforeAll(async () => {
    sys = await startLinkedSystem({ storage: 'sqlite', device: true });
    await waitFor(
      async () => ((await gwCall(sys.gw.url, 'GET', '/api/devices/found')).body as unknown[]).length === 1,
    );
    deviceName = `hall-lamp-${Math.random().toString(36).slice(2, 6)}`;
    const named = await gwCall(sys.gw.url, 'POST', '/api/device/request', {
      device: sys.device.address,
      command: 'saveName',
      params: { name: deviceName },
    });
    expect(named.status, JSON.stringify(named.body)).toBe(200);
    const wifi = await gwCall(sys.gw.url, 'POST', '/api/device/request', {
      device: sys.device.address,
      command: 'setWiFi',
      params: { ssid: 'home-net', password: WIFI_PASSWORD, mode: 1 },
    });
    expect(wifi.status).toBe(200);
    const described = await sys.user.call('PUT', '/api/gateway/management/update', {
      id: sys.gatewayId,
      name: 'Country house',
      description: 'Lakeside',
    });
    expect(described.status, described.text).toBe(200);
    await sys.cloud.server.users.create('viewer', PASSWORD);
    await sys.cloud.server.users.create('stranger', PASSWORD);
    const shared = await sys.user.call('POST', '/api/gateway/management/share', {
      gatewayId: sys.gatewayId,
      login: 'viewer',
      role: 'viewer',
    });
    expect(shared.status).toBe(200);
    viewer = new Browser(sys.cloud.url);
    await viewer.login('viewer', PASSWORD);
    stranger = new Browser(sys.cloud.url);
    await stranger.login('stranger', PASSWORD);
  });
  afterAll(async () => {
    await sys?.stop();
  });

  it('lists each gateway with the counts its link reported, to any member; a search finds a device', async () => {
    // the gateway reports when linked and soon after a device is found or renamed (lost and found again)
    await waitFor(
      async () => {
        const [g] = await fleet(sys.user);
        return g?.summary?.devices === 1 && g.summary.online === 1;
      },
      { what: 'the gateway summary', timeoutMs: 20_000 },
    );
    const [mine] = await fleet(sys.user);
    expect(mine).toMatchObject({
      id: sys.gatewayId,
      name: 'Country house',
      site: 'Lakeside',
      online: true,
      role: 'owner',
      summary: { devices: 1, online: 1, outdated: 0, crashLooping: 0 },
      matches: [],
    });
    // a viewer reads the overview too, with their own role; someone it is not shared with sees nothing of it
    expect((await fleet(viewer)).map((g) => [g.id, g.role])).toEqual([[sys.gatewayId, 'viewer']]);
    expect(await fleet(stranger)).toEqual([]);

    // search: by site, by gateway name, by a device's name (that device listed), nothing for anything else
    expect((await fleet(sys.user, 'lakes')).map((g) => g.id)).toEqual([sys.gatewayId]);
    expect((await fleet(sys.user, 'COUNTRY')).map((g) => g.id)).toEqual([sys.gatewayId]);
    await waitFor(async () => (await fleet(sys.user, deviceName)).length === 1, {
      what: 'the renamed device in the summary',
      timeoutMs: 20_000,
    });
    const [hit] = await fleet(viewer, deviceName.toUpperCase());
    expect(hit?.matches).toEqual([{ ip: sys.device.address, name: deviceName, online: true }]);
    expect(await fleet(sys.user, 'no-such-thing')).toEqual([]);

    // bad input: a search longer than the limit is refused with a clear message
    const long = await sys.user.call('GET', `/api/fleet?q=${'x'.repeat(65)}`);
    expect(long.status).toBe(400);
    expect(long.text).toContain('longer than 64 characters');
    // signed out: 401
    expect((await new Browser(sys.cloud.url).call('GET', '/api/fleet')).status).toBe(401);
  });

  it("browses the cloud's backup copies while the gateway is offline; a viewer's have the password masked", async () => {
    const run = await gwCall(sys.gw.url, 'POST', '/api/backups/run');
    expect(run.body).toMatchObject({ backedUp: 1 });
    const versionsPath = `/api/cloud-backups/${sys.gatewayId}`;
    await waitFor(async () => Versions.parse((await sys.user.call('GET', versionsPath)).body).length === 1, {
      what: 'the cloud copy',
    });

    // the gateway goes away: the copies stay readable from the cloud
    const gw = sys.gw;
    await gw.stop();
    sys.gw = { ...gw, stop: async () => {} };
    await waitFor(async () => !(await isOnline(sys.user, sys.gatewayId)), { what: 'gateway offline' });
    const [offline] = await fleet(sys.user);
    expect(offline).toMatchObject({ online: false, summary: { devices: 1 } });

    const list = await viewer.call('GET', versionsPath);
    expect(list.status).toBe(200);
    const [version] = Versions.parse(list.body);
    expect(version).toMatchObject({ ip: sys.device.address, source: 'run', device: { name: deviceName } });
    expect(list.text).not.toContain('dump');
    const byIp = await viewer.call('GET', `${versionsPath}?ip=${sys.device.address}`);
    expect(Versions.parse(byIp.body)).toHaveLength(1);
    expect(Versions.parse((await viewer.call('GET', `${versionsPath}?ip=10.9.9.9`)).body)).toEqual([]);

    const onePath = `${versionsPath}/${version?.id}`;
    const full = CloudBackupVersionDetail.parse((await sys.user.call('GET', onePath)).body);
    expect(full.dump).toContain(WIFI_PASSWORD);
    expect(full.secretsMasked).toBe(false);
    const masked = CloudBackupVersionDetail.parse((await viewer.call('GET', onePath)).body);
    expect(masked.secretsMasked).toBe(true);
    expect(masked.dump).not.toContain(WIFI_PASSWORD);
    expect(masked.dump).toContain('home-net');

    const file = await sys.user.call('GET', `${onePath}/file`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename=".+\.txt"$/);
    expect(file.text).toBe(full.dump);
    const viewerFile = await viewer.call('GET', `${onePath}/file`);
    expect(viewerFile.text).toBe(masked.dump);

    // not a member: 404 as for the gateway itself; unknown version 404; bad address or id 400
    const foreign = await stranger.call('GET', versionsPath);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ code: 'GATEWAY_NOT_FOUND' });
    expect((await stranger.call('GET', onePath)).status).toBe(404);
    const unknown = await sys.user.call('GET', `${versionsPath}/no-such-version`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'BACKUP_VERSION_NOT_FOUND' });
    const badIp = await sys.user.call('GET', `${versionsPath}?ip=not-an-address`);
    expect(badIp.status).toBe(400);
    expect(badIp.text).toContain('Not valid ip');
    expect((await sys.user.call('GET', `${versionsPath}/${'x'.repeat(65)}`)).status).toBe(400);
  });
});
