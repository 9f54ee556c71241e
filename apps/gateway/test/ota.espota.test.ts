import { createHash } from 'node:crypto';
import { makeFirmwareImage, OTA } from '@st/protocol';
import { type Simulator, startSimulator } from '@st/simulator';
import { freeUdpPort, loopbackBlock, waitFor } from '@st/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ESPOTA_TIMEOUTS, EspotaError, flashOverEspota } from '../src/services/ota/espota';

// The gateway's espota uploader against a simulated device's receiver (real UDP and TCP on loopback).

let sim: Simulator;
const timeouts = {
  ...DEFAULT_ESPOTA_TIMEOUTS,
  invitationMs: 500,
  invitationAttempts: 2,
  confirmationMs: 5000,
};
const hooks = {
  invitationAccepted: () => {},
  transferStarted: () => {},
  sent: () => {},
  confirming: () => {},
};

beforeAll(async () => {
  sim = await startSimulator({
    ips: loopbackBlock(1),
    kinds: ['lamp'],
    discoveryPort: await freeUdpPort(),
    logRate: 0,
    rebootMs: 100,
  });
});
afterAll(async () => {
  await sim.stop();
});

function device() {
  const d = sim.devices[0];
  if (!d) throw new Error('no device');
  return d;
}

describe('espota uploader', () => {
  it("reports the device's own MD5 failure text and the device keeps its firmware", async () => {
    const d = device();
    const before = d.state.version;
    const image = Buffer.from(makeFirmwareImage({ version: '4.4.4', size: 50_000 }));
    const wrongMd5 = createHash('md5').update('something else').digest('hex');
    const host = d.address.split(':')[0] ?? '';
    const run = flashOverEspota(
      { host, port: OTA.invitationPorts.esp32 },
      image,
      wrongMd5,
      timeouts,
      hooks,
      new AbortController().signal,
    );
    await expect(run).rejects.toThrow(EspotaError);
    await expect(run).rejects.toMatchObject({
      phase: 'FIRMWARE_TRANSFER_FAILED',
      message: expect.stringMatching(/MD5 Check Failed/),
    });
    expect(d.state.version).toBe(before);
  });

  it('flashes with the right MD5, sending 1024-byte chunks and counting every byte', async () => {
    const d = device();
    const image = Buffer.from(makeFirmwareImage({ version: '4.4.5', size: 10_000 }));
    const md5 = createHash('md5').update(image).digest('hex');
    const sent: number[] = [];
    const host = d.address.split(':')[0] ?? '';
    await flashOverEspota(
      { host, port: OTA.invitationPorts.esp32 },
      image,
      md5,
      timeouts,
      { ...hooks, sent: (n) => sent.push(n) },
      new AbortController().signal,
    );
    expect(sent.slice(0, 3)).toEqual([1024, 2048, 3072]);
    expect(sent.at(-1)).toBe(10_000);
    await waitFor(() => d.state.version === '4.4.5', { what: 'new version' });
  });
});
