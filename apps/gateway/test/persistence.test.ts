import { createConnection } from 'node:net';
import {
  formatDeviceLogLine,
  formatSettingsDump,
  LogMessage,
  Notification,
  SettingsDumpRecord,
} from '@st/protocol';
import { waitFor } from '@st/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ErrorBody, type GatewaySetup, gatewaySetup, http, startGateway } from './helpers';

let setup: GatewaySetup;
beforeAll(async () => {
  setup = await gatewaySetup();
});
afterAll(() => setup.cleanup());

const device = {
  ip: '127.0.0.20',
  name: 'weather',
  type: 'meteo',
  board: 'esp32',
  stVersion: '1.0',
  version: '1.2.0',
};
const dump = formatSettingsDump({
  wifi: 'MyWifi;pass1234;1',
  name: 'weather',
  config: 'laddr;127.0.0.1:7779;',
  hooks: '',
  actions: '',
});

describe('settings dumps', () => {
  it('keeps a valid dump, lists, reads and deletes it; refuses empty and unreadable dumps', async () => {
    const gw = await startGateway(setup);
    try {
      const created = await http(gw.base, 'POST', '/api/devices/settings', { device, dump });
      expect(created.status).toBe(201);
      const record = SettingsDumpRecord.parse(created.body);
      expect(record).toMatchObject({ device, dump });

      const one = await http(gw.base, 'GET', `/api/devices/settings/${record.id}`);
      expect(SettingsDumpRecord.parse(one.body).dump).toBe(dump);

      const empty = await http(gw.base, 'POST', '/api/devices/settings', { device, dump: '   ' });
      expect(empty.status).toBe(400);
      expect(ErrorBody.parse(empty.body)).toMatchObject({
        code: 'DUMP_EMPTY',
        message: "Dump can't be blank!",
      });

      const json = await http(gw.base, 'POST', '/api/devices/settings', { device, dump: '{"cg":{}}' });
      expect(json.status).toBe(400);
      expect(ErrorBody.parse(json.body).code).toBe('DUMP_INVALID');

      const noDevice = await http(gw.base, 'POST', '/api/devices/settings', { dump });
      expect(noDevice.status).toBe(400);

      const second = SettingsDumpRecord.parse(
        (await http(gw.base, 'POST', '/api/devices/settings', { device, dump })).body,
      );
      expect((await http(gw.base, 'DELETE', `/api/devices/settings/${second.id}`)).status).toBe(200);
      const gone = await http(gw.base, 'DELETE', `/api/devices/settings/${second.id}`);
      expect(gone.status).toBe(404);
      expect(ErrorBody.parse(gone.body).code).toBe('DUMP_NOT_FOUND');
      const list = z
        .array(SettingsDumpRecord)
        .parse((await http(gw.base, 'GET', '/api/devices/settings')).body);
      expect(list.map((d) => d.id)).toEqual([record.id]);
    } finally {
      await gw.stop();
    }
  });
});

describe('a restart', () => {
  it('keeps dumps, notifications and log history', async () => {
    const first = await startGateway(setup);
    const note = await http(first.base, 'POST', '/api/notification', {
      device: { name: 'weather', type: 'meteo', ip: device.ip },
      notification: { message: 'Too hot', type: 'warning' },
    });
    expect(note.status).toBe(200);
    const socket = createConnection({ port: first.logPort, host: '127.0.0.1' });
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(
      formatDeviceLogLine({ name: 'weather', level: 30, tag: 'sensors', message: 'before restart' }),
    );
    await waitFor(
      async () =>
        z.array(LogMessage).parse((await http(first.base, 'GET', '/api/devices/logs')).body).length === 1,
      { what: 'log line stored' },
    );
    socket.destroy();
    await first.stop();

    const second = await startGateway(setup);
    try {
      const dumps = z
        .array(SettingsDumpRecord)
        .parse((await http(second.base, 'GET', '/api/devices/settings')).body);
      expect(dumps).toHaveLength(1);
      const notes = z.array(Notification).parse((await http(second.base, 'GET', '/api/notification')).body);
      expect(notes.map((n) => n.notification.message)).toEqual(['Too hot']);
      const logs = z.array(LogMessage).parse((await http(second.base, 'GET', '/api/devices/logs')).body);
      expect(logs.map((l) => [l.device.name, l.level, l.tag, l.message])).toEqual([
        ['weather', 'WARN', 'sensors', 'before restart'],
      ]);
    } finally {
      await second.stop();
    }
  });
});
