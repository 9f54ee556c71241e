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
import { ESP8266_OTA_MAX_BYTES } from './ota';

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

  it('fails on an esp32 when the image has no ESP32 app description', async () => {
    const r = await upload(lamp.ip, 3232, esp8266Image(4096));
    expect(r.final).toContain('Wrong Magic Byte');
    expect(lamp.state.version).toBe('9.8.7');
  });
});

/** An ESP8266 image: magic 0xE9, one segment, DIO, 4 MB; no app description after it. */
function esp8266Image(size: number): Uint8Array {
  const image = new Uint8Array(size).fill(0x5a);
  image.set([0xe9, 1, 2, 0x40], 0);
  return image;
}

/** Sends an invitation and returns the device's UDP answer. */
async function invite(ip: string, port: number, size: number): Promise<string> {
  const udp = createSocket('udp4');
  const reply = new Promise<string>((resolve) => udp.once('message', (m) => resolve(m.toString())));
  udp.send(`0 40000 ${size} ${'a'.repeat(32)}\n`, port, ip);
  try {
    return await reply;
  } finally {
    udp.close();
  }
}

describe('OTA on esp8266 (device-protocol.md §11)', () => {
  let logs: Awaited<ReturnType<typeof listenLogs>>;
  let esp: Simulator;
  let w: SimDevice;
  beforeAll(async () => {
    logs = await listenLogs();
    esp = await startSimulator({
      ips: loopbackBlock(1),
      discoveryPort: await freeUdpPort(),
      logRate: 0,
      kinds: ['weather'],
      rebootMs: 100,
      logAddress: `127.0.0.1:${logs.port}`,
    });
    [w] = esp.devices as [SimDevice];
  });
  afterAll(async () => {
    await esp.stop();
    await logs.close();
  });

  it('§11.9: on core 3.x the log connection stays up through the invitation and the transfer', async () => {
    await expect.poll(() => w.state.logger, { timeout: 5000 }).toBe('connected');
    w.setOtaVersion('3.0.0');
    const r = await upload(w.ip, 8266, esp8266Image(8192));
    expect(r.answer).toBe('OK');
    expect(r.final.endsWith('OK')).toBe(true);
    // The device logged the end of the transfer over the connection it had before the invitation.
    await expect.poll(() => logs.connections[0]?.raw ?? '', { timeout: 5000 }).toContain('OTA finished');
    await expect.poll(() => w.state.version, { timeout: 5000 }).toBe('3.0.0');
    // Only the reboot drops it; the firmware connects again at boot.
    await expect.poll(() => logs.connections.length, { timeout: 5000 }).toBe(2);
    expect(logs.connections[0]?.closed).toBe(true);
  });

  it('§11.10: an ESP8266 image has no version to read: without otaVersion the device keeps reporting its own', async () => {
    w.setOtaVersion(undefined);
    const boots = w.state.bootCount;
    expect((await upload(w.ip, 8266, esp8266Image(4096))).final.endsWith('OK')).toBe(true);
    await expect.poll(() => w.state.bootCount, { timeout: 5000 }).toBe(boots + 1);
    expect(w.state.version).toBe('3.0.0');
  });

  it("§11.11: refuses an image over 1.6 MB at the invitation with the core's Not Enough Space", async () => {
    expect(await invite(w.ip, 8266, ESP8266_OTA_MAX_BYTES + 1)).toBe('ERR: ERROR[4]: Not Enough Space');
  });

  it('§11.10: takes an ESP32 image (only the magic byte is checked), then never comes back', async () => {
    await expect.poll(() => w.state.online, { timeout: 5000 }).toBe(true);
    const r = await upload(w.ip, 8266, makeFirmwareImage({ version: '4.0.0', size: 4096 }));
    expect(r.final.endsWith('OK')).toBe(true);
    await expect.poll(() => w.state.online, { timeout: 5000 }).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 400)); // several reboot gaps
    expect(w.state.online).toBe(false);
    await expect(call(w.address, 'GET', '/health', undefined, { timeoutMs: 500 })).rejects.toThrow();
    await w.comeBack();
    expect(w.state.online).toBe(true);
    expect(w.state.version).toBe('3.0.0');
  });
});

describe('OTA version switches (for gateway verdict tests)', () => {
  let vs: Simulator;
  let labelled: SimDevice;
  let bare: SimDevice;
  let gone: SimDevice;
  beforeAll(async () => {
    vs = await startSimulator({
      ips: loopbackBlock(3),
      discoveryPort: await freeUdpPort(),
      logRate: 0,
      kinds: ['lamp'],
      rebootMs: 100,
      devices: [{ otaVersion: '1.7.0' }, { noVersion: true }, { stayDown: true }],
    });
    [labelled, bare, gone] = vs.devices as [SimDevice, SimDevice, SimDevice];
  });
  afterAll(() => vs.stop());

  const flash = async (d: SimDevice, version: string) => {
    const boots = d.state.bootCount;
    const r = await upload(d.ip, 3232, makeFirmwareImage({ version, size: 4096 }));
    expect(r.final.endsWith('OK')).toBe(true);
    return boots;
  };

  it('otaVersion: reports that version, whatever the image says', async () => {
    const boots = await flash(labelled, '1.7.1');
    await expect.poll(() => labelled.state.bootCount, { timeout: 5000 }).toBe(boots + 1);
    await expect.poll(() => labelled.state.online, { timeout: 5000 }).toBe(true);
    expect(JSON.parse((await call(labelled.address, 'GET', '/info/system')).body).version).toBe('1.7.0');
    labelled.setOtaVersion(null);
    const again = await flash(labelled, '1.7.2');
    await expect.poll(() => labelled.state.bootCount, { timeout: 5000 }).toBe(again + 1);
    expect(labelled.state.version).toBe('');
  });

  it('noVersion: a build without __VERSION reports none before and after an update', async () => {
    expect(JSON.parse((await call(bare.address, 'GET', '/info/system')).body).version).toBeUndefined();
    const boots = await flash(bare, '2.0.0');
    await expect.poll(() => bare.state.bootCount, { timeout: 5000 }).toBe(boots + 1);
    await expect.poll(() => bare.state.online, { timeout: 5000 }).toBe(true);
    expect(JSON.parse((await call(bare.address, 'GET', '/info/system')).body).version).toBeUndefined();
    expect(bare.beacon.endsWith(';esp32;')).toBe(true);
  });

  it('stayDown: the device does not come back after the update until told to', async () => {
    await flash(gone, '3.0.0');
    await expect.poll(() => gone.state.online, { timeout: 5000 }).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(gone.state.online).toBe(false);
    await gone.comeBack();
    expect(gone.state.online).toBe(true);
    expect(gone.state.version).toBe('3.0.0');
  });
});
