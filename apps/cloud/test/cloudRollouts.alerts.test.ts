import { AlertPayload, Notification } from '@st/protocol';
import { type HttpReceiver, startHttpReceiver, waitFor } from '@st/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  type FleetGateway,
  lampFirmware,
  lampRollout,
  type RolloutFleet,
  useRolloutFleet,
  waitCloudRollout,
} from './support/rolloutFleet';
import { gwCall } from './system';

// Alerts of a rollout across gateways: the cloud sends one alert on its creator's cloud channels when the
// rollout pauses (with the reason) and one when it ends; the gateways' parts send none of their own (no alert
// on the gateway's channels, no notification in its console). Real webhook receivers on both sides.

let fleet: RolloutFleet;
let a: FleetGateway;
let b: FleetGateway;
let cloudHook: HttpReceiver;
let gatewayHook: HttpReceiver;

const rolloutAlerts = (hook: HttpReceiver) =>
  hook.received
    .map((r) => AlertPayload.parse(JSON.parse(r.body)))
    .filter((p) => p.kind.startsWith('rollout'));

beforeAll(async () => {
  cloudHook = await startHttpReceiver();
  gatewayHook = await startHttpReceiver();
});
// the receivers are on loopback, which users' cloud alerts reach only through the allow-list
useRolloutFleet(2, 1, { cloud: { alertAllowedHosts: '127.0.0.1' } }, async (f) => {
  fleet = f;
  [a, b] = fleet.gateways as [FleetGateway, FleetGateway];
  const put = await fleet.user.call('PUT', '/api/alerts', {
    channels: [{ id: 'hook', type: 'webhook', url: cloudHook.url }],
  });
  expect(put.status, put.text).toBe(200);
  for (const g of fleet.gateways) {
    const channels = [{ id: 'hook', type: 'webhook', url: `${gatewayHook.url}/${g.id}` }];
    const answer = await gwCall(g.url, 'PUT', '/api/alerts', { channels, deviceOfflineAfter: 3600 });
    expect(answer.status, answer.text).toBe(200);
    // the gateway's channel works: its test alert arrives
    expect((await gwCall(g.url, 'POST', '/api/alerts/test?channel=hook')).body).toEqual({ ok: true });
  }
});
afterAll(async () => {
  await cloudHook?.close();
  await gatewayHook?.close();
});

describe('alerts of rollouts across gateways', () => {
  it('one cloud alert when it pauses at the failure limit and one when it ends; none from the gateways', async () => {
    const fw = await lampFirmware(a.url, '4.0.0');
    for (const d of a.sim.devices) d.setOtaRefuse(true);
    const id = await lampRollout(fleet.user, a, fw.id, [a, b], { name: 'Lamps 4' });
    await waitCloudRollout(fleet.user, id, (r) => r.state === 'PAUSED', 'paused');
    await waitFor(() => rolloutAlerts(cloudHook).length === 1, { what: 'the pause alert' });
    expect(rolloutAlerts(cloudHook)[0]).toMatchObject({
      kind: 'rollout-paused',
      gateway: { id: a.id, name: 'Site 1' },
      text: 'Rollout "Lamps 4" across 2 gateways paused: Wave 1: 1 of 1 devices failed (limit 1)',
    });

    for (const d of a.sim.devices) d.setOtaRefuse(false);
    const retried = await fleet.user.call('POST', `/api/cloud-rollouts/${id}/action`, {
      action: 'retryFailed',
    });
    expect(retried.status, retried.text).toBe(200);
    await waitCloudRollout(fleet.user, id, (r) => r.state === 'FINISHED', 'finished');
    await waitFor(() => rolloutAlerts(cloudHook).length === 2, { what: 'the end alert' });
    expect(rolloutAlerts(cloudHook)[1]).toMatchObject({
      kind: 'rollout-finished',
      text: 'Rollout "Lamps 4" across 2 gateways finished: 2 updated, 0 failed, 0 skipped',
    });
    // more driver ticks: still one alert each; the gateways' parts (each ended, one after a failure) said
    // nothing on their own channels and left no notification in their consoles
    await new Promise((r) => setTimeout(r, 1500));
    expect(rolloutAlerts(cloudHook).map((p) => p.kind)).toEqual(['rollout-paused', 'rollout-finished']);
    expect(rolloutAlerts(gatewayHook)).toEqual([]);
    expect(gatewayHook.received).toHaveLength(2); // the two test alerts
    for (const g of fleet.gateways) {
      const notes = z.array(Notification).parse((await gwCall(g.url, 'GET', '/api/notification')).body);
      expect(notes.filter((n) => n.device.type === 'rollout')).toEqual([]);
    }
    // the parts did run on the gateways
    const parts = (await gwCall(a.url, 'GET', '/api/rollouts')).body as Array<{ name: string }>;
    expect(parts.map((p) => p.name)).toContain(`cloud ${id} wave 1`);
  }, 120_000);
});
