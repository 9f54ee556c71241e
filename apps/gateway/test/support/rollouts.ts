import { DeviceInfoSchema, makeFirmwareImage, Rollout, type RolloutDeviceState } from '@st/protocol';
import { type Simulator, type SimulatorOptions, startSimulator } from '@st/simulator';
import { loopbackBlock, waitFor } from '@st/testkit';
import { z } from 'zod';
import { build } from '../../src/app';
import { type GatewayConfig, GatewayConfigSchema } from '../../src/config';
import { ShiftedClock } from '../../src/services/rollouts/index';
import { type GatewaySetup, gatewaySetup, http } from '../helpers';
import { addFirmwareOk } from '../otaHelpers';

// A gateway for rollout tests: short OTA and rollout timings, a clock the test can move ahead, and
// simulated lamps (esp32 unless said) it has found.

export const FAST_OTA = {
  invitationMs: 500,
  invitationAttempts: 2,
  connectBackMs: 2000,
  chunkAckMs: 2000,
  confirmationMs: 5000,
  versionCheckMs: 10_000,
  versionPollMs: 100,
};

export interface RolloutSystem {
  readonly base: string;
  readonly wsUrl: string;
  readonly clock: ShiftedClock;
  readonly sim: Simulator;
  readonly setup: GatewaySetup;
  device(i: number): Simulator['devices'][number];
  stop(): Promise<void>;
}

export async function startRolloutSystem(
  devices: NonNullable<SimulatorOptions['devices']>,
  overrides: Partial<GatewayConfig> = {},
): Promise<RolloutSystem> {
  const setup = await gatewaySetup();
  const clock = new ShiftedClock();
  const config: GatewayConfig = {
    ...GatewayConfigSchema.parse({}),
    port: 0,
    host: '127.0.0.1',
    dataDir: setup.dataDir,
    multicastIf: '127.0.0.1',
    discoveryPort: setup.discoveryPort,
    logPort: setup.logPort,
    webDist: setup.webDist,
    logLevel: 'silent',
    otaTimeouts: FAST_OTA,
    lostAfterMs: 1500,
    lostCheckIntervalMs: 200,
    restartWindowMs: 10_000,
    rolloutTimings: { tickMs: 100, probeMs: 150 },
    ...overrides,
  };
  const gateway = await build(config, { clock });
  const { port } = await gateway.start();
  const base = `http://127.0.0.1:${port}`;
  let sim: Simulator | undefined;
  const stop = async () => {
    await sim?.stop();
    await gateway.stop();
    setup.cleanup();
  };
  try {
    sim = await startSimulator({
      ips: loopbackBlock(devices.length),
      kinds: ['lamp'],
      beaconIntervalMs: 200,
      rebootMs: 300,
      logRate: 0,
      discoveryPort: setup.discoveryPort,
      devices,
    });
    await waitFor(
      async () =>
        z.array(DeviceInfoSchema).parse((await http(base, 'GET', '/api/devices/found')).body).length ===
        devices.length,
      { what: `${devices.length} devices found` },
    );
  } catch (err) {
    await stop();
    throw err;
  }
  const started = sim;
  return {
    base,
    wsUrl: `ws://127.0.0.1:${port}/api/st-ws`,
    clock,
    sim: started,
    setup,
    device: (i) => {
      const d = started.devices[i];
      if (!d) throw new Error(`no device ${i}`);
      return d;
    },
    stop,
  };
}

let seed = 1;
/** A new esp32 lamp firmware in the gateway's library (each call a different image). */
export async function lampFirmware(base: string, version: string) {
  seed++;
  return addFirmwareOk(
    base,
    { board: 'esp32', type: 'lamp', version },
    makeFirmwareImage({ version, size: 24 * 1024, seed }),
  );
}

export async function createRollout(base: string, body: Record<string, unknown>): Promise<Rollout> {
  const res = await http(base, 'POST', '/api/rollouts', body);
  if (res.status !== 201) throw new Error(`rollout refused: ${res.status} ${JSON.stringify(res.body)}`);
  return Rollout.parse(res.body);
}

export async function getRollout(base: string, id: string): Promise<Rollout> {
  return Rollout.parse((await http(base, 'GET', `/api/rollouts/${id}`)).body);
}

/** Waits until the rollout satisfies `ok`; the failure names its last state. */
export async function waitRollout(
  base: string,
  id: string,
  ok: (r: Rollout) => boolean,
  what: string,
  timeoutMs = 30_000,
): Promise<Rollout> {
  let last: Rollout | undefined;
  try {
    return await waitFor(
      async () => {
        last = await getRollout(base, id);
        return ok(last) ? last : undefined;
      },
      { what, timeoutMs, intervalMs: 100 },
    );
  } catch (err) {
    throw new Error(`${String(err)}; last: ${JSON.stringify(summarize(last))}`);
  }
}

export function stateOf(r: Rollout, ip: string): RolloutDeviceState | undefined {
  return r.devices.find((d) => d.ip === ip)?.state;
}

export function summarize(r: Rollout | undefined) {
  if (!r) return undefined;
  return {
    state: r.state,
    reason: r.reason,
    wave: r.currentWave,
    devices: r.devices.map((d) => `${d.ip} w${d.wave} ${d.state} ${d.detail ?? ''}`),
  };
}
