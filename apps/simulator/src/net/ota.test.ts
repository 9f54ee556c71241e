import { createHash } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { createServer, type Socket } from 'node:net';
import { makeFirmwareImage } from '@st/protocol';
import { freeUdpPort, loopbackBlock } from '@st/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimDevice } from '../index';
import { type Simulator, startSimulator } from '../simulator';
import { call } from '../testing/client';
import { listenLogs } from '../testing/listeners';

/** A minimal espota uploader: invitation over UDP, then 1024-byte chunks, waiting for each count. */
async function upload(
  ip: string,
  port: number,
  image: Uint8Array,
  md5 = createHash('md5').update(image).digest('hex'),
) {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const addr = server.address();
  const tcpPort = typeof addr === 'object' && addr ? addr.port : 0;
  const udp = createSocket('udp4');
  const reply = new Promise<string>((resolve) => udp.once('message', (m) => resolve(m.toString())));
  const connected = new Promise<Socket>((resolve) => server.once('connection', resolve));
  udp.send(`0 ${tcpPort} ${image.length} ${md5}\n`, port, ip);
  const answer = await reply;
  udp.close();
  const sock = await connected;
  let received = '';
  let wake: (() => void) | undefined;
  sock.on('data', (d) => {
    received += d.toString();
    wake?.();
  });
  const closed = new Promise<void>((resolve) => sock.on('close', () => resolve()));
  const counts: string[] = [];
  for (let at = 0; at < image.length; at += 1024) {
    const before = received.length;
    const got = new Promise<void>((resolve) => {
      wake = resolve;
    });
    sock.write(image.subarray(at, at + 1024));
    if (received.length === before) await got;
    counts.push(received.slice(before));
  }
  await closed;
  server.close();
  return { answer, counts, final: received };
}

let sim: Simulator;
let lamp: SimDevice;

beforeAll(async () => {
  sim = await startSimulator({
    ips: loopbackBlock(1),
    discoveryPort: await freeUdpPort(),
    logRate: 0,
    kinds: ['lamp'],
    rebootMs: 200,
  });
  [lamp] = sim.devices as [SimDevice];
});
afterAll(() => sim.stop());

describe('OTA (espota)', () => {
  it('accepts an image, acknowledges every chunk, answers OK and reboots with the new version', async () => {
    const image = makeFirmwareImage({ version: '9.8.7', size: 10_000 });
    const r = await upload(lamp.ip, 3232, image);
    expect(r.answer).toBe('OK');
    expect(r.counts.slice(0, -1).every((c) => c.startsWith('1024'))).toBe(true);
    expect(r.final.endsWith('OK')).toBe(true);
    await expect.poll(() => lamp.state.bootCount, { timeout: 5000 }).toBe(2);
    await expect.poll(() => lamp.state.online, { timeout: 5000 }).toBe(true);
    expect(JSON.parse((await call(lamp.address, 'GET', '/info/system')).body).version).toBe('9.8.7');
  });

  it('fails on a bad MD5 as the firmware does and keeps the old version', async () => {
    const image = makeFirmwareImage({ version: '10.0.0', size: 5000 });
    const r = await upload(lamp.ip, 3232, image, '0'.repeat(32));
    expect(r.final).toContain('MD5 Check Failed');
    expect(r.final).not.toMatch(/OK$/);
    expect(lamp.state.version).toBe('9.8.7');
    expect(lamp.state.bootCount).toBe(2);
  });

  it('refuses an image that is not an ESP application', async () => {
    const junk = new Uint8Array(3000).fill(7);
    const r = await upload(lamp.ip, 3232, junk);
    expect(r.final).toContain('Wrong Magic Byte');
    expect(lamp.state.version).toBe('9.8.7');
  });

  it('esp8266: listens on 8266 and drops its log connection once it accepts the invitation', async () => {
    const logs = await listenLogs();
    const other = await startSimulator({
      ips: loopbackBlock(1),
      discoveryPort: await freeUdpPort(),
      logRate: 0,
      kinds: ['weather'],
      rebootMs: 100,
      logAddress: `127.0.0.1:${logs.port}`,
    });
    try {
      const [w] = other.devices as [SimDevice];
      await expect.poll(() => w.state.logger, { timeout: 5000 }).toBe('connected');
      const r = await upload(w.ip, 8266, makeFirmwareImage({ version: '3.0.0', size: 4096 }));
      expect(r.final.endsWith('OK')).toBe(true);
      expect(logs.connections[0]?.closed).toBe(true);
      await expect.poll(() => w.state.version, { timeout: 5000 }).toBe('3.0.0');
      await expect.poll(() => logs.connections.length, { timeout: 5000 }).toBe(2);
    } finally {
      await other.stop();
      await logs.close();
    }
  });
});
