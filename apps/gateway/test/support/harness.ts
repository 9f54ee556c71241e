import { DeviceInfoSchema } from '@st/protocol';
import { type Simulator, type SimulatorOptions, startSimulator } from '@st/simulator';
import { waitFor } from '@st/testkit';
import { afterAll, beforeAll } from 'vitest';
import { z } from 'zod';
import type { GatewayConfig } from '../../src/config';
import { type GatewaySetup, gatewaySetup, http, type RunningGateway, startGateway } from '../helpers';

/** One simulator process' worth of devices; the harness fills in the gateway's discovery port. */
export interface DeviceGroup extends Omit<SimulatorOptions, 'discoveryPort' | 'gateway' | 'logPort'> {
  readonly ips: string[];
  /** Tell the devices the gateway's address and log port (as a device configured for this gateway). */
  readonly linked?: boolean;
}

export interface GatewayWithDevicesOptions {
  /** Config overrides; a function may first prepare files in the gateway's data dir. */
  readonly gateway?: Partial<GatewayConfig> | ((setup: GatewaySetup) => Partial<GatewayConfig>);
  /** Started after the gateway, in order; the harness waits until the gateway has found all of them. */
  readonly devices?: readonly DeviceGroup[];
}

export interface GatewayWithDevices {
  readonly setup: GatewaySetup;
  readonly gw: RunningGateway;
  readonly sims: readonly Simulator[];
  /** Stops the simulators, then the gateway, then removes the data dir. */
  stop(): Promise<void>;
}

const Found = z.array(DeviceInfoSchema);

/** A gateway on a fresh data dir and private ports, with simulated devices it has already found. */
export async function startGatewayWithDevices(
  opts: GatewayWithDevicesOptions = {},
): Promise<GatewayWithDevices> {
  const setup = await gatewaySetup();
  const gw = await startGateway(
    setup,
    typeof opts.gateway === 'function' ? opts.gateway(setup) : opts.gateway,
  );
  const sims: Simulator[] = [];
  const stop = async () => {
    for (const sim of sims) await sim.stop();
    await gw.stop();
    setup.cleanup();
  };
  try {
    for (const { linked, ...group } of opts.devices ?? []) {
      const link = linked ? { gateway: `127.0.0.1:${new URL(gw.base).port}`, logPort: setup.logPort } : {};
      sims.push(await startSimulator({ ...group, ...link, discoveryPort: setup.discoveryPort }));
    }
    const expected = sims.reduce((n, sim) => n + sim.devices.length, 0);
    if (expected > 0) {
      await waitFor(
        async () => Found.parse((await http(gw.base, 'GET', '/api/devices/found')).body).length === expected,
        { what: `${expected} devices found` },
      );
    }
  } catch (err) {
    await stop();
    throw err;
  }
  return { setup, gw, sims, stop };
}

/** What a test file sees of the gateway `gatewayForFile` runs around its tests. */
export interface GatewayFixture {
  readonly setup: GatewaySetup;
  readonly base: string;
  readonly wsUrl: string;
  readonly logPort: number;
  /** The devices of group `i` of the options. */
  sim(i?: number): Simulator;
}

/** Starts one gateway (and its devices) before the file's tests and stops it after them. */
export function gatewayForFile(opts: GatewayWithDevicesOptions = {}): GatewayFixture {
  let running: GatewayWithDevices | undefined;
  beforeAll(async () => {
    running = await startGatewayWithDevices(opts);
  });
  afterAll(async () => {
    await running?.stop();
    running = undefined;
  });
  const current = () => {
    if (!running) throw new Error('the gateway runs only while the file’s tests run');
    return running;
  };
  return {
    get setup() {
      return current().setup;
    },
    get base() {
      return current().gw.base;
    },
    get wsUrl() {
      return current().gw.wsUrl;
    },
    get logPort() {
      return current().gw.logPort;
    },
    sim(i = 0) {
      const sim = current().sims[i];
      if (!sim) throw new Error(`no device group ${i}`);
      return sim;
    },
  };
}
