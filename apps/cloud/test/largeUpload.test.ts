// Issue 21: a firmware image of the largest size the gateway accepts (16 MiB) goes through the cloud relay.
// The relay here waits only 400 ms for ordinary calls; the upload gets its own time sized by the file.
import { createHash } from 'node:crypto';
import { makeFirmwareImage, OTA, transferAllowanceMs } from '@st/protocol';
import { waitFor } from '@st/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { field } from './helpers';
import { type LinkedSystem, startLinkedSystem } from './support/linked';
import { startThrottledProxy, type ThrottledProxy } from './support/throttledProxy';

const RELAY_TIMEOUT_MS = 400;

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

const relayRawUrl = (sys: LinkedSystem, url: string, method: string) =>
  `${sys.cloud.url}/api/gateway/requests/${sys.gatewayId}/raw?url=${encodeURIComponent(url)}&method=${method}`;

/** Relayed calls made one after another until `done()`, with their statuses. */
async function otherCalls(sys: LinkedSystem, done: () => boolean): Promise<number[]> {
  const statuses: number[] = [];
  while (!done()) {
    const r = await sys.user.call('POST', `/api/gateway/requests/${sys.gatewayId}`, {
      url: '/api/build',
      method: 'GET',
    });
    statuses.push(r.status);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return statuses;
}

function firmwareForm(image: Uint8Array, version: string): FormData {
  const form = new FormData();
  form.append('info', JSON.stringify({ type: `big-${version}`, board: 'esp32', version }));
  form.append('file', new Blob([Uint8Array.from(image)]), `big-${version}.bin`);
  return form;
}

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

// Calls made while a 16 MiB image goes up are answered (the console's OTA screen answered 504 behind such an
// upload before issue 21 part B). The relay waits 2 s for them: cloud, gateway and this test share one Node
// process here, so the gateway storing the image (multipart, checksum, SQLite) blocks every call for a
// moment on a loaded machine. At 400 ms this test failed without chunks and passed with them on a quiet
// machine, but was flaky under load; linkTransfers.test.ts checks the window that bounds what is queued.
describe('other relayed calls during a large upload', () => {
  let sys: LinkedSystem;

  beforeAll(async () => {
    sys = await startLinkedSystem({ cloudOptions: { relayTimeoutMs: 2000 } });
  });
  afterAll(async () => {
    await sys?.stop();
  });

  // The image crosses the link in chunks (LINK_TRANSFER), so the link's other frames interleave: calls made
  // while it travels are answered, none waits behind one ~22 MiB frame.
  it('keeps answering other relayed calls while a 16 MiB image goes up', async () => {
    const image = makeFirmwareImage({ version: '16.0.1', size: OTA.firmwareMaxBytes, seed: 17 });
    let uploaded = false;
    const upload = fetch(relayRawUrl(sys, '/api/ota/firmware', 'POST'), {
      method: 'POST',
      headers: { cookie: sys.user.cookie ?? '' },
      body: firmwareForm(image, '16.0.1'),
    }).then(async (r) => ({ status: r.status, body: (await r.json()) as unknown }));
    const [up, duringUpload] = await Promise.all([
      upload.finally(() => {
        uploaded = true;
      }),
      otherCalls(sys, () => uploaded),
    ]);
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    expect(duringUpload.length).toBeGreaterThan(0);
    expect(duringUpload.filter((s) => s !== 200)).toEqual([]);
  });
});

// The answer direction: a 16 MiB download through the relay comes back in chunks, byte for byte, while
// other relayed calls keep answering. The relay waits 2 s for a gateway's answer (as for the calls during an
// upload above): the download takes longer than that, and its deadline moves while its chunks keep coming.
describe('large answer through the relay', () => {
  let sys: LinkedSystem;

  beforeAll(async () => {
    sys = await startLinkedSystem({ cloudOptions: { relayTimeoutMs: 2000 } });
  });
  afterAll(async () => {
    await sys?.stop();
  });

  it('carries a 16 MiB firmware download in chunks while other calls are answered', async () => {
    const image = makeFirmwareImage({ version: '16.0.2', size: OTA.firmwareMaxBytes, seed: 18 });
    const id = await storeOnGateway(sys, image, '16.0.2');
    let downloaded = false;
    const [down, during] = await Promise.all([
      download(sys, id).finally(() => {
        downloaded = true;
      }),
      otherCalls(sys, () => downloaded),
    ]);
    expect(down.status).toBe(200);
    expect(down.bytes.length).toBe(OTA.firmwareMaxBytes);
    expect(sha256(down.bytes)).toBe(sha256(image));
    expect(during.length).toBeGreaterThan(0);
    expect(during.filter((s) => s !== 200)).toEqual([]);
  });
});

// A gateway on a slow uplink (3 MiB/s through a throttling proxy: the 16 MiB answer is ~22 MiB of base64
// chunks, several seconds) and a relay that waits 2 s for an answer: the cloud waits while the answer's
// chunks keep moving (the node holding the link tells the waiting node), so the download arrives whole. Before
// issue 22's third round this answered 504 RELAY_TIMEOUT; a stalled transfer still ends in 502
// RELAY_TRANSFER_FAILED after the stall limit (the next describe).
describe('large answer from a slow gateway through a relay with a short timeout', () => {
  let sys: LinkedSystem;

  beforeAll(async () => {
    sys = await startLinkedSystem({
      cloudOptions: { relayTimeoutMs: 2000 },
      via: ({ cloud }) => startThrottledProxy(cloud.url, 3 * 1024 * 1024),
    });
  });
  afterAll(async () => {
    await sys?.stop();
  });

  it('downloads 16 MiB whole although the relay waits only 2 s for an answer', async () => {
    const image = makeFirmwareImage({ version: '16.0.3', size: OTA.firmwareMaxBytes, seed: 19 });
    const id = await storeOnGateway(sys, image, '16.0.3');
    const down = await download(sys, id);
    expect(down.status, new TextDecoder().decode(down.bytes.slice(0, 300))).toBe(200);
    expect(down.bytes.length).toBe(OTA.firmwareMaxBytes);
    expect(sha256(down.bytes)).toBe(sha256(image));
  });
});

// The same slow gateway whose uplink stalls in the middle of the answer (the proxy stops carrying anything,
// the connection stays open): the node holding the link gives the transfer up after its stall limit (30 s in
// production, 1.5 s here) and the waiting call answers 502 RELAY_TRANSFER_FAILED, before the waiting node's
// own deadline (stall limit + relay timeout after the last chunk) would answer 504.
describe('large answer whose transfer stalls', () => {
  let sys: LinkedSystem;
  let proxy: ThrottledProxy;

  beforeAll(async () => {
    sys = await startLinkedSystem({
      cloudOptions: { relayTimeoutMs: 2000, transferStallMs: 1500 },
      via: async ({ cloud }) => {
        proxy = await startThrottledProxy(cloud.url, 3 * 1024 * 1024);
        return proxy;
      },
    });
  });
  afterAll(async () => {
    await sys?.stop();
  });

  it('answers 502 RELAY_TRANSFER_FAILED when the chunks stop coming', async () => {
    const image = makeFirmwareImage({ version: '16.0.4', size: OTA.firmwareMaxBytes, seed: 20 });
    const id = await storeOnGateway(sys, image, '16.0.4');
    const start = proxy.forwarded();
    const pending = download(sys, id);
    // A few MiB of chunks got through: the transfer was moving, then the uplink stalls.
    await waitFor(() => proxy.forwarded() - start > 4 * 1024 * 1024, { what: 'chunks moving' });
    proxy.stall();
    const down = await pending;
    expect(down.status).toBe(502);
    expect(JSON.parse(new TextDecoder().decode(down.bytes))).toMatchObject({ code: 'RELAY_TRANSFER_FAILED' });
  });
});

/** Stores an image directly on the gateway (these tests are about the way back); answers its id. */
async function storeOnGateway(sys: LinkedSystem, image: Uint8Array, version: string): Promise<string> {
  const stored = await fetch(`${sys.gw.url}/api/ota/firmware`, {
    method: 'POST',
    body: firmwareForm(image, version),
  });
  const created: unknown = await stored.json();
  expect(stored.status, JSON.stringify(created)).toBe(201);
  return field(created, 'id');
}

async function download(sys: LinkedSystem, id: string): Promise<{ status: number; bytes: Uint8Array }> {
  const url = `/api/ota/firmware/download?id=${encodeURIComponent(id)}`;
  const r = await fetch(relayRawUrl(sys, url, 'GET'), {
    method: 'POST',
    headers: { cookie: sys.user.cookie ?? '' },
  });
  return { status: r.status, bytes: new Uint8Array(await r.arrayBuffer()) };
}
