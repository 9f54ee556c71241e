import {
  DeviceActionsSchema,
  DeviceInfoSchema,
  FeaturesSchema,
  HookSchema,
  HookTemplatesSchema,
  MetricsSchema,
  Notification,
  parseServerTiming,
  SensorsSchema,
  SettingsDumpRecord,
  WifiInfoSchema,
} from '@st/protocol';
import { loopbackBlock, waitFor } from '@st/testkit';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { command, ErrorBody, http, subscribe } from './helpers';
import { gatewayForFile } from './support/harness';

const gw = gatewayForFile({
  gateway: { deviceTimeoutMs: 1500 },
  devices: [
    {
      ips: loopbackBlock(3),
      kinds: ['lamp', 'weather', 'button'],
      linked: true,
      logRate: 0,
      rebootMs: 300,
      restartDelayMs: 50,
      importRebootDelayMs: 2500,
    },
  ],
});
let lamp: string;
let weather: string;
let button: string;

function device(address: string) {
  const d = gw.sim().devices.find((x) => x.address === address);
  if (!d) throw new Error(`no simulated device ${address}`);
  return d;
}

beforeAll(() => {
  [lamp, weather, button] = gw.sim().devices.map((d) => d.address) as [string, string, string];
});

describe('device commands through the gateway', () => {
  it('reads: health, info, wifi, actions, sensors, config, features, metrics', async () => {
    const health = await command(gw.base, lamp, 'health');
    expect(health).toMatchObject({ status: 200, text: 'I am alive!!! :)' });
    const timed = await fetch(`${gw.base}/api/device/request`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ command: 'health', device: lamp }),
    });
    expect(parseServerTiming(timed.headers.get('server-timing') ?? '').map((t) => t.name)).toEqual([
      'device',
    ]);
    const info = DeviceInfoSchema.parse((await command(gw.base, lamp, 'getInfo')).body);
    expect(info).toMatchObject({ name: 'lamp-1', type: 'lamp', board: 'esp32', stVersion: '1.0' });
    expect(WifiInfoSchema.parse((await command(gw.base, lamp, 'getWiFi')).body).modes).toBeDefined();
    const actions = DeviceActionsSchema.parse((await command(gw.base, lamp, 'getActions')).body);
    expect(actions.map((a) => a.name)).toEqual(expect.arrayContaining(['led_on', 'led_off', 'toggle']));
    expect(Object.keys(SensorsSchema.parse((await command(gw.base, lamp, 'getSensors')).body))).toEqual(
      expect.arrayContaining(['light', 'led']),
    );
    const config = z
      .record(z.string(), z.string())
      .parse((await command(gw.base, lamp, 'getConfigValues')).body);
    expect(config.brightness).toBe('80');
    expect(FeaturesSchema.parse((await command(gw.base, lamp, 'getFeatures')).body).hooks).toBe(true);
    expect(
      MetricsSchema.parse((await command(gw.base, lamp, 'getMetrics')).body).uptime,
    ).toBeGreaterThanOrEqual(0);
  });

  it('device can be named by its name as well as its address', async () => {
    const byName = await command(gw.base, 'weather-2', 'getInfo');
    expect(DeviceInfoSchema.parse(byName.body).ip).toBe(weather);
  });

  it('writes reach the device: name, wifi, action, schedule, config values', async () => {
    expect((await command(gw.base, lamp, 'saveName', { name: 'desk-lamp' })).status).toBe(200);
    expect(device(lamp).state.name).toBe('desk-lamp');

    await command(gw.base, lamp, 'setWiFi', { ssid: 'Home', password: 'password1', mode: 1 });
    expect(device(lamp).state.wifi).toMatchObject({ ssid: 'Home', password: 'password1', mode: 1 });

    // Not cached: the same state-changing call twice reaches the device twice.
    await command(gw.base, lamp, 'callAction', { name: 'toggle' });
    expect(device(lamp).state.sensors.led).toBe(1);
    await command(gw.base, lamp, 'callAction', { name: 'toggle' });
    expect(device(lamp).state.sensors.led).toBe(0);

    await command(gw.base, lamp, 'actionSchedule', { name: 'led_on', callDelay: 60000 });
    expect(device(lamp).state.actions.find((a) => a.name === 'led_on')?.callDelay).toBe(60000);

    const config = device(lamp).state.config;
    await command(gw.base, lamp, 'saveConfigValues', { values: { ...config, brightness: '35' } });
    expect(device(lamp).state.config.brightness).toBe('35');
    await command(gw.base, lamp, 'deleteConfigValue', { name: 'auto_off' });
    expect(device(lamp).state.config.auto_off ?? '').toBe('');
    expect(device(lamp).state.config.gtw).toBe(config.gtw);
  });

  it('hooks: templates, create, list, by id, all, update, test (a notification reaches the gateway), delete', async () => {
    const templates = HookTemplatesSchema.parse(
      (await command(gw.base, lamp, 'getHooksTemplates', { sensor: 'light' })).body,
    );
    expect(Object.keys(templates)).toEqual(expect.arrayContaining(['default', 'notification']));

    const live = await subscribe(gw.wsUrl, '/notifications');
    const hook = {
      type: 'notification',
      triggerEnabled: false,
      message: 'Light is {v}',
      notificationType: 2,
    };
    const created = await command(gw.base, lamp, 'createHook', { sensor: 'light', hook });
    expect(created.status).toBe(201);
    const { id } = z.object({ id: z.number() }).parse(created.body);

    const list = z
      .array(HookSchema)
      .parse((await command(gw.base, lamp, 'getHooks', { sensor: 'light' })).body);
    expect(list.map((h) => h.id)).toEqual([id]);
    const one = HookSchema.parse((await command(gw.base, lamp, 'getHookById', { sensor: 'light', id })).body);
    expect(one).toMatchObject({ id, type: 'notification', message: 'Light is {v}' });
    const all = z
      .record(z.string(), z.array(HookSchema))
      .parse((await command(gw.base, lamp, 'getAllHooks')).body);
    expect(all.light?.map((h) => h.id)).toEqual([id]);
    expect(all.led).toEqual([]);
    const missing = await command(gw.base, lamp, 'getHookById', { sensor: 'light', id: 98 });
    expect(missing.status).toBe(404);

    const update = await command(gw.base, lamp, 'updateHook', {
      sensor: 'light',
      hook: { ...one, message: 'Lux {v}' },
    });
    expect(update.status).toBe(200);
    expect(device(lamp).state.hooks.light?.[0]).toMatchObject({ message: 'Lux {v}' });

    const tested = await command(gw.base, lamp, 'testHook', { sensor: 'light', id, value: '42' });
    expect(tested.status).toBe(200);
    const pushed = await waitFor(
      () => live.messages.map((m) => Notification.parse(m)).find((n) => n.notification.message === 'Lux 42'),
      // Without a trigger the hook also fires on every change of the light value: look for the tested one.
      { what: 'the test-hook notification "Lux 42"' },
    );
    expect(pushed).toMatchObject({
      device: { name: 'desk-lamp' },
      notification: { message: 'Lux 42', type: 'warning' },
    });
    const stored = z.array(Notification).parse((await http(gw.base, 'GET', '/api/notification')).body);
    expect(stored.map((n) => n.id)).toContain(pushed.id);
    await live.close();

    expect((await command(gw.base, lamp, 'deleteHook', { sensor: 'light', id })).status).toBe(200);
    expect(device(lamp).state.hooks.light).toBeUndefined();
  });

  it('settings: export, keep the dump on the gateway, import it back (the device reboots)', async () => {
    const exported = await command(gw.base, weather, 'exportSettings');
    expect(exported.status).toBe(200);
    const info = DeviceInfoSchema.parse((await command(gw.base, weather, 'getInfo')).body);
    const saved = await http(gw.base, 'POST', '/api/devices/settings', { device: info, dump: exported.text });
    expect(saved.status).toBe(201);
    expect(SettingsDumpRecord.parse(saved.body).dump).toBe(exported.text.trim());

    await command(gw.base, weather, 'saveName', { name: 'renamed' });
    const imported = await command(gw.base, weather, 'importSettings', { settings: exported.text });
    expect(imported.status).toBe(202);
    await waitFor(() => device(weather).state.name === 'weather-2', {
      what: 'settings restored',
      timeoutMs: 8000,
    });

    const bad = await command(gw.base, weather, 'importSettings', { settings: '{"cg":{}}' });
    expect(bad.status).toBe(400);
    expect(ErrorBody.parse(bad.body).message).toContain('settings');
  });

  it('restart and wipe reboot the device; the user gets an answer, not a hang', async () => {
    const before = device(button).state.bootCount;
    const restarted = await command(gw.base, button, 'restart');
    expect([200, 202]).toContain(restarted.status);
    await waitFor(() => device(button).state.bootCount > before && device(button).state.online, {
      what: 'device back after restart',
    });
    // the gateway holds a device it restarted as "restarting" (503) until it has seen it back
    await waitFor(async () => (await command(gw.base, button, 'health')).status === 200, {
      what: 'the gateway answers for the device again',
    });
    await command(gw.base, button, 'saveName', { name: 'to-be-wiped' });
    const wiped = await command(gw.base, button, 'wipe');
    expect([200, 202]).toContain(wiped.status);
    await waitFor(() => device(button).state.online && device(button).state.name !== 'to-be-wiped', {
      what: 'device back after wipe',
    });
    await waitFor(async () => (await command(gw.base, button, 'health')).status === 200, {
      what: 'answers again',
    });
    expect((await command(gw.base, button, 'deleteAllConfigValues')).status).toBe(200);
    expect(Object.values(device(button).state.config).every((v) => v === '')).toBe(true);
  });
});

describe('device command errors', () => {
  it("passes the device's own error through unchanged", async () => {
    const viaGateway = await command(gw.base, lamp, 'callAction', { name: 'no_such_action' });
    const direct = await fetch(`http://${lamp}/actions/call?name=no_such_action`);
    expect(viaGateway.status).toBe(direct.status);
    expect(viaGateway.text).toBe(await direct.text());
    expect(z.object({ error: z.string() }).parse(viaGateway.body).error).toBe(
      'Failed to find action with given name',
    );
  });

  it('refuses unknown devices, unknown commands and bad params with a message', async () => {
    const unknown = await command(gw.base, '10.9.9.9', 'health');
    expect(unknown.status).toBe(404);
    expect(ErrorBody.parse(unknown.body).code).toBe('UNKNOWN_DEVICE');
    const noCommand = await command(gw.base, lamp, 'selfDestruct');
    expect(noCommand.status).toBe(400);
    expect(ErrorBody.parse(noCommand.body).code).toBe('UNKNOWN_COMMAND');
    const badParams = await command(gw.base, lamp, 'actionSchedule', { name: 'led_on', callDelay: 'soon' });
    expect(badParams.status).toBe(400);
    expect(ErrorBody.parse(badParams.body).message).toContain('callDelay');
    const missing = await http(gw.base, 'POST', '/api/device/request', { device: lamp });
    expect(missing.status).toBe(400);
    const wrongType = await http(gw.base, 'POST', '/api/device/request', {
      command: 1,
      device: lamp,
      params: [],
    });
    expect(wrongType.status).toBe(400);
  });

  it('answers 504 for a device too slow and 502 for one gone, without hanging', async () => {
    device(lamp).setSlow(3000);
    const slow = await command(gw.base, lamp, 'getInfo');
    device(lamp).setSlow(0);
    expect(slow.status).toBe(504);
    expect(ErrorBody.parse(slow.body).code).toBe('DEVICE_TIMEOUT');

    await device(lamp).goOffline();
    const gone = await command(gw.base, lamp, 'getInfo');
    expect(gone.status).toBe(502);
    expect(ErrorBody.parse(gone.body)).toMatchObject({ code: 'DEVICE_UNREACHABLE' });
    await device(lamp).goOnline();
  });

  it('lists the 27 commands with their params for a known device only', async () => {
    const Listing = z.array(z.object({ name: z.string(), params: z.array(z.object({ name: z.string() })) }));
    const byIp = Listing.parse((await http(gw.base, 'GET', `/api/device/request/commands?ip=${lamp}`)).body);
    expect(byIp).toHaveLength(27);
    expect(byIp.find((c) => c.name === 'setWiFi')?.params.map((p) => p.name)).toEqual([
      'ssid',
      'password',
      'mode',
    ]);
    const byName = await http(gw.base, 'GET', '/api/device/request/commands?name=weather-2');
    expect(byName.status).toBe(200);
    const blank = await http(gw.base, 'GET', '/api/device/request/commands?name=&ip=');
    expect(blank.status).toBe(400);
    expect(ErrorBody.parse(blank.body).message).toContain("Name and ip can't be blank!");
    expect((await http(gw.base, 'GET', '/api/device/request/commands?ip=10.1.1.1')).status).toBe(404);
  });
});
