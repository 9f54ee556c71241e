import type { ChildProcess } from 'node:child_process';
import { makeFirmwareImage, OtaTask } from '@st/protocol';
import { type Simulator, startSimulator } from '@st/simulator';
import { freeTcpPort, loopbackBlock, waitFor } from '@st/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type GatewaySetup, gatewaySetup, http } from './helpers';
import { addFirmwareOk } from './otaHelpers';
import { exited, startGatewayProcess } from './support/process';
import { createRollout, getRollout, stateOf, waitRollout } from './support/rollouts';

// A gateway process killed with SIGKILL in the middle of a wave: started again on the same data dir, it
// resumes the rollout where it was, tries the cut upload again, and flashes no device twice.

let setup: GatewaySetup;
let sim: Simulator | undefined;
const children: ChildProcess[] = [];

beforeAll(async () => {
  setup = await gatewaySetup();
});
afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  await sim?.stop();
  setup.cleanup();
});

const runGateway = (port: number) => startGatewayProcess(setup, port, children, { ST_OTA_CONCURRENCY: '1' });

describe('a rollout across a gateway killed with -9', () => {
  it('resumes after the restart, retries the cut upload, and updates no device twice', async () => {
    const port = await freeTcpPort();
    const base = `http://127.0.0.1:${port}`;
    const first = await runGateway(port);
    sim = await startSimulator({
      ips: loopbackBlock(3),
      kinds: ['lamp'],
      beaconIntervalMs: 200,
      rebootMs: 300,
      logRate: 0,
      discoveryPort: setup.discoveryPort,
    });
    const devices = sim.devices;
    await waitFor(
      async () => ((await http(base, 'GET', '/api/devices/found')).body as unknown[]).length === 3,
      { what: '3 devices found', timeoutMs: 20_000 },
    );
    const fw = await addFirmwareOk(
      base,
      { board: 'esp32', type: 'lamp', version: '9.0.0' },
      makeFirmwareImage({ version: '9.0.0', size: 1024 * 1024, seed: 90 }),
    );
    const ips = devices.map((d) => d.address);
    const rollout = await createRollout(base, {
      firmwareId: fw.id,
      target: { kind: 'devices', ips },
      waves: [{ count: 1 }, {}],
      concurrency: 1,
      soakMs: 0,
      backWithinMs: 20_000,
    });

    // kill it while the second wave's first upload is well under way
    const cut = await waitFor(
      async () => {
        const r = await getRollout(base, rollout.id);
        if (r.currentWave !== 1) return undefined;
        const tasks = z.array(OtaTask).parse((await http(base, 'GET', '/api/ota/firmware/upload')).body);
        return tasks.find((t) => t.status === 'FIRMWARE_TRANSFER' && t.progress >= 20);
      },
      { what: 'an upload of wave 2 under way', timeoutMs: 60_000, intervalMs: 50 },
    );
    first.kill('SIGKILL');
    await exited(first);
    const before = await waitFor(
      async () => {
        const d = devices.find((x) => x.address === cut.device.ip);
        // the device notices the cut connection and keeps its firmware
        return d && !d.state.rebooting ? d : undefined;
      },
      { what: 'the cut device idle' },
    );
    expect(before.state.otaFlashes).toBe(0);
    const flashedBefore = devices.map((d) => d.state.otaFlashes);

    await runGateway(port);
    const done = await waitRollout(
      base,
      rollout.id,
      (r) => r.state === 'FINISHED',
      'finished after restart',
      90_000,
    );
    for (const d of devices) {
      expect(stateOf(done, d.address), d.address).toBe('UPDATED');
      expect(d.state.version).toBe('9.0.0');
      expect(d.state.otaFlashes, d.address).toBe(1);
    }
    expect(done.devices.find((d) => d.ip === cut.device.ip)?.attempts).toBe(2);
    expect(flashedBefore.filter((n) => n === 1)).toHaveLength(1);
    expect(done.reason).toBe('3 updated');
  }, 180_000);
});
