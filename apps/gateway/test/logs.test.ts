import { createSocket } from 'node:dgram';
import { createConnection, type Socket } from 'node:net';
import { formatDeviceLogLine, LogMessage } from '@st/protocol';
import { loopbackBlock, waitFor } from '@st/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ErrorBody, http, subscribe } from './helpers';
import { gatewayForFile } from './support/harness';

const Logs = z.array(LogMessage);
const Stats = z.object({ logs: z.record(z.string(), z.number()) });

const gw = gatewayForFile({ gateway: { logRetention: 40 } });
const sockets: Socket[] = [];

async function connectDevice(localAddress = '127.0.0.1'): Promise<Socket> {
  const socket = createConnection({ port: gw.logPort, host: '127.0.0.1', localAddress });
  sockets.push(socket);
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return socket;
}

async function logs(query = ''): Promise<LogMessage[]> {
  return Logs.parse((await http(gw.base, 'GET', `/api/devices/logs${query}`)).body);
}

afterEach(() => {
  for (const s of sockets.splice(0)) s.destroy();
});

describe('device logs', () => {
  it('reads lines however the stream is cut, delivers them live and keeps them newest first', async () => {
    const live = await subscribe(gw.wsUrl, '/devices/logs');
    const device = await connectDevice();
    device.write('lamp&20&logger&Logger conn');
    device.write('ected!\r\nlamp&30&main&a & b & c\r\nlamp&40&main&boom\r\n');
    await waitFor(() => live.messages.length === 3, { what: 'three live lines' });
    const lines = Logs.parse(live.messages);
    expect(lines.map((l) => [l.device, l.level, l.tag, l.message, l.source])).toEqual([
      [{ ip: '127.0.0.1', name: 'lamp' }, 'INFO', 'logger', 'Logger connected!', 'TCP'],
      [{ ip: '127.0.0.1', name: 'lamp' }, 'WARN', 'main', 'a & b & c', 'TCP'],
      [{ ip: '127.0.0.1', name: 'lamp' }, 'ERROR', 'main', 'boom', 'TCP'],
    ]);
    const history = await logs();
    expect(history.map((l) => l.message)).toEqual(['boom', 'a & b & c', 'Logger connected!']);
    await live.close();
  });

  it('filters by device, tag, message (any case), minimum level, and limits the count', async () => {
    const device = await connectDevice();
    const lines = [
      { name: 'Garage-Door', level: 10 as const, tag: 'Sensors', message: 'Door OPEN' },
      { name: 'garage-door', level: 20 as const, tag: 'sensors', message: 'door closed' },
      { name: 'porch', level: 40 as const, tag: 'wifi', message: 'lost connection' },
    ];
    device.write(lines.map(formatDeviceLogLine).join(''));
    await waitFor(async () => (await logs('?device=porch')).length === 1, { what: 'lines stored' });

    expect((await logs('?device=GARAGE')).map((l) => l.message)).toEqual(['door closed', 'Door OPEN']);
    expect((await logs('?device=127.0.0')).length).toBeGreaterThanOrEqual(3);
    expect((await logs('?tag=SENS')).map((l) => l.message)).toEqual(['door closed', 'Door OPEN']);
    expect((await logs('?message=open')).map((l) => l.message)).toEqual(['Door OPEN']);
    expect((await logs('?device=garage&level=INFO')).map((l) => l.message)).toEqual(['door closed']);
    expect((await logs('?level=ERROR&device=porch')).map((l) => l.level)).toEqual(['ERROR']);
    expect(await logs('?limit=1')).toHaveLength(1);
    expect(await logs('?message=100%25')).toEqual([]);
  });

  it('filters by receive time range, ends included, whatever offset the range is written in', async () => {
    const device = await connectDevice();
    device.write(formatDeviceLogLine({ name: 'range', level: 20, tag: 'time', message: 'range first' }));
    await waitFor(async () => (await logs('?message=range first')).length === 1, { what: 'first line' });
    const [first] = await logs('?message=range first');
    await new Promise((r) => setTimeout(r, 20));
    device.write(formatDeviceLogLine({ name: 'range', level: 20, tag: 'time', message: 'range second' }));
    await waitFor(async () => (await logs('?message=range second')).length === 1, { what: 'second line' });
    const [second] = await logs('?message=range second');
    if (first === undefined || second === undefined) throw new Error('lines not stored');
    const q = (from?: string, to?: string) =>
      `?message=range&${new URLSearchParams({ ...(from ? { from } : {}), ...(to ? { to } : {}) })}`;
    expect((await logs(q(second.dateTime))).map((l) => l.message)).toEqual(['range second']);
    expect((await logs(q(undefined, first.dateTime))).map((l) => l.message)).toEqual(['range first']);
    expect((await logs(q(first.dateTime, second.dateTime))).map((l) => l.message)).toEqual([
      'range second',
      'range first',
    ]);
    // the same instant as the second line, written two hours east of UTC
    const east = new Date(Date.parse(second.dateTime) + 2 * 3600_000).toISOString().replace('Z', '+02:00');
    expect((await logs(q(east))).map((l) => l.message)).toEqual(['range second']);
    const r = await http(gw.base, 'GET', '/api/devices/logs?from=yesterday');
    expect(r.status).toBe(400);
  });

  it('answers bad filters with 400 and a message', async () => {
    for (const q of ['?level=LOUD', '?limit=0', '?limit=abc', '?limit=999999']) {
      const r = await http(gw.base, 'GET', `/api/devices/logs${q}`);
      expect(r.status).toBe(400);
      expect(ErrorBody.parse(r.body).message.length).toBeGreaterThan(0);
    }
  });

  it('drops and counts malformed and over-long lines without losing the good ones', async () => {
    const before = Stats.parse((await http(gw.base, 'GET', '/api/stats')).body).logs;
    const device = await connectDevice();
    device.write('no separators here\r\nlamp&99&main&unknown level\r\nlamp&x&main&bad\r\n');
    device.write(`lamp&20&main&${'y'.repeat(10_000)}\r\n`);
    device.write('lamp&20&main&still fine\r\n');
    await waitFor(async () => (await logs('?message=still fine')).length === 1, { what: 'good line' });
    const after = Stats.parse((await http(gw.base, 'GET', '/api/stats')).body).logs;
    expect((after.malformed ?? 0) - (before.malformed ?? 0)).toBe(3);
    expect((after.oversized ?? 0) - (before.oversized ?? 0)).toBe(1);
  });

  it('keeps only the newest lines up to the retention limit', async () => {
    const device = await connectDevice();
    const text = Array.from({ length: 60 }, (_, i) =>
      formatDeviceLogLine({ name: 'spam', level: 20, tag: 't', message: `n${i}` }),
    ).join('');
    device.write(text);
    await waitFor(async () => (await logs('?message=n59')).length === 1, { what: 'last line' });
    const all = await logs('?limit=1000');
    expect(all).toHaveLength(40);
    expect(all[0]?.message).toBe('n59');
    expect(all[39]?.message).toBe('n20');
  });

  it('takes a flood from several devices without losing or reordering a line', async () => {
    const before = Stats.parse((await http(gw.base, 'GET', '/api/stats')).body).logs;
    const live = await subscribe(gw.wsUrl, '/devices/logs');
    const devices = await Promise.all(loopbackBlock(3).map((address) => connectDevice(address)));
    const perDevice = 8000;
    devices.forEach((d, n) => {
      const text = Array.from({ length: perDevice }, (_, i) =>
        formatDeviceLogLine({ name: `flood-${n}`, level: 20, tag: 'flood', message: `${i}` }),
      ).join('');
      d.write(text);
    });
    await waitFor(() => live.messages.length >= 3 * perDevice, {
      what: 'every line live',
      timeoutMs: 60_000,
    });
    const lines = Logs.parse(live.messages);
    for (let n = 0; n < 3; n++) {
      const own = lines.filter((l) => l.device.name === `flood-${n}`).map((l) => Number(l.message));
      expect(own).toEqual(Array.from({ length: perDevice }, (_, i) => i));
    }
    const after = Stats.parse((await http(gw.base, 'GET', '/api/stats')).body).logs;
    expect((after.stored ?? 0) - (before.stored ?? 0)).toBe(3 * perDevice);
    expect(after.dropped).toBe(before.dropped);
    await live.close();
  });

  it('keeps one connection per device address: a reconnect replaces the old connection', async () => {
    const [address] = loopbackBlock(1);
    const old = await connectDevice(address);
    const closed = new Promise<void>((resolve) => old.once('close', () => resolve()));
    old.on('error', () => {});
    const fresh = await connectDevice(address);
    await closed;
    fresh.write(
      formatDeviceLogLine({ name: 'reconnected', level: 20, tag: 'logger', message: 'Logger connected!' }),
    );
    await waitFor(async () => (await logs('?device=reconnected')).length === 1, {
      what: 'line on the new connection',
    });
  });

  it('accepts the multicast log variant (ip&name&level&tag&message)', async () => {
    const sender = createSocket('udp4');
    await new Promise<void>((resolve) => sender.bind(0, '127.0.0.1', () => resolve()));
    sender.setMulticastInterface('127.0.0.1');
    sender.send('127.0.0.77&udp-dev&30&net&over multicast\r\n', gw.logPort, '224.1.1.1');
    try {
      await waitFor(async () => (await logs('?device=udp-dev')).length === 1, { what: 'multicast line' });
      const [line] = await logs('?device=udp-dev');
      expect(line).toMatchObject({ device: { ip: '127.0.0.77', name: 'udp-dev' }, source: 'MULTICAST' });
    } finally {
      sender.close();
    }
  });
});
