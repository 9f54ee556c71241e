import { freeUdpPort, loopbackBlock } from '@st/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimDevice } from './index';
import { type Simulator, startSimulator } from './simulator';
import { call, json } from './testing/client';
import { listenMulticast } from './testing/listeners';

// What the unmodified SmartThingLib 1.0 firmware did on the wire (device-protocol.md §11), device side.

const IMPORT_FREEZE_MS = 1500;
let sim: Simulator;
let beacons: Awaited<ReturnType<typeof listenMulticast>>;
let lamp: SimDevice;
let weather: SimDevice;
let lamp8266: SimDevice;
let button: SimDevice;
let bare: SimDevice;

const get = async (d: SimDevice, path: string) => JSON.parse((await call(d.address, 'GET', path)).body);
const beaconsOf = (d: SimDevice) => beacons.lines.filter((l) => l.startsWith(`${d.address};`)).length;
const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  const discoveryPort = await freeUdpPort();
  beacons = await listenMulticast('224.1.1.1', discoveryPort);
  sim = await startSimulator({
    ips: loopbackBlock(5),
    discoveryPort,
    beaconIntervalMs: 100,
    logRate: 0,
    kinds: ['lamp', 'weather', 'lamp', 'button', 'button'],
    rebootMs: 100,
    restartDelayMs: 20,
    importRebootDelayMs: IMPORT_FREEZE_MS,
    ota: false,
    devices: [undefined, undefined, { board: 'esp8266' }, undefined, { noVersion: true }],
  });
  [lamp, weather, lamp8266, button, bare] = sim.devices as [
    SimDevice,
    SimDevice,
    SimDevice,
    SimDevice,
    SimDevice,
  ];
});
afterAll(async () => {
  await sim.stop();
  beacons.close();
});

describe('§11.1 assets carry the CORS header', () => {
  it('GET /, every web-page file and the asset 404 answer with Access-Control-Allow-Origin: *', async () => {
    for (const path of ['/', '/assets/script.js', '/assets/styles.css', '/assets/nope.js']) {
      const r = await call(lamp.address, 'GET', path);
      expect([path, r.headers['access-control-allow-origin']]).toEqual([path, '*']);
    }
    expect((await call(lamp.address, 'GET', '/assets/nope.js')).status).toBe(404);
  });

  it('an esp8266 build serves the minimal page, with the same header', async () => {
    const page = await call(lamp8266.address, 'GET', '/');
    expect(page.body).toContain('/assets/minimal-script.js');
    const script = await call(lamp8266.address, 'GET', '/assets/minimal-script.js');
    expect([script.status, script.headers['access-control-allow-origin']]).toEqual([200, '*']);
    expect((await call(lamp8266.address, 'GET', '/assets/script.js')).status).toBe(404);
  });
});

describe('§11.3 the scheduler clock starts at boot', () => {
  it('right after scheduling, lastCall is the uptime; the action runs once the uptime exceeds callDelay', async () => {
    await expect
      .poll(async () => (await get(lamp, '/metrics')).uptime, { timeout: 5000 })
      .toBeGreaterThan(600);
    const { uptime } = await get(lamp, '/metrics');
    expect(
      (await json(lamp.address, 'PUT', '/actions/schedule', { name: 'led_on', callDelay: 600_000 })).status,
    ).toBe(200);
    const scheduled = (await get(lamp, '/actions/info')).find((a: { name: string }) => a.name === 'led_on');
    // Not the time since scheduling (~0): the time since boot.
    expect(scheduled.callDelay).toBe(600_000);
    expect(scheduled.lastCall).toBeGreaterThanOrEqual(uptime);
    // A period shorter than the uptime: the never-called action runs at the scheduler's next check.
    await json(lamp.address, 'GET', '/actions/call?name=led_off', undefined);
    expect(lamp.state.sensors.led).toBe(0);
    await json(lamp.address, 'PUT', '/actions/schedule', { name: 'led_on', callDelay: 300 });
    await expect.poll(() => lamp.state.sensors.led, { timeout: 5000 }).toBe(1);
    const ran = lamp.state.actions.find((a) => a.name === 'led_on');
    expect(ran?.lastCall).toBeLessThan(lamp.state.uptimeMs);
    await json(lamp.address, 'PUT', '/actions/schedule', { name: 'led_on', callDelay: 0 });
  });
});

describe('§11.4 after a restart the sketch starts from its boot state', () => {
  it("the lamp's led reads 0 again", async () => {
    await call(lamp.address, 'GET', '/actions/call?name=led_on');
    expect((await get(lamp, '/sensors')).led).toBe(1);
    const boots = lamp.state.bootCount;
    expect((await call(lamp.address, 'POST', '/danger/restart')).status).toBe(200);
    await expect.poll(() => lamp.state.bootCount, { timeout: 5000 }).toBe(boots + 1);
    await expect.poll(() => lamp.state.online, { timeout: 5000 }).toBe(true);
    expect((await get(lamp, '/sensors')).led).toBe(0);
  });

  it('a crash is a boot too', async () => {
    button.crash('exception');
    await expect
      .poll(() => button.state.online && button.state.bootCount === 2, { timeout: 5000 })
      .toBe(true);
    expect(button.state.sensors).toMatchObject({ button: 0, presses: 0 });
  });
});

describe('§11.2 an accepted import freezes the device, then it reboots', () => {
  it('esp8266: no answer to the import or any other request, no beacons, then a reboot', async () => {
    const dump = (await call(weather.address, 'GET', '/settings')).body;
    const boots = weather.state.bootCount;
    await expect(
      call(weather.address, 'POST', '/settings', dump, {
        contentType: 'application/octet-stream',
        timeoutMs: 400,
      }),
    ).rejects.toThrow('timeout');
    await expect(call(weather.address, 'GET', '/health', undefined, { timeoutMs: 300 })).rejects.toThrow(
      'timeout',
    );
    await settle(100); // a beacon already on its way may still arrive
    const during = beaconsOf(weather);
    await settle(500);
    expect(weather.state.bootCount).toBe(boots); // still frozen, not yet rebooted
    expect(beaconsOf(weather)).toBe(during);
    await expect.poll(() => weather.state.bootCount, { timeout: 10_000 }).toBe(boots + 1);
    await expect.poll(() => weather.state.online, { timeout: 5000 }).toBe(true);
    expect((await call(weather.address, 'GET', '/health')).status).toBe(200);
  });

  it('esp32: HTTP is blocked but the main loop still beacons until the reboot', async () => {
    const dump = (await call(lamp.address, 'GET', '/settings')).body;
    const boots = lamp.state.bootCount;
    await expect(
      call(lamp.address, 'POST', '/settings', dump, {
        contentType: 'application/octet-stream',
        timeoutMs: 300,
      }),
    ).rejects.toThrow('timeout');
    await expect(call(lamp.address, 'GET', '/health', undefined, { timeoutMs: 300 })).rejects.toThrow(
      'timeout',
    );
    const during = beaconsOf(lamp);
    await settle(400);
    expect(lamp.state.bootCount).toBe(boots);
    expect(beaconsOf(lamp)).toBeGreaterThan(during);
    await expect.poll(() => lamp.state.bootCount, { timeout: 10_000 }).toBe(boots + 1);
  });
});

describe('§11.10, §11.11 board fidelity', () => {
  it('esp8266 kinds report heap {free} only and the core reset reasons', async () => {
    for (const d of [weather, lamp8266]) {
      const m = await get(d, '/metrics');
      expect(Object.keys(m.heap)).toEqual(['free']);
    }
    expect((await get(lamp8266, '/metrics')).resetReason).toBe('Power On');
    expect((await get(weather, '/metrics')).resetReason).toBe('Software/System restart'); // after the import
    lamp8266.crash('hardwareWatchdog');
    await expect.poll(() => lamp8266.state.bootCount, { timeout: 5000 }).toBe(2);
    await expect.poll(() => lamp8266.state.online, { timeout: 5000 }).toBe(true);
    expect((await get(lamp8266, '/metrics')).resetReason).toBe('Hardware Watchdog');
  });

  it('esp32 kinds report the ESP_RST_* reasons', async () => {
    expect((await get(lamp, '/metrics')).resetReason).toBe('ESP_RST_SW');
    expect((await get(bare, '/metrics')).resetReason).toBe('ESP_RST_POWERON');
    expect((await get(button, '/metrics')).resetReason).toBe('ESP_RST_PANIC');
    expect(Object.keys((await get(button, '/metrics')).heap)).toEqual([
      'free',
      'size',
      'minFree',
      'maxAlloc',
    ]);
  });

  it('--board gives a kind the other board: info, beacon and metrics follow it', async () => {
    expect((await get(lamp8266, '/info/system')).board).toBe('esp8266');
    expect(lamp8266.beacon.split(';')[4]).toBe('esp8266');
    expect(lamp8266.board).toBe('esp8266');
  });

  it('a firmware built without __VERSION has no version key and a beacon ending with ;', async () => {
    expect(Object.keys(await get(bare, '/info/system'))).toEqual([
      'stVersion',
      'name',
      'type',
      'ip',
      'board',
    ]);
    expect(bare.beacon).toBe(`${bare.address};button;${bare.name};1.0;esp32;`);
    expect(bare.state.version).toBe('');
  });
});
