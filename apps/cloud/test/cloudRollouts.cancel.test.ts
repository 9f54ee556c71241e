import { Rollout } from '@st/protocol';
import { describe, expect, it } from 'vitest';
import {
  cloudRollout,
  type FleetGateway,
  lampFirmware,
  lampRollout,
  type RolloutFleet,
  useRolloutFleet,
  waitCloudRollout,
  windowNotNow,
} from './support/rolloutFleet';
import { gwCall } from './system';

// A rollout across gateways cancelled while one of its gateways is offline is over at once in the cloud; its
// part on that gateway is cancelled when the gateway links again. A gateway deleted from the cloud drops out
// of a running rollout, which then finishes without it.

let fleet: RolloutFleet;
let a: FleetGateway;
let b: FleetGateway;
let c: FleetGateway;

useRolloutFleet(3, 1, {}, (f) => {
  fleet = f;
  [a, b, c] = fleet.gateways as [FleetGateway, FleetGateway, FleetGateway];
});

async function gatewayRollout(g: FleetGateway, id: string): Promise<Rollout> {
  return Rollout.parse((await gwCall(g.url, 'GET', `/api/rollouts/${id}`)).body);
}

describe('cancel and deleted gateways', () => {
  it('a cancel is over at once; the offline gateway gets it when it relinks', async () => {
    const fw = await lampFirmware(a.url, '5.0.0');
    // one wave over the three gateways, in a window two hours away: every part starts, nothing is flashed
    const id = await lampRollout(fleet.user, a, fw.id, [a, b, c], { waves: [{}], window: windowNotNow() });
    const started = await waitCloudRollout(
      fleet.user,
      id,
      (r) => r.gateways.every((g) => g.parts['0'] !== undefined),
      'parts started on every gateway',
    );
    const partOnC = started.gateways.find((g) => g.gatewayId === c.id)?.parts['0'] ?? '';
    await c.link(false);

    const cancelled = await fleet.user.call('POST', `/api/cloud-rollouts/${id}/action`, { action: 'cancel' });
    expect(cancelled.status, cancelled.text).toBe(200);
    // over at once in the cloud, the offline gateway's device included
    const now = await cloudRollout(fleet.user, id);
    expect(now).toMatchObject({ state: 'CANCELLED', reason: 'Cancelled by admin', counts: { CANCELLED: 3 } });
    expect(now.finishedAt).toBeDefined();
    const told = await waitCloudRollout(
      fleet.user,
      id,
      (r) => r.gateways.filter((g) => g.state === 'DONE').length === 2,
      'the online gateways told',
    );
    expect(told.gateways.find((g) => g.gatewayId === c.id)).toMatchObject({ online: false, state: 'ACTIVE' });
    expect((await gatewayRollout(c, partOnC)).state).toBe('RUNNING');
    for (const g of [a, b]) {
      const part = told.gateways.find((x) => x.gatewayId === g.id)?.parts['0'] ?? '';
      expect((await gatewayRollout(g, part)).state).toBe('CANCELLED');
    }

    await c.link(true);
    const all = await waitCloudRollout(
      fleet.user,
      id,
      (r) => r.gateways.every((g) => g.state === 'DONE'),
      'the relinked gateway told',
    );
    expect((await gatewayRollout(c, partOnC)).state).toBe('CANCELLED');
    expect(all).toMatchObject({ state: 'CANCELLED', counts: { CANCELLED: 3 } });
    for (const g of fleet.gateways) expect(g.sim.devices[0]?.state.otaFlashes).toBe(0);
  }, 120_000);

  it('a gateway deleted from the cloud drops out; the rollout finishes without it', async () => {
    const fw = await lampFirmware(a.url, '5.1.0');
    await c.link(false);
    const pick = (g: FleetGateway) => ({ gatewayId: g.id, ip: g.sim.devices[0]?.address ?? '' });
    const id = await lampRollout(fleet.user, a, fw.id, [a, c], {
      target: { kind: 'devices', devices: [pick(a), pick(c)] },
      waves: [{}],
    });
    // a's device is updated; c's waits for its gateway, which keeps the rollout running
    const waiting = await waitCloudRollout(
      fleet.user,
      id,
      (r) => r.counts.UPDATED === 1,
      "the first gateway's device updated",
    );
    expect(waiting.state).toBe('RUNNING');
    expect(waiting.gateways.find((g) => g.gatewayId === c.id)?.devices.map((d) => d.state)).toEqual([
      'PENDING',
    ]);

    const deleted = await fleet.user.call('DELETE', `/api/gateway/management/delete/${c.id}`);
    expect(deleted.status, deleted.text).toBe(200);
    const done = await waitCloudRollout(fleet.user, id, (r) => r.state === 'FINISHED', 'finished');
    expect(done.reason).toBe('1 updated, 0 failed, 0 skipped, 1 not reached');
    expect(done.gateways.find((g) => g.gatewayId === c.id)).toMatchObject({
      state: 'DONE',
      devices: [{ state: 'CANCELLED', detail: 'Its gateway was deleted from the cloud' }],
    });
  }, 120_000);
});
