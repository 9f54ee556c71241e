import { CloudRollout, DeviceInfoSchema, Firmware, makeFirmwareImage } from '@st/protocol';
import { type Simulator, startSimulator } from '@st/simulator';
import { loopbackBlock, waitFor } from '@st/testkit';
import { afterAll, beforeAll } from 'vitest';
import { z } from 'zod';
import { Browser, type StorageKind, startCloud, type TestCloud, testStorage } from '../helpers';
import { gwCall, isOnline, linkGateway, removeDir, startTestGateway } from '../system';
import { gatewayProcess } from './gatewayProcess';

// A cloud and several real gateways, each with simulated esp32 lamps it has found, short OTA and rollout
// timings, linked to the cloud and owned by the admin: the stage of the cloud rollout tests.

const FAST_OTA = {
  invitationMs: 500,
  invitationAttempts: 2,
  connectBackMs: 2000,
  chunkAckMs: 2000,
  confirmationMs: 5000,
  versionCheckMs: 10_000,
  versionPollMs: 100,
};

export interface FleetGateway {
  readonly id: string;
  readonly url: string;
  readonly sim: Simulator;
  /** drops the cloud link (the gateway keeps running) or dials it again */
  link(on: boolean): Promise<void>;
  /** a gateway run as a process: kill -9 it, or start it again on the same data dir and ports */
  readonly power?: { kill(): Promise<void>; start(): Promise<void> };
}

export interface RolloutFleet {
  readonly cloud: TestCloud;
  readonly user: Browser;
  readonly gateways: FleetGateway[];
  stop(): Promise<void>;
}

export async function startRolloutFleet(
  gatewayCount: number,
  devicesEach: number,
  opts: { kind?: StorageKind; processes?: boolean; cloud?: Parameters<typeof startCloud>[0] } = {},
): Promise<RolloutFleet> {
  const storage = await testStorage(opts.kind ?? 'sqlite');
  const stops: Array<() => Promise<void> | void> = [() => storage.stop()];
  const stop = async () => {
    for (const s of stops.reverse()) await s();
  };
  try {
    const cloud = await startCloud({ ...storage.overrides, rolloutTickMs: 200, ...opts.cloud });
    stops.push(() => cloud.stop());
    const user = new Browser(cloud.url);
    await user.login();
    const gateways: FleetGateway[] = [];
    for (let i = 0; i < gatewayCount; i++) {
      const { url, discoveryPort, power, stopIt } = await fleetGateway(opts.processes === true);
      stops.push(stopIt);
      const sim = await startSimulator({
        ips: loopbackBlock(devicesEach),
        kinds: ['lamp'],
        beaconIntervalMs: 200,
        rebootMs: 300,
        logRate: 0,
        discoveryPort,
        gateway: new URL(url).host,
      });
      stops.push(() => sim.stop());
      await waitFor(
        async () =>
          z.array(DeviceInfoSchema).parse((await gwCall(url, 'GET', '/api/devices/found')).body).length ===
          devicesEach,
        { what: `gateway ${i}: ${devicesEach} devices found` },
      );
      const { gatewayId } = await linkGateway(user, cloud.url, { url }, `Site ${i + 1}`);
      const link = async (on: boolean) => {
        const path = on ? '/api/cloud/connection/connect' : '/api/cloud/connection/disconnect';
        const answer = await gwCall(url, 'PUT', path);
        if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${answer.text}`);
        await waitFor(async () => (await isOnline(user, gatewayId)) === on, {
          what: `gateway ${i} ${on ? 'online' : 'offline'}`,
        });
      };
      gateways.push({ id: gatewayId, url, sim, link, ...(power ? { power } : {}) });
    }
    return { cloud, user, gateways, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/**
 * One gateway of the fleet: in the test process (short OTA and rollout timings), or an OS process of its own
 * (`node --import tsx apps/gateway/src/main.ts`, default timings) that the test can kill -9 and start again.
 */
async function fleetGateway(processes: boolean) {
  if (processes) {
    const proc = await gatewayProcess();
    await proc.start();
    return {
      url: proc.url,
      discoveryPort: proc.discoveryPort,
      power: { kill: () => proc.kill(), start: () => proc.start() },
      stopIt: async () => {
        await proc.stop();
        removeDir(proc.dataDir);
      },
    };
  }
  const gw = await startTestGateway(
    undefined,
    { reconnectDelayMs: 200 },
    { otaTimeouts: FAST_OTA, restartWindowMs: 10_000, rolloutTimings: { tickMs: 100, probeMs: 150 } },
  );
  return {
    url: gw.url,
    discoveryPort: gw.discoveryPort,
    power: undefined,
    stopIt: async () => {
      await gw.stop();
      removeDir(gw.dataDir);
    },
  };
}
/** Puts tags on every device of a gateway, through its own API. */
export async function tagAll(g: FleetGateway, tags: string[]): Promise<void> {
  for (const d of g.sim.devices) {
    const answer = await gwCall(g.url, 'PUT', `/api/devices/tags?ip=${d.address}`, { tags });
    if (answer.status !== 200) throw new Error(`tags: ${answer.status} ${answer.text}`);
  }
}

let seed = 100;
/** A new esp32 lamp firmware in the gateway's library. */
export async function lampFirmware(base: string, version: string): Promise<Firmware> {
  seed++;
  const form = new FormData();
  form.append('info', JSON.stringify({ board: 'esp32', type: 'lamp', version }));
  const bytes = makeFirmwareImage({ version, size: 24 * 1024, seed });
  form.append('file', new Blob([Uint8Array.from(bytes)]), 'lamp.bin');
  const res = await fetch(`${base}/api/ota/firmware`, { method: 'POST', body: form });
  if (res.status !== 201) throw new Error(`firmware refused: ${res.status} ${await res.text()}`);
  return Firmware.parse(await res.json());
}

export async function library(base: string): Promise<Firmware[]> {
  return z.array(Firmware).parse((await gwCall(base, 'GET', '/api/ota/firmware')).body);
}

export async function cloudRollout(user: Browser, id: string): Promise<CloudRollout> {
  const answer = await user.call('GET', `/api/cloud-rollouts/${id}`);
  if (answer.status !== 200) throw new Error(`rollout ${id}: ${answer.status} ${answer.text}`);
  return CloudRollout.parse(answer.body);
}

export async function waitCloudRollout(
  user: Browser,
  id: string,
  done: (r: CloudRollout) => boolean,
  what: string,
): Promise<CloudRollout> {
  let last: CloudRollout | undefined;
  await waitFor(
    async () => {
      last = await cloudRollout(user, id);
      return done(last);
    },
    { what: `rollout ${what}`, timeoutMs: 90_000, intervalMs: 200 },
  );
  if (!last) throw new Error('no rollout read');
  return last;
}

/**
 * Starts a rollout of `firmwareId` (in `source`'s library) over every esp32 lamp of `gateways`: one device,
 * then the rest, a short soak. Returns its id.
 */
export async function lampRollout(
  user: Browser,
  source: FleetGateway,
  firmwareId: string,
  gateways: readonly FleetGateway[],
  extra: Record<string, unknown> = {},
): Promise<string> {
  const created = await user.call('POST', '/api/cloud-rollouts', {
    source: { gatewayId: source.id, firmwareId },
    gateways: { ids: gateways.map((g) => g.id) },
    target: { kind: 'typeBoard', type: 'lamp', board: 'esp32' },
    waves: [{ count: 1 }, {}],
    soakMs: 300,
    backWithinMs: 10_000,
    ...extra,
  });
  if (created.status !== 201) throw new Error(`rollout refused: ${created.status} ${created.text}`);
  return String(Reflect.get(created.body as object, 'id'));
}

/** A one-minute window two hours from now: a rollout in it starts its parts but flashes nothing yet. */
export function windowNotNow() {
  const d = new Date(Date.now() + 2 * 3_600_000);
  const hhmm = (m: number) =>
    `${String(Math.floor(m / 60) % 24).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  const start = d.getHours() * 60 + d.getMinutes();
  return { start: hhmm(start), end: hhmm(start + 1) };
}

/** The fleet of a test file: started before its tests (then `ready` runs with it), stopped after them. */
export function useRolloutFleet(
  gatewayCount: number,
  devicesEach: number,
  opts: Parameters<typeof startRolloutFleet>[2],
  ready: (fleet: RolloutFleet) => Promise<void> | void,
): void {
  let fleet: RolloutFleet | undefined;
  beforeAll(async () => {
    fleet = await startRolloutFleet(gatewayCount, devicesEach, opts);
    await ready(fleet);
  }, 120_000);
  afterAll(async () => {
    await fleet?.stop();
  });
}
