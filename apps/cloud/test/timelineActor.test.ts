// In cloud mode the device timeline names who did it: the relay sends the signed-in user's login with each
// request, and the gateway records it only for requests that really came through its own in-process relay.
import { TimelineEntry } from '@st/protocol';
import { waitFor } from '@st/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ADMIN } from './helpers';
import { type LinkedSystem, startLinkedSystem, type TestDevice } from './support/linked';

describe('the device timeline in cloud mode', () => {
  let sys: LinkedSystem & { device: TestDevice };

  beforeAll(async () => {
    sys = await startLinkedSystem({ device: true });
  });
  afterAll(async () => {
    await sys?.stop();
  });

  it('names the cloud user who renamed a device through the relay', async () => {
    const renamed = await sys.user.call('POST', '/api/gateway/requests/device', {
      gatewayId: sys.gatewayId,
      device: sys.device.address,
      command: 'saveName',
      params: { name: 'hall lamp' },
    });
    expect(renamed.status).toBe(200);
    const path = `/api/devices/timeline?ip=${encodeURIComponent(sys.device.address)}`;
    const entry = await waitFor(async () => {
      const r = await sys.user.call('POST', `/api/gateway/requests/${sys.gatewayId}`, {
        url: path,
        method: 'GET',
      });
      return z
        .array(TimelineEntry)
        .parse(r.body)
        .find((e) => e.kind === 'rename');
    });
    expect(entry).toMatchObject({ kind: 'rename', via: 'cloud', by: ADMIN.login });
  });

  it('ignores an actor header a LAN client writes itself (no relay secret): the console did it', async () => {
    const forged = await fetch(`${sys.gw.url}/api/device/request`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'st-cloud-request': 'true',
        'st-cloud-actor': 'mallory',
      },
      body: JSON.stringify({
        device: sys.device.address,
        command: 'saveName',
        params: { name: 'porch lamp' },
      }),
    });
    expect(forged.status).toBe(200);
    const r = await fetch(`${sys.gw.url}/api/devices/timeline?ip=${encodeURIComponent(sys.device.address)}`);
    const latest = z.array(TimelineEntry).parse(await r.json())[0];
    expect(latest).toMatchObject({ kind: 'rename', via: 'console' });
    expect(latest?.by).toBeUndefined();
  });
});
