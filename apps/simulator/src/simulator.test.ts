import { createServer } from 'node:net';
import { freeTcpPort, freeUdpPort, loopbackBlock } from '@st/testkit';
import { afterAll, describe, expect, it } from 'vitest';
import type { SimDevice } from './index';
import { nthIp } from './options';
import { type Simulator, startSimulator } from './simulator';
import { call } from './testing/client';
import { listenMulticast } from './testing/listeners';

const cleanup: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanup.reverse()) await c();
});

describe('simulator', () => {
  it('counts addresses up from the first one', () => {
    expect(nthIp('127.0.0.2', 0)).toBe('127.0.0.2');
    expect(nthIp('127.0.0.250', 10)).toBe('127.0.1.4');
  });

  it('falls back to another port when the device port is taken, and advertises ip:port', async () => {
    const [ip = ''] = loopbackBlock(1);
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(80, ip, resolve));
    cleanup.push(() => new Promise((r) => blocker.close(() => r())));
    const fallbackPort = await freeTcpPort(ip);
    const discoveryPort = await freeUdpPort();
    const beacons = await listenMulticast('224.1.1.1', discoveryPort);
    cleanup.push(() => beacons.close());
    const sim: Simulator = await startSimulator({
      ips: [ip],
      fallbackPort,
      discoveryPort,
      logRate: 0,
      ota: false,
      kinds: ['button'],
    });
    cleanup.push(() => sim.stop());
    const [d] = sim.devices as [SimDevice];
    expect(d.address).toBe(`${ip}:${fallbackPort}`);
    expect(JSON.parse((await call(d.address, 'GET', '/info/system')).body).ip).toBe(d.address);
    await expect
      .poll(() => beacons.lines.some((l) => l.startsWith(`${ip}:${fallbackPort};button;`)), { timeout: 5000 })
      .toBe(true);
  });

  it('misbehaves on request: drops connections, answers late, goes offline', async () => {
    const sim = await startSimulator({
      ips: loopbackBlock(1),
      discoveryPort: await freeUdpPort(),
      logRate: 0,
      ota: false,
    });
    cleanup.push(() => sim.stop());
    const [d] = sim.devices as [SimDevice];
    d.setDropRate(1);
    await expect(call(d.address, 'GET', '/health')).rejects.toThrow();
    d.setDropRate(0);
    d.setSlow(200);
    await expect(call(d.address, 'GET', '/health', undefined, { timeoutMs: 50 })).rejects.toThrow('timeout');
    d.setSlow(0);
    expect((await call(d.address, 'GET', '/health')).status).toBe(200);
    await d.goOffline();
    await expect(call(d.address, 'GET', '/health')).rejects.toThrow();
    await d.goOnline();
    expect((await call(d.address, 'GET', '/health')).body).toBe('I am alive!!! :)');
  });

  it('--flaky: drops off the network and comes back by itself', async () => {
    const sim = await startSimulator({
      ips: loopbackBlock(1),
      discoveryPort: await freeUdpPort(),
      logRate: 0,
      ota: false,
      flaky: true,
      flakyUpMs: 200,
      flakyDownMs: 200,
    });
    cleanup.push(() => sim.stop());
    const [d] = sim.devices as [SimDevice];
    await expect.poll(() => d.state.online, { timeout: 5000 }).toBe(false);
    await expect.poll(() => d.state.online, { timeout: 5000 }).toBe(true);
    expect(d.state.bootCount).toBe(1); // a WiFi drop-out, not a reboot
  });

  it('refuses invalid options', async () => {
    await expect(startSimulator({ count: 0 })).rejects.toThrow();
    await expect(startSimulator({ firstIp: 'localhost' })).rejects.toThrow();
  });
});
