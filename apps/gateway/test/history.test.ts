import { HistoryResponse, OverviewRow } from '@st/protocol';
import { loopbackBlock, waitFor } from '@st/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ErrorBody, http } from './helpers';
import { type GatewayWithDevices, startGatewayWithDevices } from './support/harness';

const INTERVAL = 400;
let env: GatewayWithDevices;
let weather: string;
let lamp: string;
let t0: number;

beforeAll(async () => {
  t0 = Date.now();
  env = await startGatewayWithDevices({
    gateway: { deviceTimeoutMs: 300, sampleIntervalMs: INTERVAL, historyFlushMs: 100, lostAfterMs: 60_000 },
    devices: [{ ips: loopbackBlock(3), kinds: ['weather', 'lamp', 'button'], logRate: 0, rebootMs: 200 }],
  });
  [weather, lamp] = (env.sims[0]?.devices ?? []).map((d) => d.address) as [string, string];
});
afterAll(() => env?.stop());

async function history(ip: string, sensor: string, from = t0, to = Date.now() + 1000) {
  const q = new URLSearchParams({ ip, sensor, from: String(from), to: String(to) });
  const res = await http(env.gw.base, 'GET', `/api/devices/history?${q}`);
  expect(res.status).toBe(200);
  return HistoryResponse.parse(res.body);
}

describe('sensor history', () => {
  it('stores a raw sample of every numeric sensor, uptime and heap at the interval', async () => {
    const h = await waitFor(
      async () => {
        const r = await history(weather, 'temperature');
        return r.points.filter((p) => p.v !== null).length >= 4 && r;
      },
      { what: 'four temperature samples' },
    );
    expect(h).toMatchObject({ ip: weather, sensor: 'temperature', step: INTERVAL, resolution: 'raw' });
    const times = h.points.map((p) => p.t);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    // one sample per round: consecutive samples are about one interval apart, never two per round
    for (let i = 1; i < times.length; i++) {
      expect((times[i] ?? 0) - (times[i - 1] ?? 0)).toBeGreaterThan(INTERVAL / 2);
    }
    for (const p of h.points) expect(p.min === p.v && p.max === p.v).toBe(true);
    const uptime = await history(weather, 'uptime');
    const values = uptime.points.map((p) => p.v ?? 0);
    expect(values.length).toBeGreaterThan(2);
    expect(values).toEqual([...values].sort((a, b) => a - b));
    expect((await history(weather, 'heap')).points[0]?.v).toBeGreaterThan(0);
  });

  it('records an offline stretch as a gap, not zeros', async () => {
    const dev = env.sims[0]?.devices[1];
    if (!dev) throw new Error('no lamp');
    await dev.goOffline();
    const offAt = Date.now();
    await waitFor(
      async () => (await history(lamp, 'light', offAt)).points.filter((p) => p.v === null).length >= 2,
      { what: 'gap rows' },
    );
    await dev.goOnline();
    const h = await waitFor(
      async () => {
        const r = await history(lamp, 'light');
        const lastGap = r.points.findLastIndex((p) => p.v === null);
        return lastGap >= 0 && r.points.slice(lastGap).some((p) => p.v !== null) && r;
      },
      { what: 'values after the gap' },
    );
    const gap = h.points.filter((p) => p.v === null);
    expect(gap.every((p) => p.min === null && p.max === null)).toBe(true);
    expect(h.points.some((p) => p.v === 0 && p.t >= offAt && gap.some((g) => g.t > p.t))).toBe(false);
  });

  it('exports the same history as CSV', async () => {
    const to = Date.now();
    const json = await history(lamp, 'light', t0, to);
    const q = new URLSearchParams({ ip: lamp, sensor: 'light', from: String(t0), to: String(to) });
    const res = await fetch(`${env.gw.base}/api/devices/history/export?${q}`);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename=".*\.csv"$/);
    const [header, ...lines] = (await res.text()).trim().split('\r\n');
    expect(header).toBe('t,time,v,min,max');
    const parsed = lines.map((l) => {
      const [t, time, v, min, max] = l.split(',');
      const num = (s: string | undefined) => (s === '' || s === undefined ? null : Number(s));
      expect(new Date(time ?? '').getTime()).toBe(Number(t));
      return { t: Number(t), v: num(v), min: num(min), max: num(max) };
    });
    expect(parsed).toEqual(json.points);
  });

  it('answers text sensors with their changes', async () => {
    const h = await history(weather, 'forecast');
    expect(h.points).toEqual([]);
    expect(h.changes?.length).toBeGreaterThan(0);
    const values = h.changes?.map((c) => c.v) ?? [];
    for (let i = 1; i < values.length; i++) expect(values[i]).not.toBe(values[i - 1]);
  });

  it('lists every device in the overview with latest values, status and reboots', async () => {
    const dev = env.sims[0]?.devices[2];
    if (!dev) throw new Error('no button');
    const before = await waitFor(async () => {
      const rows = z.array(OverviewRow).parse((await http(env.gw.base, 'GET', '/api/devices/overview')).body);
      return rows.find((r) => r.ip === dev.address && r.uptime !== null && r.uptime > 300) ?? false;
    });
    expect(before.reboots24h).toBe(0);
    dev.reboot(0);
    const rows = await waitFor(
      async () => {
        const r = z.array(OverviewRow).parse((await http(env.gw.base, 'GET', '/api/devices/overview')).body);
        return r.find((x) => x.ip === dev.address)?.reboots24h === 1 && r;
      },
      { what: 'a reboot counted' },
    );
    expect(rows.map((r) => r.ip).sort()).toEqual(env.sims[0]?.devices.map((d) => d.address).sort());
    const w = rows.find((r) => r.ip === weather);
    expect(w).toMatchObject({ online: true, type: 'weather', excluded: false });
    expect(typeof w?.sensors.temperature).toBe('number');
    expect(w?.lastSeen).toBeGreaterThan(t0);
    expect(w?.spark.temperature?.length).toBe(24);
    expect(w?.spark.temperature?.some((v) => v !== null)).toBe(true);
  });

  it('excludes a device from sampling and includes it again', async () => {
    const put = (excluded: boolean) =>
      http(env.gw.base, 'PUT', `/api/devices/history/excluded?ip=${weather}`, { excluded });
    expect((await put(true)).status).toBe(200);
    const since = Date.now() + INTERVAL * 2;
    await new Promise((r) => setTimeout(r, INTERVAL * 4));
    const h = await history(weather, 'temperature', since);
    expect(h.points).toEqual([]);
    const rows = z.array(OverviewRow).parse((await http(env.gw.base, 'GET', '/api/devices/overview')).body);
    expect(rows.find((r) => r.ip === weather)?.excluded).toBe(true);
    expect((await put(false)).status).toBe(200);
    await waitFor(async () => (await history(weather, 'temperature', Date.now() - 100)).points.length > 0, {
      what: 'sampled again',
    });
  });

  it('refuses bad input with a 4xx and a code', async () => {
    const bad = async (path: string, status: number, code: string) => {
      const res = await http(env.gw.base, 'GET', path);
      expect(res.status).toBe(status);
      expect(ErrorBody.parse(res.body).code).toBe(code);
    };
    await bad('/api/devices/history?ip=nope&sensor=x', 400, 'INVALID_DEVICE_ADDRESS');
    await bad(`/api/devices/history?ip=${weather}`, 400, 'VALIDATION_FAILED');
    await bad(`/api/devices/history?ip=${weather}&sensor=t&from=10&to=5`, 400, 'VALIDATION_FAILED');
    await bad(`/api/devices/history?ip=${weather}&sensor=t&from=x`, 400, 'VALIDATION_FAILED');
    await bad('/api/devices/history?ip=10.9.9.9&sensor=t', 404, 'UNKNOWN_DEVICE');
    await bad('/api/devices/history/export?ip=10.9.9.9&sensor=t', 404, 'UNKNOWN_DEVICE');
    const put = await http(env.gw.base, 'PUT', '/api/devices/history/excluded?ip=10.9.9.9', {
      excluded: true,
    });
    expect(put.status).toBe(404);
    const badBody = await http(env.gw.base, 'PUT', `/api/devices/history/excluded?ip=${weather}`, {
      excluded: 'yes',
    });
    expect(ErrorBody.parse(badBody.body).code).toBe('VALIDATION_FAILED');
  });
});
