import { createSocket, type Socket } from 'node:dgram';
import { DeviceInfoSchema, formatBeacon } from '@st/protocol';
import { waitFor } from '@st/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type GatewaySetup, gatewaySetup, http, startGateway, subscribe } from './helpers';

const Found = z.array(DeviceInfoSchema);
const Stats = z.object({ discovery: z.record(z.string(), z.number()) });

let setup: GatewaySetup;
let sender: Socket;

/** A plain multicast sender on loopback, bound to 127.0.0.1 (so that is the datagrams' source address). */
beforeAll(async () => {
  setup = await gatewaySetup();
  sender = createSocket('udp4');
  await new Promise<void>((resolve) => sender.bind(0, '127.0.0.1', () => resolve()));
  sender.setMulticastInterface('127.0.0.1');
});
afterAll(() => {
  sender.close();
  setup.cleanup();
});

function beacon(text: string): void {
  sender.send(text, setup.discoveryPort, '224.1.1.1');
}

const lamp = {
  ip: '127.0.0.1:8081',
  type: 'lamp',
  name: 'hall-lamp',
  stVersion: '1.0',
  board: 'esp32',
  version: '2.1',
};

describe('discovery', () => {
  it('announces a device on its first beacon, lists it, and announces it lost after the silence window', async () => {
    const gw = await startGateway(setup, { lostAfterMs: 1500, lostCheckIntervalMs: 200 });
    try {
      expect((await http(gw.base, 'GET', '/api/devices/search/enabled')).body).toBe(true);
      const found = await subscribe(gw.wsUrl, '/devices/found');
      const lost = await subscribe(gw.wsUrl, '/devices/lost');
      beacon(formatBeacon(lamp));
      beacon(formatBeacon(lamp));
      await waitFor(() => found.messages.length === 1, { what: 'found event' });
      expect(DeviceInfoSchema.parse(found.messages[0])).toEqual(lamp);
      expect(Found.parse((await http(gw.base, 'GET', '/api/devices/found')).body)).toEqual([lamp]);

      await waitFor(() => lost.messages.length === 1, { what: 'lost event', timeoutMs: 10_000 });
      expect(DeviceInfoSchema.parse(lost.messages[0])).toEqual(lamp);
      expect(Found.parse((await http(gw.base, 'GET', '/api/devices/found')).body)).toEqual([]);
      expect(found.messages).toHaveLength(1);
      await found.close();
      await lost.close();
    } finally {
      await gw.stop();
    }
  });

  it('announces a renamed device again and omits an empty firmware version', async () => {
    const gw = await startGateway(setup);
    try {
      const found = await subscribe(gw.wsUrl, '/devices/found');
      beacon('127.0.0.1:9000;meteo;st-device;1.0;esp8266;');
      await waitFor(() => found.messages.length === 1, { what: 'first found' });
      expect(found.messages[0]).toEqual({
        ip: '127.0.0.1:9000',
        type: 'meteo',
        name: 'st-device',
        stVersion: '1.0',
        board: 'esp8266',
      });
      beacon('127.0.0.1:9000;meteo;garden;1.0;esp8266;');
      await waitFor(() => found.messages.length === 2, { what: 'rename announced' });
      const list = Found.parse((await http(gw.base, 'GET', '/api/devices/found')).body);
      expect(list.map((d) => d.name)).toEqual(['garden']);
      await found.close();
    } finally {
      await gw.stop();
    }
  });

  it('drops and counts malformed beacons and beacons claiming another address', async () => {
    const gw = await startGateway(setup);
    try {
      beacon('garbage');
      beacon('1;2;3');
      beacon('not-an-ip;lamp;x;1.0;esp32;');
      beacon('192.168.1.50;lamp;spoofed;1.0;esp32;1.0');
      beacon(formatBeacon({ ...lamp, ip: '127.0.0.1' }));
      await waitFor(
        async () => Found.parse((await http(gw.base, 'GET', '/api/devices/found')).body).length === 1,
      );
      const stats = Stats.parse((await http(gw.base, 'GET', '/api/stats')).body).discovery;
      expect(stats).toMatchObject({ malformed: 3, untrusted: 1 });
      const list = Found.parse((await http(gw.base, 'GET', '/api/devices/found')).body);
      expect(list.map((d) => d.ip)).toEqual(['127.0.0.1']);
    } finally {
      await gw.stop();
    }
  });

  it('trusts the address inside the beacon when configured to (loopback simulations)', async () => {
    const gw = await startGateway(setup, { trustBeaconAddress: true });
    try {
      beacon('192.168.1.50;lamp;far-away;1.0;esp32;1.0');
      await waitFor(
        async () => Found.parse((await http(gw.base, 'GET', '/api/devices/found')).body).length === 1,
      );
    } finally {
      await gw.stop();
    }
  });

  it('keeps serving and reports search disabled when it cannot join the discovery group', async () => {
    // 203.0.113.1 (TEST-NET-3) is no interface of this machine, so joining the group on it fails.
    const gw = await startGateway(setup, { multicastIf: '203.0.113.1' });
    try {
      expect((await http(gw.base, 'GET', '/api/devices/search/enabled')).body).toBe(false);
      expect((await http(gw.base, 'GET', '/api/devices/found')).body).toEqual([]);
    } finally {
      await gw.stop();
    }
  });
});
