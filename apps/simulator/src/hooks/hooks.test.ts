import { freeUdpPort, loopbackBlock } from '@st/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimDevice } from '../index';
import { type Simulator, startSimulator } from '../simulator';
import { call, json } from '../testing/client';
import { startRecorder } from '../testing/recorder';

let sim: Simulator;
let lamp: SimDevice;
let weather: SimDevice;
let recorder: Awaited<ReturnType<typeof startRecorder>>;

const hooksOf = async (d: SimDevice, sensor: string) =>
  (await call(d.address, 'GET', `/hooks?sensor=${sensor}`)).body;

beforeAll(async () => {
  recorder = await startRecorder();
  sim = await startSimulator({
    ips: loopbackBlock(2),
    discoveryPort: await freeUdpPort(),
    gateway: `127.0.0.1:${recorder.port}`,
    logAddress: '127.0.0.1:1',
    logRate: 0,
    kinds: ['lamp', 'weather'],
    ota: false,
  });
  [lamp, weather] = sim.devices as [SimDevice, SimDevice];
});
afterAll(async () => {
  await sim.stop();
  await recorder.close();
});

describe('hooks REST', () => {
  it('answers null for a sensor without hooks and the quirky 200 error for an unknown sensor', async () => {
    expect(await hooksOf(lamp, 'led')).toBe('null');
    const unknown = await call(lamp.address, 'GET', '/hooks?sensor=nope');
    expect([unknown.status, unknown.body]).toEqual([200, '{"error":"Sensor name is missing"}']);
    expect((await call(lamp.address, 'GET', '/hooks')).body).toBe('{"error": "Sensor arg are missing!"}');
    expect((await call(lamp.address, 'GET', '/hooks/templates')).body).toBe(
      '{"error": "Sensor sensor parameter are missing!"}',
    );
    expect((await call(lamp.address, 'GET', '/hooks/templates?sensor=nope')).body).toBe('{}');
  });

  it('offers text-sensor templates without threshold', async () => {
    const t = JSON.parse((await call(weather.address, 'GET', '/hooks/templates?sensor=forecast')).body);
    expect(t.default.compareType.values).toEqual(['eq', 'neq']);
    expect(t.default.threshold).toBeUndefined();
    expect(t.action.action.values).toEqual({ refresh: 'Refresh readings', calibrate: 'Calibrate sensors' });
  });

  it('creates (201 {"id":N}), lists, updates and deletes hooks', async () => {
    const bad = (v: unknown) => json(lamp.address, 'POST', '/hooks', v);
    expect((await call(lamp.address, 'POST', '/hooks', '')).body).toBe('{"error": "Body is missing!"}');
    expect((await bad({ sensor: 'led' })).body).toBe('{"error": "Sensor or hook object are missing"}');
    expect((await bad({ sensor: 1, hook: {} })).body).toBe(
      '{"error": "Parameters sensor type or sensor are missing!"}',
    );
    const fail = await bad({ sensor: 'led', hook: { type: 'http', url: 'x', method: 9 } });
    expect([fail.status, fail.body]).toEqual([
      500,
      '{"error": "Failed to create hook. Check logs for additional information."}',
    ]);
    expect((await bad({ sensor: 'nope', hook: { type: 'action', action: 'led_off' } })).status).toBe(500);

    const created = await bad({
      sensor: 'light',
      hook: { type: 'action', action: 'led_off', triggerEnabled: true, trigger: '900', compareType: 'gte' },
    });
    expect([created.status, created.body]).toEqual([201, '{"id":1}']);
    const list = JSON.parse(await hooksOf(lamp, 'light'));
    expect(list).toEqual([
      {
        id: 1,
        readonly: false,
        type: 'action',
        triggerEnabled: true,
        trigger: 900,
        compareType: 'gte',
        threshold: 0,
        action: 'led_off',
      },
    ]);
    expect(Object.keys(list[0])).toEqual([
      'id',
      'readonly',
      'type',
      'triggerEnabled',
      'trigger',
      'compareType',
      'threshold',
      'action',
    ]);

    const upd = await json(lamp.address, 'PUT', '/hooks', {
      sensor: 'light',
      hook: { ...list[0], trigger: 950, threshold: 5 },
    });
    expect(upd.status).toBe(200);
    expect(lamp.state.hooks.light?.[0]).toMatchObject({ trigger: 950, threshold: 5, compareType: 'gte' });
    expect((await json(lamp.address, 'PUT', '/hooks', { sensor: 'light', hook: { id: 42 } })).body).toBe(
      '{"error": "Failed to update hook. Check logs for additional information."}',
    );
    expect((await json(lamp.address, 'PUT', '/hooks', { sensor: 'nope', hook: { id: 1 } })).status).toBe(200);

    const fromConsole = await bad({
      sensor: 'light',
      hook: { id: 'New', rnd: 0.5, type: 'action', action: 'toggle' },
    });
    expect([fromConsole.status, fromConsole.body]).toEqual([201, '{"id":2}']);
    expect((await bad({ sensor: 'light', hook: { id: 2, type: 'action', action: 'toggle' } })).status).toBe(
      500,
    );
    expect((await call(lamp.address, 'DELETE', '/hooks?sensor=light&id=2')).status).toBe(200);
    expect((await call(lamp.address, 'DELETE', '/hooks?sensor=light')).body).toBe(
      '{"error": "Sensor sensor or id args are missing!"}',
    );
    expect((await call(lamp.address, 'DELETE', '/hooks?sensor=light&id=7')).status).toBe(500);
    expect((await call(lamp.address, 'DELETE', '/hooks?sensor=light&id=1')).status).toBe(200);
    expect(await hooksOf(lamp, 'light')).toBe('null');
  });
});

describe('hooks engine', () => {
  it('runs an action hook when its sensor reaches the trigger', async () => {
    const r = await json(lamp.address, 'POST', '/hooks', {
      sensor: 'led',
      hook: { type: 'action', action: 'led_off', triggerEnabled: true, trigger: 1, compareType: 'eq' },
    });
    expect(r.status).toBe(201);
    await call(lamp.address, 'GET', '/actions/call?name=led_on');
    expect(lamp.state.sensors.led).toBe(1);
    await expect.poll(() => lamp.state.sensors.led, { timeout: 5000 }).toBe(0);
    const id = JSON.parse(r.body).id;
    await call(lamp.address, 'DELETE', `/hooks?sensor=led&id=${id}`);
  });

  it('sends an http hook with placeholders and keeps its lastResponseCode', async () => {
    const created = await json(lamp.address, 'POST', '/hooks', {
      sensor: 'led',
      hook: {
        type: 'http',
        url: `127.0.0.1:${recorder.port}/led/{v}?b={brightness}&none={missing}`,
        method: '2',
        payload: '{"value": "{v}"}',
        triggerEnabled: false,
      },
    });
    const id = JSON.parse(created.body).id;
    recorder.requests.length = 0;
    await call(lamp.address, 'GET', '/actions/call?name=led_on');
    await expect.poll(() => recorder.requests.length, { timeout: 5000 }).toBeGreaterThan(0);
    expect(recorder.requests[0]).toMatchObject({
      method: 'POST',
      url: '/led/1?b=80&none=',
      body: '{"value": "1"}',
    });
    expect(recorder.requests[0]?.headers['content-type']).toBe('application/json');
    await expect
      .poll(async () => JSON.parse(await hooksOf(lamp, 'led'))[0].lastResponseCode, { timeout: 5000 })
      .toBe(200);

    recorder.requests.length = 0;
    expect((await call(lamp.address, 'GET', `/hooks/test?sensor=led&id=${id}&value=7`)).status).toBe(200);
    await expect.poll(() => recorder.requests[0]?.url, { timeout: 5000 }).toBe('/led/7?b=80&none=');
    expect((await call(lamp.address, 'GET', '/hooks/test?sensor=led&id=99')).status).toBe(500);
    expect((await call(lamp.address, 'GET', '/hooks/test?sensor=led')).body).toBe(
      '{"error": "Type, sensor or id args are missing!"}',
    );
    expect((await call(lamp.address, 'GET', '/hooks/test?sensor=nope&id=1')).status).toBe(200);
    await call(lamp.address, 'DELETE', `/hooks?sensor=led&id=${id}`);
  });

  it('records a failed http hook as a negative lastResponseCode', async () => {
    const created = await json(lamp.address, 'POST', '/hooks', {
      sensor: 'led',
      hook: { type: 'http', url: 'http://127.0.0.1:1/x', method: 1 },
    });
    const id = JSON.parse(created.body).id;
    await call(lamp.address, 'GET', `/hooks/test?sensor=led&id=${id}`);
    await expect
      .poll(async () => JSON.parse(await hooksOf(lamp, 'led'))[0].lastResponseCode, { timeout: 5000 })
      .toBe(-1);
    await call(lamp.address, 'DELETE', `/hooks?sensor=led&id=${id}`);
  });

  it('posts notifications to <gtw>/api/notification exactly as the firmware does', async () => {
    const created = await json(weather.address, 'POST', '/hooks', {
      sensor: 'forecast',
      hook: { type: 'notification', message: 'Forecast is {v} in {city}', notificationType: 2 },
    });
    expect(created.status).toBe(201);
    recorder.requests.length = 0;
    await call(weather.address, 'GET', '/hooks/test?sensor=forecast&id=1&value=rain');
    await expect.poll(() => recorder.requests.length, { timeout: 5000 }).toBe(1);
    const req = recorder.requests[0];
    expect(req?.method).toBe('POST');
    expect(req?.url).toBe('/api/notification');
    // weather is an esp8266: `{v}` resolves to nothing there (device-protocol.md §11.6).
    expect(req?.body).toBe(
      `{"device":{"name":"${weather.name}","type":"weather","ip":"${weather.address}"},"notification":{"message":"Forecast is  in Berlin","type":"warning"}}`,
    );
  });
});
