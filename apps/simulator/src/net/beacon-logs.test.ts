import { parseDeviceLogLine, parseMulticastLogLine } from '@st/protocol';
import { freeUdpPort, loopbackBlock } from '@st/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimDevice } from '../index';
import { type Simulator, startSimulator } from '../simulator';
import { call, json } from '../testing/client';
import { listenLogs, listenMulticast } from '../testing/listeners';

const GROUP = '224.1.1.1';
let sim: Simulator;
let lamp: SimDevice;
let button: SimDevice;
let beacons: Awaited<ReturnType<typeof listenMulticast>>;
let logs: Awaited<ReturnType<typeof listenLogs>>;

beforeAll(async () => {
  const discoveryPort = await freeUdpPort();
  beacons = await listenMulticast(GROUP, discoveryPort);
  logs = await listenLogs();
  sim = await startSimulator({
    ips: loopbackBlock(2),
    discoveryPort,
    beaconIntervalMs: 200,
    logRate: 50,
    kinds: ['lamp', 'button'],
    rebootMs: 300,
    restartDelayMs: 50,
    ota: false,
  });
  [lamp, button] = sim.devices as [SimDevice, SimDevice];
});
afterAll(async () => {
  await sim.stop();
  beacons.close();
  await logs.close();
});

describe('discovery beacons', () => {
  it('sends the exact current-format line of every device to the group', async () => {
    const want = `${lamp.address};lamp;lamp-1;1.0;esp32;1.4.2`;
    await expect.poll(() => beacons.lines.includes(want), { timeout: 5000 }).toBe(true);
    await expect
      .poll(() => beacons.lines.includes(`${button.address};button;button-2;1.0;esp32;1.1.0`), {
        timeout: 5000,
      })
      .toBe(true);
  });

  it('carries a new name right after a rename', async () => {
    await json(button.address, 'PUT', '/info/system', { name: 'door bell' });
    const want = `${button.address};button;door-bell;1.0;esp32;1.1.0`;
    await expect.poll(() => beacons.lines.includes(want), { timeout: 5000 }).toBe(true);
  });

  it('goes silent while rebooting and comes back with uptime reset', async () => {
    await expect.poll(() => lamp.state.uptimeMs, { timeout: 8000 }).toBeGreaterThan(2500);
    const before = lamp.state.uptimeMs;
    const r = await call(lamp.address, 'POST', '/danger/restart');
    expect([r.status, r.body, r.headers['access-control-allow-origin']]).toEqual([
      200,
      'Restart in 2000ms',
      undefined,
    ]);
    await expect.poll(() => lamp.state.online, { timeout: 5000 }).toBe(false);
    const mark = beacons.lines.length;
    const mine = () => beacons.lines.slice(mark).filter((l) => l.startsWith(`${lamp.address};`)).length;
    expect(mine()).toBe(0);
    await expect(call(lamp.address, 'GET', '/health', undefined, { timeoutMs: 1000 })).rejects.toThrow();
    await expect.poll(() => lamp.state.online, { timeout: 5000 }).toBe(true);
    await expect.poll(mine, { timeout: 5000 }).toBeGreaterThan(0);
    const m = JSON.parse((await call(lamp.address, 'GET', '/metrics')).body);
    expect(m.resetReason).toBe('ESP_RST_SW');
    expect(lamp.state.bootCount).toBe(2);
    expect(m.uptime).toBeLessThan(before);
  });

  it('stops beaconing while offline and resumes when back', async () => {
    await button.goOffline();
    await expect(call(button.address, 'GET', '/health', undefined, { timeoutMs: 1000 })).rejects.toThrow();
    await button.goOnline();
    expect((await call(button.address, 'GET', '/health')).status).toBe(200);
  });
});

describe('network logger', () => {
  it('connects to laddr from the device address, says Logger connected! first, then logs at all levels', async () => {
    const laddr = `127.0.0.1:${logs.port}`;
    const cfg = JSON.parse((await call(lamp.address, 'GET', '/config')).body);
    await json(lamp.address, 'POST', '/config', { ...cfg, laddr });
    await expect.poll(() => logs.connections.length, { timeout: 5000 }).toBe(1);
    expect(logs.connections[0]?.remote).toBe(lamp.ip);
    await expect.poll(() => logs.lines().length, { timeout: 5000 }).toBeGreaterThan(40);
    expect(logs.lines()[0]).toBe(`${lamp.name}&20&logger&Logger connected!`);
    const parsed = logs.lines().map(parseDeviceLogLine);
    expect(parsed.every((p) => p.ok)).toBe(true);
    await expect
      .poll(() => new Set(logs.lines().map((l) => l.split('&')[1])).size, { timeout: 10_000 })
      .toBe(4);
    const messages = () =>
      logs.lines().flatMap((l) => {
        const p = parseDeviceLogLine(l);
        return p.ok ? [p.value.message] : [];
      });
    await expect
      .poll(() => messages().some((m) => / & light \d+ lx$/.test(m)), { timeout: 10_000 })
      .toBe(true);
    expect(JSON.parse((await call(lamp.address, 'GET', '/sensors')).body).logger).toBe('connected');
  });

  it('logs requests at DEBUG', async () => {
    await call(lamp.address, 'GET', '/sensors?x=1');
    await expect
      .poll(() => logs.lines().some((l) => l.includes('&10&request&[GET] /sensors')), { timeout: 5000 })
      .toBe(true);
  });

  it('re-saving the same address keeps the connection; a new address gets a farewell line first', async () => {
    const cfg = JSON.parse((await call(lamp.address, 'GET', '/config')).body);
    await json(lamp.address, 'POST', '/config', cfg);
    expect(logs.connections.length).toBe(1);
    const other = await listenLogs();
    await json(lamp.address, 'POST', '/config', { ...cfg, laddr: `127.0.0.1:${other.port}` });
    await expect.poll(() => logs.connections[0]?.closed, { timeout: 5000 }).toBe(true);
    expect(logs.connections[0]?.raw).toContain(
      `&30&logger&Server log address was updated to 127.0.0.1:${other.port}\r\n`,
    );
    await expect
      .poll(() => other.lines()[0], { timeout: 5000 })
      .toBe(`${lamp.name}&20&logger&Logger connected!`);
    await other.close();
    await expect.poll(() => lamp.state.logger, { timeout: 5000 }).toBe('disconnected');
    await new Promise((r) => setTimeout(r, 300));
    expect(other.connections.length).toBe(1); // no automatic reconnect
  });
});

describe('multicast log variant', () => {
  it('sends ip&name&level&tag&message datagrams to the group in laddr', async () => {
    const port = await freeUdpPort();
    const listener = await listenMulticast(GROUP, port);
    const m = await startSimulator({
      ips: loopbackBlock(1),
      discoveryPort: await freeUdpPort(),
      logRate: 20,
      logTransport: 'multicast',
      logAddress: `${GROUP}:${port}`,
      kinds: ['socket'],
      ota: false,
    });
    try {
      const [d] = m.devices as [SimDevice];
      await expect.poll(() => listener.lines.length, { timeout: 5000 }).toBeGreaterThan(3);
      const parsed = listener.lines.map(parseMulticastLogLine);
      expect(parsed.every((p) => p.ok && p.value.ip === d.ip && p.value.name === d.name)).toBe(true);
      expect(listener.lines.every((l) => l.endsWith('\r\n'))).toBe(true);
      expect(d.state.sensors.logger).toBe('connected');
    } finally {
      await m.stop();
      listener.close();
    }
  });
});
