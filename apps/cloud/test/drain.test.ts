// SIGTERM with requests in flight (docs/security.md, Shutdown): the node stops accepting connections, answers new
// requests 503, lets the relayed requests it already runs finish (their links stay up), and only then closes.
import { waitFor } from '@st/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Answer, Browser } from './helpers';
import { type CloudProcessSystem, startCloudProcessSystem } from './support/cloudProcessSystem';
import type { NodeProcess } from './support/nodeProcess';

const SLOW_MS = 1500;
const IN_FLIGHT = 20;

describe('a cloud stopped with SIGTERM finishes the requests in flight', () => {
  let system: CloudProcessSystem | undefined;
  let cloud: NodeProcess;
  let device: CloudProcessSystem['device'];
  let user: Browser;
  let gatewayId = '';

  beforeAll(async () => {
    // every device answer takes SLOW_MS: relayed device calls are in flight that long
    system = await startCloudProcessSystem('drain', { slowMs: SLOW_MS });
    ({ cloud, device, user, gatewayId } = system);
  }, 120_000);
  afterAll(() => system?.stop());

  it('answers every relayed request in flight at the signal, accepts no new connection, then exits', async () => {
    const call = () =>
      user.call('POST', '/api/gateway/requests/device', {
        gatewayId,
        device: device.address,
        command: 'getInfo',
        params: {},
      });
    expect((await call()).status).toBe(200);
    const results: Array<Answer | Error> = [];
    const inFlight = Array.from({ length: IN_FLIGHT }, () =>
      call().then(
        (a) => results.push(a),
        (e: unknown) => results.push(e instanceof Error ? e : new Error(String(e))),
      ),
    );
    // the calls reached the device (its answers are slow), then the signal
    await new Promise((r) => setTimeout(r, SLOW_MS / 3));
    const pid = cloud.pid();
    if (pid === undefined) throw new Error('no cloud process');
    const exited = new Promise<number | null>((resolve) => {
      const check = setInterval(() => {
        try {
          process.kill(pid, 0);
        } catch {
          clearInterval(check);
          resolve(null);
        }
      }, 50);
    });
    process.kill(pid, 'SIGTERM');
    await waitFor(async () => (await fetch(`${cloud.url}/api/build`).catch(() => undefined)) === undefined, {
      what: 'the node to stop accepting connections',
      timeoutMs: 5000,
      intervalMs: 50,
    });
    await Promise.all(inFlight);
    const failures = results.map((r) => (r instanceof Error ? r.message : r.status)).filter((s) => s !== 200);
    expect(failures).toEqual([]);
    expect(results).toHaveLength(IN_FLIGHT);
    await exited;
  }, 60_000);
});
