import { DeviceInfoSchema, LogMessage, SavedDevice } from '@st/protocol';
import { type Simulator, startSimulator } from '@st/simulator';
import { loopbackBlock, waitFor } from '@st/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  command,
  ErrorBody,
  type GatewaySetup,
  gatewaySetup,
  http,
  startGateway,
  subscribe,
} from './helpers';

const Saved = z.array(SavedDevice);
let setup: GatewaySetup;
let sim: Simulator;
let gwPort = 0;

beforeAll(async () => {
  setup = await gatewaySetup();
});
afterAll(async () => {
  await sim?.stop();
  setup.cleanup();
});

async function startSim(port: string, logRate: number): Promise<Simulator> {
  return startSimulator({
    ips: loopbackBlock(2),
    kinds: ['socket', 'weather'],
    discoveryPort: setup.discoveryPort,
    gateway: `127.0.0.1:${port}`,
    logPort: setup.logPort,
    logRate,
  });
}

describe('saved devices, with simulated devices', () => {
  it('adds by address (answering name and type), updates after a rename, deletes, and survives a restart', async () => {
    const gw = await startGateway(setup);
    gwPort = Number(new URL(gw.base).port);
    sim = await startSim(String(gwPort), 0);
    const [socketDev, weatherDev] = sim.devices;
    if (!socketDev || !weatherDev) throw new Error('simulator did not start two devices');
    try {
      const added = await http(gw.base, 'POST', `/api/devices/saved?ip=${socketDev.address}`);
      expect(added.status).toBe(200);
      const saved = SavedDevice.parse(added.body);
      expect(saved).toMatchObject({ ip: socketDev.address, name: 'socket-1', type: 'socket' });

      const again = SavedDevice.parse(
        (await http(gw.base, 'POST', `/api/devices/saved?ip=${socketDev.address}`)).body,
      );
      expect(again.id).toBe(saved.id);
      await http(gw.base, 'POST', `/api/devices/saved?ip=${weatherDev.address}`);

      expect((await command(gw.base, socketDev.address, 'saveName', { name: 'bedroom-plug' })).status).toBe(
        200,
      );
      const updated = await http(gw.base, 'PUT', `/api/devices/saved?ip=${socketDev.address}`);
      expect(SavedDevice.parse(updated.body)).toMatchObject({ id: saved.id, name: 'bedroom-plug' });
      const list = Saved.parse((await http(gw.base, 'GET', '/api/devices/saved')).body);
      expect(list.map((d) => d.name)).toEqual(['bedroom-plug', 'weather-2']);

      expect((await http(gw.base, 'DELETE', `/api/devices/saved?ip=${weatherDev.address}`)).status).toBe(200);
      const missing = await http(gw.base, 'DELETE', `/api/devices/saved?ip=${weatherDev.address}`);
      expect(missing.status).toBe(404);
      expect(ErrorBody.parse(missing.body).code).toBe('DEVICE_NOT_SAVED');
    } finally {
      await gw.stop();
    }

    const restarted = await startGateway(setup);
    try {
      const list = Saved.parse((await http(restarted.base, 'GET', '/api/devices/saved')).body);
      expect(list.map((d) => [d.ip, d.name])).toEqual([[socketDev.address, 'bedroom-plug']]);
      // A saved device can be commanded even before its next beacon is heard.
      const info = await command(restarted.base, socketDev.address, 'getInfo');
      expect(DeviceInfoSchema.parse(info.body).name).toBe('bedroom-plug');
    } finally {
      await restarted.stop();
    }
  });

  it('refuses bad and unreachable addresses with a message', async () => {
    const gw = await startGateway(setup, { deviceTimeoutMs: 1000 });
    try {
      for (const ip of ['', 'abc', '300.1.1.1', '1.2.3.4:99999', '1.2.3']) {
        const r = await http(gw.base, 'POST', `/api/devices/saved?ip=${encodeURIComponent(ip)}`);
        expect(r.status).toBe(400);
        expect(ErrorBody.parse(r.body).message).toContain('Not valid ip');
      }
      expect((await http(gw.base, 'POST', '/api/devices/saved')).status).toBe(400);
      const [nobody] = loopbackBlock(1);
      const unreachable = await http(gw.base, 'POST', `/api/devices/saved?ip=${nobody}`);
      expect(unreachable.status).toBe(502);
      expect(ErrorBody.parse(unreachable.body).message).toContain(`Can't find device with ip=${nobody}`);
      const notSaved = await http(gw.base, 'PUT', `/api/devices/saved?ip=${nobody}`);
      expect(notSaved.status).toBe(404);
    } finally {
      await gw.stop();
    }
  });
});

describe('simulated devices over time', () => {
  it('streams their log lines live and into the history; reports a silent device lost after the window', async () => {
    await sim.stop();
    const gw = await startGateway(setup);
    sim = await startSim(new URL(gw.base).port, 20);
    const [chatty] = sim.devices;
    if (!chatty) throw new Error('no device');
    try {
      const live = await subscribe(gw.wsUrl, '/devices/logs');
      const lost = await subscribe(gw.wsUrl, '/devices/lost');
      await waitFor(() => live.messages.some((m) => LogMessage.parse(m).device.name === chatty.name), {
        what: 'live log line from the device',
      });
      const history = z
        .array(LogMessage)
        .parse((await http(gw.base, 'GET', `/api/devices/logs?device=${chatty.name}`)).body);
      expect(history.length).toBeGreaterThan(0);
      expect(history.every((l) => l.device.name === chatty.name)).toBe(true);

      await waitFor(
        async () =>
          z.array(DeviceInfoSchema).parse((await http(gw.base, 'GET', '/api/devices/found')).body).length ===
          2,
        { what: 'both found' },
      );
      await chatty.goOffline();
      await waitFor(() => lost.messages.length === 1, {
        what: 'lost after the default window',
        timeoutMs: 15_000,
      });
      expect(DeviceInfoSchema.parse(lost.messages[0]).ip).toBe(chatty.address);
      await live.close();
      await lost.close();
    } finally {
      await gw.stop();
    }
  });
});
