import { freeUdpPort, loopbackBlock } from '@st/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimDevice } from './index';
import { type Simulator, startSimulator } from './simulator';
import { call, json } from './testing/client';

let sim: Simulator;
let lamp: SimDevice;
let weather: SimDevice;
let socket: SimDevice;

beforeAll(async () => {
  sim = await startSimulator({
    ips: loopbackBlock(4),
    discoveryPort: await freeUdpPort(),
    logRate: 0,
    kinds: ['lamp', 'weather', 'button', 'socket'],
    ota: false,
    seed: 7,
  });
  [lamp, weather, , socket] = sim.devices as [SimDevice, SimDevice, SimDevice, SimDevice];
});
afterAll(() => sim.stop());

describe('device REST API: server rules', () => {
  it('answers with Connection: close, Content-Length and CORS on handler routes', async () => {
    const r = await call(lamp.address, 'GET', '/info/system');
    expect(r.status).toBe(200);
    expect(r.headers.connection).toBe('close');
    expect(r.headers['content-length']).toBe(String(Buffer.byteLength(r.body)));
    expect(r.headers['access-control-allow-origin']).toBe('*');
    expect(r.headers['accept-ranges']).toBe('none');
  });

  it('health has no CORS header; features and metrics have it', async () => {
    const h = await call(lamp.address, 'GET', '/health');
    expect([h.status, h.body, h.headers['content-type']]).toEqual([200, 'I am alive!!! :)', 'text/plain']);
    expect(h.headers['access-control-allow-origin']).toBeUndefined();
    expect((await call(lamp.address, 'GET', '/features')).headers['access-control-allow-origin']).toBe('*');
  });

  it('answers unknown paths with the global 404 and unknown branches of a handler with an empty 404', async () => {
    const g = await call(lamp.address, 'GET', '/nothing');
    expect([g.status, g.body, g.headers['content-type']]).toEqual([404, 'Page not found', 'text/plain']);
    expect(g.headers['access-control-allow-origin']).toBeUndefined();
    const b = await call(lamp.address, 'GET', '/hooks/by/id?sensor=led&id=1');
    expect([b.status, b.body, b.headers['access-control-allow-origin']]).toEqual([404, '', '*']);
    expect((await call(lamp.address, 'GET', '/danger/restart')).body).toBe('Page not found');
    expect((await call(lamp.address, 'OPTIONS', '/health')).body).toBe('Page not found');
  });

  it('answers preflight requests per handler', async () => {
    const w = await call(lamp.address, 'OPTIONS', '/wifi');
    expect(w.status).toBe(200);
    expect(w.headers['access-control-allow-methods']).toBe('GET, POST, PUT, PATCH, DELETE, OPTIONS');
    expect(w.headers['access-control-allow-headers']).toBe('Content-Type');
    expect((await call(lamp.address, 'OPTIONS', '/sensors')).headers['access-control-allow-methods']).toBe(
      'GET, OPTIONS',
    );
    expect(
      (await call(lamp.address, 'OPTIONS', '/danger/wipe')).headers['access-control-allow-methods'],
    ).toBe('POST, OPTIONS');
  });

  it('never answers an unknown POST under /danger', async () => {
    await expect(call(lamp.address, 'POST', '/danger/nope', '', { timeoutMs: 300 })).rejects.toThrow(
      'timeout',
    );
  });
});

describe('device REST API: info, features, metrics', () => {
  it('describes the device in firmware key order', async () => {
    const r = await call(lamp.address, 'GET', '/info/system');
    expect(Object.keys(JSON.parse(r.body))).toEqual(['version', 'stVersion', 'name', 'type', 'ip', 'board']);
    expect(JSON.parse(r.body)).toMatchObject({
      stVersion: '1.0',
      type: 'lamp',
      board: 'esp32',
      ip: lamp.address,
    });
  });

  it('renames with normalisation and rejects bad names with the firmware errors', async () => {
    expect((await json(lamp.address, 'PUT', '/info/system', { name: ' Kitchen Lamp;1 ' })).status).toBe(200);
    expect(lamp.name).toBe('kitchen-lamp-1');
    expect(JSON.parse((await call(lamp.address, 'GET', '/info/system')).body).name).toBe('kitchen-lamp-1');
    const empty = await call(lamp.address, 'PUT', '/info/system', '');
    expect([empty.status, empty.body]).toEqual([400, '{"error": "Body is missing!"}']);
    const long = await json(lamp.address, 'PUT', '/info/system', { name: 'x'.repeat(17) });
    expect(long.body).toBe('{"error": "Name is missing or too long (max 16 symbols)"}');
    expect((await json(lamp.address, 'PUT', '/info/system', {})).status).toBe(400);
  });

  it('reports features of kinds with parts compiled out', async () => {
    expect(JSON.parse((await call(socket.address, 'GET', '/features')).body)).toMatchObject({
      hooks: false,
      web: false,
    });
    expect(JSON.parse((await call(weather.address, 'GET', '/features')).body)).toMatchObject({
      actionsScheduler: false,
    });
    expect((await call(socket.address, 'GET', '/hooks?sensor=power')).body).toBe('Page not found');
    expect((await call(weather.address, 'GET', '/')).body).toBe('Page not found');
    expect((await call(lamp.address, 'GET', '/')).headers['content-type']).toBe('text/html');
    expect((await call(lamp.address, 'GET', '/assets/script.js')).headers['content-type']).toBe(
      'text/javascript',
    );
    const asset = await call(lamp.address, 'GET', '/assets/nope.js');
    expect([asset.status, asset.body]).toEqual([404, '']);
  });

  it('reports metrics by board', async () => {
    const m32 = JSON.parse((await call(lamp.address, 'GET', '/metrics')).body);
    expect(Object.keys(m32)).toEqual(['uptime', 'heap', 'resetReason', 'counts']);
    expect(Object.keys(m32.heap)).toEqual(['free', 'size', 'minFree', 'maxAlloc']);
    expect(m32.resetReason).toBe('ESP_RST_POWERON');
    const m8266 = JSON.parse((await call(socket.address, 'GET', '/metrics')).body);
    expect(Object.keys(m8266.heap)).toEqual(['free']);
    expect(m8266.resetReason).toBe('Power On');
    expect(m8266.counts).toEqual({ sensors: 3 });
  });
});

describe('device REST API: wifi', () => {
  it('shows settings and modes, validates in firmware order, saves', async () => {
    const g = JSON.parse((await call(lamp.address, 'GET', '/wifi')).body);
    expect(g.modes).toEqual({
      '1': 'Connect to existing point',
      '2': 'Create access point',
      '5': "Create AP if can't connect to STA",
    });
    const bad = async (body: unknown) => (await json(lamp.address, 'POST', '/wifi', body)).body;
    expect((await call(lamp.address, 'POST', '/wifi', '')).body).toBe('{"error": "Body is missing"}');
    expect(await bad({ ssid: '', password: '', mode: 1 })).toBe('{"error": "Ssid is missing"}');
    expect(await bad({ ssid: 'x'.repeat(33), password: '', mode: 1 })).toBe(
      '{"error": "Ssid is too big (32 symbols max)"}',
    );
    expect(await bad({ ssid: 'a', password: 'short', mode: 1 })).toBe(
      '{"error": "Bad password (it should be blank or contains at least 8 symbols)"}',
    );
    expect(await bad({ ssid: 'a', mode: 1 })).toContain('Bad password');
    expect(await bad({ ssid: 'a', password: '', mode: 9 })).toBe('{"error": "Unkown wifi mode"}');
    expect(
      (await json(lamp.address, 'POST', '/wifi', { ssid: 'attic', password: '12345678', mode: '5' })).status,
    ).toBe(200);
    expect(lamp.state.wifi).toEqual({ ssid: 'attic', password: '12345678', mode: 5 });
  });
});

describe('device REST API: actions and sensors', () => {
  it('calls actions and reports errors', async () => {
    expect((await call(lamp.address, 'GET', '/actions/call?name=led_on')).status).toBe(200);
    expect(JSON.parse((await call(lamp.address, 'GET', '/sensors')).body)).toMatchObject({ led: 1 });
    expect((await call(lamp.address, 'GET', '/actions/call')).body).toBe(
      '{"error": "Parameter action is missing!"}',
    );
    expect((await call(lamp.address, 'GET', '/actions/call?name=fly')).body).toBe(
      '{"error": "Failed to find action with given name"}',
    );
    const fail = await call(weather.address, 'GET', '/actions/call?name=calibrate');
    expect([fail.status, fail.body]).toEqual([500, '{"error": "Failed to execute action"}']);
  });

  it('schedules actions, which then run by themselves', async () => {
    const put = (v: unknown) => json(lamp.address, 'PUT', '/actions/schedule', v);
    expect((await call(lamp.address, 'PUT', '/actions/schedule', '')).body).toBe(
      '{"error": "Request body is missing"}',
    );
    expect((await put({ name: 'toggle' })).body).toBe(
      '{"error": "Name and callDelay params reuqired in body"}',
    );
    expect((await put({ name: 'fly', callDelay: 10 })).status).toBe(500);
    expect((await put({ name: 'toggle', callDelay: 300 })).status).toBe(200);
    const a = JSON.parse((await call(lamp.address, 'GET', '/actions/info')).body);
    expect(a.find((x: { name: string }) => x.name === 'toggle')).toMatchObject({ callDelay: 300 });
    const before = lamp.state.sensors.led;
    await expect.poll(() => lamp.state.sensors.led !== before, { timeout: 5000 }).toBe(true);
    expect((await put({ name: 'toggle', callDelay: 0 })).status).toBe(200);
    expect(lamp.state.actions.find((x) => x.name === 'toggle')).toMatchObject({ callDelay: 0, lastCall: 0 });
    expect(
      (await json(weather.address, 'PUT', '/actions/schedule', { name: 'refresh', callDelay: 5 })).status,
    ).toBe(404);
    expect(Object.keys(JSON.parse((await call(weather.address, 'GET', '/actions/info')).body)[0])).toEqual([
      'name',
      'caption',
    ]);
  });

  it('lists sensors number first, then text, then the logger sensor', async () => {
    const s = JSON.parse((await call(weather.address, 'GET', '/sensors')).body);
    expect(Object.keys(s)).toEqual(['temperature', 'humidity', 'pressure', 'forecast', 'logger']);
    expect(typeof s.temperature).toBe('number');
    expect(s.logger).toBe('disconnected');
    expect((await call(weather.address, 'GET', '/sensors/types')).status).toBe(404);
  });
});

describe('device REST API: config', () => {
  it('replaces all values, deletes one by query, clears all', async () => {
    const get = async () => JSON.parse((await call(lamp.address, 'GET', '/config')).body);
    expect(Object.keys(await get())).toEqual(['brightness', 'auto_off', 'laddr', 'gtw']);
    expect(
      (await json(lamp.address, 'POST', '/config', { brightness: '55', gtw: 'h:1', auto_off: 5, junk: 'x' }))
        .status,
    ).toBe(200);
    expect(await get()).toEqual({ brightness: '55', auto_off: '', laddr: '', gtw: 'h:1' });
    const missing = await call(lamp.address, 'DELETE', '/config', '{"name":"gtw"}');
    expect([missing.status, missing.headers['content-type'], missing.body]).toEqual([
      400,
      'content/json',
      '{"error": "Config name is missing"}',
    ]);
    const unknown = await call(lamp.address, 'DELETE', '/config?name=nope');
    expect([unknown.status, unknown.body]).toEqual([404, '{"error": "No such config entry"}']);
    expect((await call(lamp.address, 'DELETE', '/config?name=gtw')).status).toBe(200);
    expect(lamp.state.config.gtw).toBe('');
    expect((await call(lamp.address, 'DELETE', '/config/delete/all')).status).toBe(200);
    expect(Object.values(await get()).every((v) => v === '')).toBe(true);
  });
});
