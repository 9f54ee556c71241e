import type { DeviceSample } from '@st/protocol';
import { loopbackBlock, waitFor } from '@st/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GatewayWithDevices, startGatewayWithDevices } from './support/harness';

const INTERVAL = 600;
let env: GatewayWithDevices;
const samples: DeviceSample[] = [];
let maxInFlight = 0;
let excluded: string;

beforeAll(async () => {
  const ips = loopbackBlock(5);
  excluded = ips[4] as string;
  env = await startGatewayWithDevices({
    gateway: {
      deviceTimeoutMs: 400,
      sampleIntervalMs: INTERVAL,
      sampleConcurrency: 2,
      sampleExclude: [excluded],
      lostAfterMs: 60_000,
    },
    devices: [{ ips, kinds: ['weather', 'lamp', 'button', 'weather', 'lamp'], logRate: 0, slowMs: 50 }],
  });
  env.gw.gateway.bus.on('device.sampled', (s) => {
    samples.push(s);
    maxInFlight = Math.max(maxInFlight, env.gw.gateway.sampler.inFlightCount);
  });
});
afterAll(() => env?.stop());

describe('sampler', () => {
  it('reads every device once per round, paced, capped in flight, with sensors and metrics in ms', async () => {
    const addresses = env.sims[0]?.devices.map((d) => d.address) ?? [];
    await waitFor(() => addresses.slice(0, 4).every((a) => samples.filter((s) => s.ip === a).length >= 3), {
      what: 'three rounds',
      timeoutMs: 15_000,
    });
    expect(maxInFlight).toBeLessThanOrEqual(2);
    const weather = samples.find((s) => s.ip === addresses[0] && s.ok);
    expect(weather?.sensors).toBeDefined();
    expect(Object.values(weather?.sensors ?? {}).some((v) => typeof v === 'number')).toBe(true);
    const sim = env.sims[0]?.devices[0];
    expect(weather?.uptime).toBeGreaterThan(0);
    expect(weather?.uptime).toBeLessThanOrEqual(sim?.state.uptimeMs ?? 0);
    expect(weather?.heap).toBeGreaterThan(0);
    expect(typeof weather?.resetReason).toBe('string');
  });

  it('never reads an excluded device', () => {
    expect(env.sims[0]?.devices.map((d) => d.address)).toContain(excluded);
    expect(samples.filter((s) => s.ip === excluded)).toEqual([]);
  });

  it('records a device that stops answering as ok: false (a gap), then ok again', async () => {
    const dev = env.sims[0]?.devices[1];
    if (!dev) throw new Error('no device');
    await dev.goOffline();
    const from = samples.length;
    await waitFor(() => samples.slice(from).some((s) => s.ip === dev.address && !s.ok), {
      what: 'a gap',
      timeoutMs: 10_000,
    });
    const gap = samples.slice(from).find((s) => s.ip === dev.address && !s.ok);
    expect(gap).toEqual({ ip: dev.address, t: expect.any(Number), ok: false });
    await dev.goOnline();
    const back = samples.length;
    await waitFor(() => samples.slice(back).some((s) => s.ip === dev.address && s.ok), {
      what: 'back',
      timeoutMs: 10_000,
    });
  });
});
