import { waitFor } from '@st/testkit';
import { describe, expect, it } from 'vitest';
import {
  cloudRollout,
  type FleetGateway,
  lampFirmware,
  lampRollout,
  library,
  type RolloutFleet,
  tagAll,
  useRolloutFleet,
  waitCloudRollout,
} from './support/rolloutFleet';
import { isOnline } from './system';

// A rollout across three real gateways, each an OS process of its own (node --import tsx
// apps/gateway/src/main.ts) with simulated lamps, run by the cloud: waves counted over all six devices, one
// gateway killed with -9 before its first wave and started again on the same data dir once the second wave
// runs, which catches up once it links again. The firmware comes from the first gateway's library and is sent once to each other one;
// no device is flashed twice. Then a device that refuses the image pauses the rollout at the failure limit
// counted over its wave, and retry failed finishes it.

let fleet: RolloutFleet;
let a: FleetGateway;
let b: FleetGateway;
let c: FleetGateway;

useRolloutFleet(3, 2, { processes: true }, async (f) => {
  fleet = f;
  [a, b, c] = fleet.gateways as [FleetGateway, FleetGateway, FleetGateway];
  for (const g of fleet.gateways) await tagAll(g, ['beta']);
});

describe('rollouts across gateways', () => {
  it('runs waves over every gateway; a gateway offline at its turn catches up when it relinks', async () => {
    const fw = await lampFirmware(a.url, '2.0.0');
    const preview = await fleet.user.call('POST', '/api/cloud-rollouts/preview', {
      source: { gatewayId: a.id, firmwareId: fw.id },
      gateways: { ids: [a.id, b.id, c.id] },
      target: { kind: 'tag', tag: 'beta' },
    });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ matched: 6 });

    const created = await fleet.user.call('POST', '/api/cloud-rollouts', {
      name: 'Lamps 2.0.0',
      source: { gatewayId: a.id, firmwareId: fw.id },
      gateways: { ids: [a.id, b.id, c.id] },
      target: { kind: 'tag', tag: 'beta' },
      waves: [{ count: 1 }, { count: 3 }, {}],
      soakMs: 1500,
      backWithinMs: 10_000,
    });
    expect(created.status, created.text).toBe(201);
    const id = String(Reflect.get(created.body as object, 'id'));
    // The third gateway dies (kill -9) before its first wave comes (the second).
    await c.power?.kill();
    await waitFor(async () => !(await isOnline(fleet.user, c.id)), { what: 'the killed gateway offline' });
    const first = await cloudRollout(fleet.user, id);
    // waves counted over all six devices, taken in turn from each gateway
    expect(first.waves.map((w) => w.size)).toEqual([1, 3, 2]);
    const wavesOf = (gw: FleetGateway) =>
      first.gateways.find((g) => g.gatewayId === gw.id)?.devices.map((d) => d.wave);
    expect(wavesOf(a)).toEqual([0, 1]);
    expect(wavesOf(b)).toEqual([1, 2]);
    expect(wavesOf(c)).toEqual([1, 2]);

    // Pause and resume pass on to the gateways' parts.
    const paused = await fleet.user.call('POST', `/api/cloud-rollouts/${id}/action`, { action: 'pause' });
    expect(paused.body).toMatchObject({ state: 'PAUSED', reason: 'Paused by admin' });
    const resumed = await fleet.user.call('POST', `/api/cloud-rollouts/${id}/action`, { action: 'resume' });
    expect(resumed.body).toMatchObject({ state: 'RUNNING' });

    // The second wave starts without the offline gateway; its devices wait for it.
    const second = await waitCloudRollout(fleet.user, id, (r) => r.currentWave >= 1, 'in its second wave');
    const offline = second.gateways.find((g) => g.gatewayId === c.id);
    expect(offline).toMatchObject({ online: false, firmwareSends: 0, parts: {}, behind: true });
    expect(offline?.devices.map((d) => d.state)).toEqual(['PENDING', 'PENDING']);

    // started again on the same data dir, it links on its own and catches up
    await c.power?.start();
    const done = await waitCloudRollout(fleet.user, id, (r) => r.state === 'FINISHED', 'finished');
    expect(done.reason).toBe('6 updated, 0 failed, 0 skipped');
    for (const g of done.gateways) {
      expect(g.devices.map((d) => d.state)).toEqual(['UPDATED', 'UPDATED']);
    }
    expect(done.waves.map((w) => [w.size, w.counts.UPDATED])).toEqual([
      [1, 1],
      [3, 3],
      [2, 2],
    ]);
    // The firmware: the source gateway's own entry; sent once to each of the others, kept in their library.
    const sends = Object.fromEntries(done.gateways.map((g) => [g.gatewayId, g.firmwareSends]));
    expect(sends).toEqual({ [a.id]: 0, [b.id]: 1, [c.id]: 1 });
    for (const g of [b, c]) {
      expect((await library(g.url)).filter((f) => f.sha256 === fw.sha256)).toHaveLength(1);
    }
    // the late gateway ran both waves it owed
    expect(Object.keys(done.gateways.find((g) => g.gatewayId === c.id)?.parts ?? {}).sort()).toEqual([
      '1',
      '2',
    ]);
    // nothing updated twice
    for (const g of fleet.gateways) {
      for (const d of g.sim.devices) expect(d.state.otaFlashes, d.address).toBe(1);
    }
    const list = await fleet.user.call('GET', '/api/cloud-rollouts');
    expect(list.body).toEqual([expect.objectContaining({ id, state: 'FINISHED', counts: { UPDATED: 6 } })]);
    const audit = await fleet.user.call('GET', '/api/audit?action=rollout.created');
    expect((audit.body as unknown[]).length).toBe(3);
  }, 150_000);

  it('pauses at the failure limit counted over the wave; retry failed finishes it', async () => {
    const fw = await lampFirmware(b.url, '2.1.0');
    for (const d of b.sim.devices) d.setOtaRefuse(true);
    const id = await lampRollout(fleet.user, b, fw.id, [b, a, c]);
    const paused = await waitCloudRollout(fleet.user, id, (r) => r.state === 'PAUSED', 'paused');
    expect(paused.reason).toBe('Wave 1: 1 of 1 devices failed (limit 1)');
    expect(paused.currentWave).toBe(0);
    expect(paused.waves[0]?.counts).toEqual({ UPLOAD_FAILED: 1 });
    // the second wave did not start anywhere
    expect(paused.gateways.every((g) => g.parts['1'] === undefined)).toBe(true);

    for (const d of b.sim.devices) d.setOtaRefuse(false);
    const retried = await fleet.user.call('POST', `/api/cloud-rollouts/${id}/action`, {
      action: 'retryFailed',
    });
    expect(retried.body).toMatchObject({ state: 'RUNNING' });
    const done = await waitCloudRollout(fleet.user, id, (r) => r.state === 'FINISHED', 'finished');
    expect(done.reason).toBe('6 updated, 0 failed, 0 skipped');
    expect(done.waves.map((w) => w.size)).toEqual([1, 5]);
    // one flash per rollout and device: the refused upload flashed nothing
    for (const g of fleet.gateways) {
      for (const d of g.sim.devices) expect(d.state.otaFlashes, d.address).toBe(2);
    }
  }, 150_000);
});
