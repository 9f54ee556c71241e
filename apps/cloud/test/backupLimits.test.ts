import { randomUUID } from 'node:crypto';
import {
  BackupCopy,
  EMPTY_SETTINGS_DUMP,
  GATEWAY_TOKEN_HEADER,
  Gateway,
  LINK_DESTINATIONS,
  TokenResponse,
} from '@st/protocol';
import { connectStompClient } from '@st/stomp/client';
import { waitFor } from '@st/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Browser, startCloud, type TestCloud, testStorage } from './helpers';

// Issue 33, item 7: a backup copy a gateway sends over its link is held to the device limits (name, type,
// board, a device address for `ip`), so no oversized field is kept and the per-address cap holds.

const Copies = z.array(BackupCopy);

describe('backup copies over the gateway link, held to the device limits', () => {
  let storage: Awaited<ReturnType<typeof testStorage>>;
  let cloud: TestCloud;
  let token: string;
  const wsUrl = () => `${cloud.url.replace('http', 'ws')}/api/st-ws`;
  const own = async () => {
    const res = await fetch(`${cloud.url}/api/gateway/backups`, {
      headers: { [GATEWAY_TOKEN_HEADER]: token },
    });
    expect(res.status).toBe(200);
    return Copies.parse(await res.json());
  };
  const copy = (over: Record<string, unknown> = {}, device: Record<string, unknown> = {}) => ({
    id: randomUUID(),
    ip: '10.0.0.7',
    device: { ip: '10.0.0.7', name: 'lamp', type: 'lamp', board: 'esp32', stVersion: '1.0', ...device },
    source: 'schedule',
    creationDateTime: new Date().toISOString(),
    dump: EMPTY_SETTINGS_DUMP,
    ...over,
  });

  /**
   * Sends one copy on a fresh gateway link and waits until the cloud handled it (its RECEIPT, or an ERROR
   * whose message it answers).
   */
  async function send(body: unknown): Promise<string | undefined> {
    const client = await connectStompClient(wsUrl(), { httpHeaders: { [GATEWAY_TOKEN_HEADER]: token } });
    try {
      const refused = new Promise<string>((resolve) => {
        client.onStompError = (f) => resolve(f.headers.message ?? '');
      });
      const receipt = `r-${randomUUID()}`;
      const accepted = new Promise<undefined>((resolve) =>
        client.watchForReceipt(receipt, () => resolve(undefined)),
      );
      client.publish({
        destination: LINK_DESTINATIONS.backups,
        body: JSON.stringify(body),
        headers: { receipt },
      });
      return await Promise.race([refused, accepted]);
    } finally {
      await client.deactivate();
    }
  }

  beforeAll(async () => {
    storage = await testStorage('sqlite');
    cloud = await startCloud(storage.overrides);
    const admin = new Browser(cloud.url);
    await admin.login();
    const id = Gateway.parse(
      (await admin.call('POST', '/api/gateway/management/create', { name: 'Home' })).body,
    ).id;
    token = TokenResponse.parse((await admin.call('POST', `/api/auth/gateway/${id}`)).body).token;
  });
  afterAll(async () => {
    await cloud?.stop();
    await storage?.stop();
  });

  it('keeps a copy within the limits', async () => {
    const good = copy();
    expect(await send(good)).toBeUndefined();
    await waitFor(async () => (await own()).some((c) => c.id === good.id), { what: 'the copy kept' });
  });

  it('refuses a copy with an oversized name, type or board, or an address that is not a device address', async () => {
    const before = (await own()).map((c) => c.id);
    const bad = [
      copy({}, { name: 'n'.repeat(100_000) }),
      copy({}, { name: 'n'.repeat(17) }),
      copy({}, { type: 't'.repeat(65) }),
      copy({}, { board: 'b'.repeat(1000) }),
      copy({ ip: `10.0.0.7${'7'.repeat(5000)}` }),
      copy({ ip: 'any text at all, so the per-address cap could be dodged' }),
      copy({ id: 'i'.repeat(100_000) }),
    ];
    for (const body of bad) await send(body);
    // handled in order on one link each: a good copy sent after them is kept, none of them is
    const good = copy();
    expect(await send(good)).toBeUndefined();
    await waitFor(async () => (await own()).some((c) => c.id === good.id), { what: 'the good copy kept' });
    expect((await own()).map((c) => c.id).sort()).toEqual([...before, good.id].sort());
  });
});
