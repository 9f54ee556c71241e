import { AlertPayload, CrashLoopState, TimelineEntry } from '@st/protocol';
import { type HttpReceiver, loopbackBlock, startHttpReceiver, waitFor } from '@st/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { command, http } from './helpers';
import { type GatewayWithDevices, startGatewayWithDevices } from './support/harness';

// Crash loops from the sampler's uptimes: a simulated device crashing three times in a minute is one; the
// same device told to restart three times through the gateway (the danger tab's restart) is not.

let env: GatewayWithDevices;
let hook: HttpReceiver;

beforeAll(async () => {
  hook = await startHttpReceiver();
  env = await startGatewayWithDevices({
    gateway: { sampleIntervalMs: 150, lostAfterMs: 60_000, alertTimings: { pollMs: 100 } },
    devices: [{ ips: loopbackBlock(2), kinds: ['lamp'], logRate: 0, rebootMs: 200, restartDelayMs: 0 }],
  });
  const put = await http(env.gw.base, 'PUT', '/api/alerts', {
    channels: [{ id: 'hook', type: 'webhook', url: hook.url }],
    crashLoop: { reboots: 3, within: 10 },
  });
  expect(put.status).toBe(200);
});
afterAll(async () => {
  await env?.stop();
  await hook?.close();
});

const payloads = () => hook.received.map((r) => AlertPayload.parse(JSON.parse(r.body)));

/** Counts the sampler's good samples of `ip` from now on. */
function sampledOf(ip: string) {
  let n = 0;
  const off = env.gw.gateway.bus.on('device.sampled', (s) => {
    if (s.ip === ip && s.ok) n++;
  });
  return { count: () => n, off };
}

describe('crash loop', () => {
  it('three restarts asked through the gateway: no reboot of its own, no crash loop, no alert', async () => {
    const base = env.gw.base;
    const device = env.sims[0]?.devices[1];
    if (!device) throw new Error('no device');
    const ip = device.address;
    const from = Date.now();
    const sampled = sampledOf(ip);
    await waitFor(() => sampled.count() >= 2, { what: 'baseline samples' });
    for (let i = 1; i <= 3; i++) {
      const before = sampled.count();
      await waitFor(() => sampled.count() >= before + 2, { what: `samples before restart ${i}` });
      const res = await command(base, ip, 'restart');
      expect(res.status).toBeLessThan(300);
      // back: answering commands again, and sampled twice since (a reboot it would count shows by then)
      await waitFor(async () => (await command(base, ip, 'getInfo')).status === 200, {
        what: `${ip} back after restart ${i}`,
        timeoutMs: 15_000,
      });
      const back = sampled.count();
      await waitFor(() => sampled.count() >= back + 2, { what: `samples after restart ${i}` });
    }
    sampled.off();
    const entries = z
      .array(TimelineEntry)
      .parse((await http(base, 'GET', `/api/devices/timeline?ip=${ip}`)).body)
      .filter((e) => e.t >= from);
    expect(entries.filter((e) => e.kind === 'restart')).toHaveLength(3);
    expect(entries.map((e) => e.kind)).not.toContain('reboot');
    expect(entries.map((e) => e.kind)).not.toContain('crash-loop');
    const loops = z.array(CrashLoopState).parse((await http(base, 'GET', '/api/devices/crash-loops')).body);
    expect(loops.filter((l) => l.ip === ip)).toEqual([]);
    expect(payloads().filter((p) => p.device?.ip === ip)).toEqual([]);
  }, 60_000);

  it('three restarts within the window: one crash-loop alert, reboots on the timeline, over once it stays up', async () => {
    const base = env.gw.base;
    const device = env.sims[0]?.devices[0];
    if (!device) throw new Error('no device');
    const ip = device.address;
    const reboots = async () =>
      z
        .array(TimelineEntry)
        .parse((await http(base, 'GET', `/api/devices/timeline?ip=${ip}&kinds=reboot`)).body).length;
    // the first samples set the uptime baseline
    let sampled = 0;
    const off = env.gw.gateway.bus.on('device.sampled', (s) => {
      if (s.ip === ip && s.ok) sampled++;
    });
    await waitFor(() => sampled >= 2, { what: 'baseline samples' });
    for (let i = 1; i <= 3; i++) {
      // let the device run a little so its uptime before the reboot exceeds the one after
      const before = sampled;
      await waitFor(() => sampled >= before + 2, { what: `samples before restart ${i}` });
      // a crash, not a restart asked through the gateway (that one is a restart, not a reboot of its own)
      device.crash('exception');
      await waitFor(async () => (await reboots()) >= i, { what: `reboot ${i} seen`, timeoutMs: 15_000 });
    }
    off();
    await waitFor(() => payloads().some((p) => p.kind === 'crash-loop'), { what: 'crash-loop alert' });
    const loops = z.array(CrashLoopState).parse((await http(base, 'GET', '/api/devices/crash-loops')).body);
    expect(loops).toEqual([{ ip, since: expect.any(Number), reboots: 3 }]);
    const entries = z
      .array(TimelineEntry)
      .parse((await http(base, 'GET', `/api/devices/timeline?ip=${ip}&kinds=reboot,crash-loop`)).body);
    expect(entries.map((e) => e.kind)).toEqual(['crash-loop', 'reboot', 'reboot', 'reboot']);
    expect(entries[1]?.text).toMatch(/^Rebooted \(reset reason: .+\)$/);

    // staying up for the window ends the loop: one crash-loop-ended, still one crash-loop
    await waitFor(() => payloads().some((p) => p.kind === 'crash-loop-ended'), {
      what: 'loop over',
      timeoutMs: 25_000,
    });
    expect(payloads().filter((p) => p.kind === 'crash-loop')).toHaveLength(1);
    expect(z.array(CrashLoopState).parse((await http(base, 'GET', '/api/devices/crash-loops')).body)).toEqual(
      [],
    );
  }, 60_000);
});
