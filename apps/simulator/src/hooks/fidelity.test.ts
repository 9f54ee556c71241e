import { parseSettingsDump } from '@st/protocol';
import { freeUdpPort, loopbackBlock } from '@st/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SensorDef } from '../device/kinds';
import type { SimDevice } from '../index';
import { type Simulator, startSimulator } from '../simulator';
import { call, json } from '../testing/client';
import { startRecorder } from '../testing/recorder';
import { HooksEngine } from './engine';

// What the unmodified SmartThingLib 1.0 firmware does with hooks (device-protocol.md §11), as the simulator must.

let sim: Simulator;
let lamp: SimDevice;
let weather: SimDevice;
let other: SimDevice;
let fixed: SimDevice;
let recorder: Awaited<ReturnType<typeof startRecorder>>;

const hooksOf = async (d: SimDevice, sensor: string) =>
  JSON.parse((await call(d.address, 'GET', `/hooks?sensor=${sensor}`)).body);
const addHook = async (d: SimDevice, sensor: string, hook: Record<string, unknown>) => {
  const r = await json(d.address, 'POST', '/hooks', { sensor, hook });
  expect(r.status).toBe(201);
  return JSON.parse(r.body).id as number;
};
const hooksPartition = async (d: SimDevice) => {
  const dump = parseSettingsDump((await call(d.address, 'GET', '/settings')).body);
  if (!dump.ok) throw new Error(dump.error);
  return dump.value.hooks;
};
async function restart(d: SimDevice): Promise<void> {
  const boots = d.state.bootCount;
  expect((await call(d.address, 'POST', '/danger/restart')).status).toBe(200);
  await expect.poll(() => d.state.bootCount, { timeout: 5000 }).toBe(boots + 1);
  await expect.poll(() => d.state.online, { timeout: 5000 }).toBe(true);
}

beforeAll(async () => {
  recorder = await startRecorder();
  sim = await startSimulator({
    ips: loopbackBlock(4),
    discoveryPort: await freeUdpPort(),
    gateway: `127.0.0.1:${recorder.port}`,
    logRate: 0,
    kinds: ['lamp', 'weather', 'lamp', 'lamp'],
    rebootMs: 100,
    restartDelayMs: 20,
    importRebootDelayMs: 100,
    ota: false,
    devices: [undefined, undefined, undefined, { semicolonBug: false }],
  });
  [lamp, weather, other, fixed] = sim.devices as [SimDevice, SimDevice, SimDevice, SimDevice];
});
afterAll(async () => {
  await sim.stop();
  await recorder.close();
});

describe('§11.5 the watcher of a new hook starts from 0 (number) or empty (text)', () => {
  it('a number sensor reading other than 0 fires its new hook at the first poll', async () => {
    await call(lamp.address, 'GET', '/actions/call?name=led_on');
    expect(lamp.state.sensors.led).toBe(1);
    // The led did not change, but the watcher compares the first reading (1) against 0.
    const id = await addHook(lamp, 'led', { type: 'action', action: 'led_off' });
    await expect.poll(() => lamp.state.sensors.led, { timeout: 5000 }).toBe(0);
    await call(lamp.address, 'DELETE', `/hooks?sensor=led&id=${id}`);
  });

  /** An engine watching one sensor whose reading the test sets; `fired` holds the values its hook fired on. */
  const engine = (kind: SensorDef['kind']) => {
    let current: number | string = kind === 'number' ? 0 : '';
    const fired: (number | string)[] = [];
    const sensor: SensorDef = { name: 's', kind, read: () => current };
    const hooks = new HooksEngine({
      sensor: (n) => (n === 's' ? sensor : undefined),
      callAction: () => {
        fired.push(current);
        return true;
      },
      config: () => undefined,
      identity: () => ({ name: 'd', type: 't', ip: '127.0.0.1' }),
      board: 'esp32',
      semicolonBug: true,
      log: () => {},
      changed: () => {},
    });
    hooks.create('s', { type: 'action', action: 'x' });
    const poll = (value: number | string) => {
      current = value;
      hooks.poll();
    };
    return { poll, fired };
  };

  it('number: the first reading is compared against 0; a last value of -1 only stores the next one', () => {
    const zero = engine('number');
    zero.poll(0);
    expect(zero.fired).toEqual([]);
    zero.poll(5);
    expect(zero.fired).toEqual([5]);

    const n = engine('number');
    n.poll(-1); // differs from 0: fires, and -1 is kept as the last value
    expect(n.fired).toEqual([-1]);
    n.poll(7); // last value -1 = "no value yet": stored without firing
    expect(n.fired).toEqual([-1]);
    n.poll(8);
    expect(n.fired).toEqual([-1, 8]);
  });

  it('text: the first reading is stored without firing, so is one after an empty reading', () => {
    const t = engine('text');
    t.poll('sunny');
    t.poll('rain');
    expect(t.fired).toEqual(['rain']);
    t.poll('');
    expect(t.fired).toEqual(['rain', '']);
    t.poll('snow');
    expect(t.fired).toEqual(['rain', '']);
  });
});

describe('§11.6 {v} on esp8266', () => {
  it('is replaced by nothing in http hooks (url and payload) and notification messages', async () => {
    const base = `127.0.0.1:${recorder.port}`;
    const http = await addHook(weather, 'temperature', {
      type: 'http',
      url: `${base}/t/{v}`,
      method: 2,
      payload: '{"v":"{v}","c":"{city}"}',
    });
    const note = await addHook(weather, 'temperature', {
      type: 'notification',
      message: 'T is {v}',
      notificationType: 1,
    });
    recorder.requests.length = 0;
    await call(weather.address, 'GET', `/hooks/test?sensor=temperature&id=${http}&value=21`);
    await call(weather.address, 'GET', `/hooks/test?sensor=temperature&id=${note}&value=21`);
    await expect.poll(() => recorder.requests.length, { timeout: 5000 }).toBe(2);
    const byUrl = Object.fromEntries(recorder.requests.map((r) => [r.url, r.body]));
    expect(byUrl['/t/']).toBe('{"v":"","c":"Berlin"}');
    expect(JSON.parse(byUrl['/api/notification'] ?? '{}').notification.message).toBe('T is ');
    // The same hook on an esp32 gets the value.
    const lampHook = await addHook(lamp, 'light', { type: 'http', url: `${base}/l/{v}`, method: 1 });
    recorder.requests.length = 0;
    await call(lamp.address, 'GET', `/hooks/test?sensor=light&id=${lampHook}&value=21`);
    await expect.poll(() => recorder.requests[0]?.url, { timeout: 5000 }).toBe('/l/21');
    await call(lamp.address, 'DELETE', `/hooks?sensor=light&id=${lampHook}`);
  });
});

describe('§11.7 a ; in an http hook is lost at the next boot or import', () => {
  const semicolonHooks = async (d: SimDevice) => {
    const target = `http://127.0.0.1:${recorder.port}`;
    await addHook(d, 'led', { type: 'http', url: `${target}/a;b`, method: 2, payload: 'p' });
    await addHook(d, 'led', { type: 'http', url: `${target}/ok`, method: 2, payload: 'a;b' });
    await addHook(d, 'led', { type: 'http', url: `${target}/q?x=1;2`, method: 1, payload: '' });
    await addHook(d, 'led', { type: 'notification', message: 'x;y', notificationType: 1 });
  };

  it('until then the device holds them as given; after a restart they are lost or cut', async () => {
    await semicolonHooks(lamp);
    const before = await hooksOf(lamp, 'led');
    expect(before.map((h: { url?: string; payload?: string }) => [h.url, h.payload])).toEqual([
      [`http://127.0.0.1:${recorder.port}/a;b`, 'p'],
      [`http://127.0.0.1:${recorder.port}/ok`, 'a;b'],
      [`http://127.0.0.1:${recorder.port}/q?x=1;2`, ''],
      [undefined, undefined],
    ]);
    await restart(lamp);
    const after = await hooksOf(lamp, 'led');
    // 1: the url's `;` moved `b` into the method: no method, the hook is a ghost and is removed.
    // 2: the payload is cut at the `;` and keeps the escape's `|`.
    // 3: the text after the url's `;` starts with a digit: it becomes the method, the stored method the payload.
    // 4: notification hooks read the escape correctly.
    expect(after).toMatchObject([
      { id: 2, url: `http://127.0.0.1:${recorder.port}/ok`, method: 2, payload: 'a|' },
      { id: 3, url: `http://127.0.0.1:${recorder.port}/q?x=1|`, method: 2, payload: '1' },
      { id: 4, type: 'notification', message: 'x;y' },
    ]);
    // The ghost is gone from flash too.
    expect(await hooksPartition(lamp)).not.toContain('/a|;b');
  });

  it('a dump holding such a hook does the same when imported', async () => {
    const src = await addHook(fixed, 'light', { type: 'http', url: 'h:1/a;b', method: 2, payload: 'a;b' });
    await addHook(fixed, 'light', { type: 'http', url: 'h:1/ok', method: 2, payload: 'a;b' });
    expect(src).toBe(1);
    const dump = (await call(fixed.address, 'GET', '/settings')).body;
    const boots = other.state.bootCount;
    await expect(
      call(other.address, 'POST', '/settings', dump, {
        contentType: 'application/octet-stream',
        timeoutMs: 300,
      }),
    ).rejects.toThrow();
    await expect.poll(() => other.state.bootCount, { timeout: 5000 }).toBe(boots + 1);
    await expect.poll(() => other.state.online, { timeout: 5000 }).toBe(true);
    expect(await hooksOf(other, 'light')).toMatchObject([{ id: 2, url: 'h:1/ok', payload: 'a|' }]);
  });

  it('--no-semicolon-bug: a well-behaved device keeps them through a restart', async () => {
    await restart(fixed);
    expect(
      (await hooksOf(fixed, 'light')).map((h: { url: string; payload: string }) => [h.url, h.payload]),
    ).toEqual([
      ['h:1/a;b', 'a;b'],
      ['h:1/ok', 'a;b'],
    ]);
  });
});

describe('§11.8 hook order in the dump', () => {
  it('number sensors appear in the order each got its first hook, after the text sensors, and keep it', async () => {
    const pressure = await addHook(weather, 'pressure', { type: 'action', action: 'refresh' });
    await addHook(weather, 'humidity', { type: 'action', action: 'refresh' });
    await addHook(weather, 'forecast', { type: 'action', action: 'refresh' });
    const sensors = (hooks: string) => hooks.split('\n').map((line) => line.split('\t')[0]);
    // temperature got its first hook in the §11.6 test, before these.
    expect(sensors(await hooksPartition(weather))).toEqual([
      'forecast',
      'temperature',
      'pressure',
      'humidity',
      '',
    ]);
    await restart(weather);
    expect(sensors(await hooksPartition(weather))).toEqual([
      'forecast',
      'temperature',
      'pressure',
      'humidity',
      '',
    ]);
    // A sensor losing its last hook loses its watcher; its next hook puts it last.
    await call(weather.address, 'DELETE', `/hooks?sensor=pressure&id=${pressure}`);
    await addHook(weather, 'pressure', { type: 'action', action: 'refresh' });
    expect(sensors(await hooksPartition(weather))).toEqual([
      'forecast',
      'temperature',
      'humidity',
      'pressure',
      '',
    ]);
  });
});
