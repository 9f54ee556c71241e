import { DeviceLoggerState, LoggerReconnectResult, LogMessage } from '@st/protocol';
import { type Simulator, startSimulator } from '@st/simulator';
import { loopbackBlock, waitFor } from '@st/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ErrorBody,
  type GatewaySetup,
  gatewaySetup,
  http,
  type RunningGateway,
  startGateway,
  subscribe,
} from './helpers';

// The firmware connects its logger only at boot and after a config write (device-protocol.md §3.2): after a
// gateway restart every logger stays disconnected unless the gateway writes the log address again. Real
// gateways on one data dir and log port, restarted under running simulated devices nobody touches.

let setup: GatewaySetup;
let sim: Simulator;
let unlinked: Simulator;
let gw: RunningGateway | undefined;

const Loggers = z.array(DeviceLoggerState);
const loggers = async () => Loggers.parse((await http(gwBase(), 'GET', '/api/devices/loggers')).body);
const gwBase = () => {
  if (!gw) throw new Error('no gateway');
  return gw.base;
};
const ips = () => sim.devices.map((d) => d.address);

async function restartGateway(loggerGraceMs: number) {
  await gw?.stop();
  gw = await startGateway(setup, { loggerGraceMs, lostAfterMs: 60_000 });
  await waitFor(async () => (await loggers()).length === 3, { what: 'devices found again' });
}

/** Live lines from every linked device on the gateway's live channel. */
async function liveLinesFromAll(timeoutMs: number) {
  const live = await subscribe(`${gw?.wsUrl}`, '/devices/logs');
  try {
    await waitFor(
      () => {
        const from = new Set(
          z
            .array(LogMessage)
            .parse(live.messages)
            .map((l) => l.device.ip),
        );
        return ips().every((ip) => from.has(ip));
      },
      { what: 'live lines from every device', timeoutMs },
    );
  } finally {
    await live.close();
  }
}

beforeAll(async () => {
  setup = await gatewaySetup();
  gw = await startGateway(setup, { loggerGraceMs: 60_000, lostAfterMs: 60_000 });
  const base = { discoveryPort: setup.discoveryPort, beaconIntervalMs: 200, logRate: 20 };
  sim = await startSimulator({
    ...base,
    ips: loopbackBlock(2),
    kinds: ['lamp'],
    gateway: `127.0.0.1:${new URL(gw.base).port}`,
    logPort: setup.logPort,
  });
  unlinked = await startSimulator({ ...base, ips: loopbackBlock(1), kinds: ['lamp'] });
  await waitFor(async () => (await loggers()).filter((l) => l.connected).length === 2, {
    what: 'linked loggers connected',
  });
}, 60_000);
afterAll(async () => {
  await sim?.stop();
  await unlinked?.stop();
  await gw?.stop();
  setup?.cleanup();
});

describe('device loggers across gateway restarts', () => {
  it('lists each known device with its logger state; reconnect brings one back on request', async () => {
    await restartGateway(60_000);
    // the devices run on, their loggers cut by the restart: the gateway says so
    const states = await loggers();
    expect(states.filter((s) => ips().includes(s.ip)).map((s) => s.connected)).toEqual([false, false]);
    const [first] = ips();
    if (!first) throw new Error('no device');
    const res = await http(gwBase(), 'POST', '/api/devices/loggers/reconnect', { ip: first });
    expect(res.status).toBe(200);
    expect(LoggerReconnectResult.parse(res.body)).toEqual({
      ip: first,
      connected: true,
      address: `127.0.0.1:${setup.logPort}`,
    });
    expect((await loggers()).find((s) => s.ip === first)?.connected).toBe(true);

    // refused clearly: a device without a log address, an unknown device, a bad address
    const none = unlinked.devices[0]?.address ?? '';
    const noAddress = await http(gwBase(), 'POST', '/api/devices/loggers/reconnect', { ip: none });
    expect(noAddress.status).toBe(409);
    expect(ErrorBody.parse(noAddress.body).code).toBe('LOGGER_NO_ADDRESS');
    const unknown = await http(gwBase(), 'POST', '/api/devices/loggers/reconnect', { ip: '127.9.9.9' });
    expect(unknown.status).toBe(404);
    expect(ErrorBody.parse(unknown.body).code).toBe('UNKNOWN_DEVICE');
    const bad = await http(gwBase(), 'POST', '/api/devices/loggers/reconnect', { ip: 'lamp; rm' });
    expect(bad.status).toBe(400);
  }, 60_000);

  it('after a restart the gateway brings every logger back by itself: live lines arrive again', async () => {
    await restartGateway(500);
    await liveLinesFromAll(20_000);
    const states = await loggers();
    expect(states.filter((s) => ips().includes(s.ip)).every((s) => s.connected)).toBe(true);
    // the device without a log address is left as it is
    expect(states.find((s) => s.ip === unlinked.devices[0]?.address)?.connected).toBe(false);
  }, 60_000);
});
