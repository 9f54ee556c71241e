// Issue 21: a firmware image of the largest size the gateway accepts (16 MiB) goes through the cloud relay.
// The relay here waits only 400 ms for ordinary calls; the upload gets its own time sized by the file.
import { createHash } from 'node:crypto';
import { makeFirmwareImage, OTA, transferAllowanceMs } from '@st/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { field } from './helpers';
import { type LinkedSystem, startLinkedSystem } from './support/linked';

const RELAY_TIMEOUT_MS = 400;

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('large firmware upload through the relay', () => {
  let sys: LinkedSystem;

  beforeAll(async () => {
    sys = await startLinkedSystem({ cloudOptions: { relayTimeoutMs: RELAY_TIMEOUT_MS } });
  });
  afterAll(async () => {
    await sys?.stop();
  });

  it('gives a large body time by its size', () => {
    expect(transferAllowanceMs(0)).toBe(0);
    expect(transferAllowanceMs(OTA.firmwareMaxBytes)).toBeGreaterThan(60_000);
    expect(transferAllowanceMs(2 * 1024 * 1024)).toBe(transferAllowanceMs(1024 * 1024) * 2);
  });

  it('stores a 16 MiB image uploaded through the cloud, byte for byte', async () => {
    const image = makeFirmwareImage({ version: '16.0.0', size: OTA.firmwareMaxBytes, seed: 16 });
    const form = new FormData();
    form.append('info', JSON.stringify({ type: 'big', board: 'esp32', version: '16.0.0' }));
    form.append('file', new Blob([Uint8Array.from(image)]), 'big.bin');
    const relayRaw = (url: string, method: string) =>
      `${sys.cloud.url}/api/gateway/requests/${sys.gatewayId}/raw?url=${encodeURIComponent(url)}&method=${method}`;
    const upload = await fetch(relayRaw('/api/ota/firmware', 'POST'), {
      method: 'POST',
      headers: { cookie: sys.user.cookie ?? '' },
      body: form,
    });
    const created: unknown = await upload.json();
    expect(upload.status, JSON.stringify(created)).toBe(201);
    const id = field(created, 'id');
    // The gateway holds exactly the bytes sent.
    const direct = await fetch(`${sys.gw.url}/api/ota/firmware/download?id=${encodeURIComponent(id)}`);
    expect(direct.status).toBe(200);
    const stored = new Uint8Array(await direct.arrayBuffer());
    expect(stored.length).toBe(OTA.firmwareMaxBytes);
    expect(sha256(stored)).toBe(sha256(image));
  });
});
