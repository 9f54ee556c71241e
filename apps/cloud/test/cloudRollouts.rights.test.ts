import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser } from './helpers';
import {
  type FleetGateway,
  lampFirmware,
  type RolloutFleet,
  startRolloutFleet,
  tagAll,
  waitCloudRollout,
  windowNotNow,
} from './support/rolloutFleet';

// Rollouts across gateways and gateway tags, by role: a viewer sees and is refused every write (403); an
// operator tags the gateway and runs rollouts on it; a gateway the caller cannot see is 404; bad input is
// 4xx with a message a person can act on.

const PASSWORD = 'password-of-someone';
let fleet: RolloutFleet;
let a: FleetGateway;
let b: FleetGateway;
const as = {} as Record<'viewer' | 'operator', Browser>;
let firmwareId = '';

beforeAll(async () => {
  // on PostgreSQL (the rollout test itself runs on SQLite): the same migrations, store and lease
  fleet = await startRolloutFleet(2, 1, { kind: 'postgres' });
  [a, b] = fleet.gateways as [FleetGateway, FleetGateway];
  await tagAll(b, ['beta']);
  firmwareId = (await lampFirmware(b.url, '3.0.0')).id;
  for (const who of ['viewer', 'operator'] as const) {
    await fleet.cloud.server.users.create(who, PASSWORD);
    const shared = await fleet.user.call('POST', '/api/gateway/management/share', {
      gatewayId: b.id,
      login: who,
      role: who,
    });
    expect(shared.status).toBe(200);
    as[who] = new Browser(fleet.cloud.url);
    await as[who].login(who, PASSWORD);
  }
}, 120_000);
afterAll(async () => {
  await fleet?.stop();
});

const body = (extra: Record<string, unknown> = {}) => ({
  source: { gatewayId: b.id, firmwareId },
  gateways: { ids: [b.id] },
  target: { kind: 'tag', tag: 'beta' },
  soakMs: 0,
  ...extra,
});

describe('rollouts across gateways: rights and bad input', () => {
  it('gateway tags: operators and owners set them, viewers may not; listed with the gateway and audited', async () => {
    const put = (who: Browser, id: string, tags: unknown) =>
      who.call('PUT', `/api/gateway/management/${id}/tags`, { tags });
    expect((await put(fleet.user, a.id, ['site-1', 'site-1', 'north'])).body).toMatchObject({
      tags: ['site-1', 'north'],
    });
    expect((await put(as.operator, b.id, ['site-2'])).body).toMatchObject({ tags: ['site-2'] });
    const refused = await put(as.viewer, b.id, ['mine']);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'ROLE_FORBIDDEN' });
    expect((await put(as.operator, a.id, ['x'])).status).toBe(404);
    const long = await put(fleet.user, a.id, ['x'.repeat(33)]);
    expect(long.status).toBe(400);
    expect(long.text).toContain('at most 32 characters');
    const list = await as.viewer.call('GET', '/api/gateway/management/list');
    expect(list.body).toEqual([expect.objectContaining({ id: b.id, tags: ['site-2'] })]);
    const audit = await fleet.user.call('GET', '/api/audit?action=gateway.tagged');
    expect(audit.body).toEqual(
      expect.arrayContaining([expect.objectContaining({ actor: 'operator', detail: '- -> site-2' })]),
    );
  });

  it('a viewer sees a rollout and is refused every write; an operator runs it', async () => {
    const refused = await as.viewer.call('POST', '/api/cloud-rollouts', body());
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'ROLE_FORBIDDEN' });
    expect((await as.viewer.call('POST', '/api/cloud-rollouts/preview', body())).status).toBe(403);

    // the operator picks the gateway by its tag
    const created = await as.operator.call(
      'POST',
      '/api/cloud-rollouts',
      body({ gateways: { tag: 'site-2' }, window: windowNotNow() }),
    );
    expect(created.status, created.text).toBe(201);
    const id = String(Reflect.get(created.body as object, 'id'));
    expect(created.body).toMatchObject({ gatewayIds: [b.id], createdBy: 'operator', waves: [{ size: 1 }] });

    const seen = await as.viewer.call('GET', `/api/cloud-rollouts/${id}`);
    expect(seen.status).toBe(200);
    expect((await as.viewer.call('GET', '/api/cloud-rollouts')).body).toEqual([
      expect.objectContaining({ id }),
    ]);
    const viewerPause = await as.viewer.call('POST', `/api/cloud-rollouts/${id}/action`, { action: 'pause' });
    expect(viewerPause.status).toBe(403);
    expect(
      (await as.operator.call('POST', `/api/cloud-rollouts/${id}/action`, { action: 'pause' })).body,
    ).toMatchObject({ state: 'PAUSED' });
    const cancelled = await as.operator.call('POST', `/api/cloud-rollouts/${id}/action`, {
      action: 'cancel',
    });
    expect(cancelled.body).toMatchObject({ state: 'CANCELLED', reason: 'Cancelled by operator' });
    const again = await as.operator.call('POST', `/api/cloud-rollouts/${id}/action`, { action: 'resume' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'ROLLOUT_STATE_CONFLICT' });
    // The gateway's own part is cancelled too (it was outside its window: nothing was flashed).
    const over = await waitCloudRollout(
      fleet.user,
      id,
      (r) => r.gateways.every((g) => g.state === 'DONE'),
      'told',
    );
    expect(over.gateways[0]?.devices.map((d) => d.state)).toEqual(['CANCELLED']);
    expect(b.sim.devices[0]?.state.otaFlashes).toBe(0);

    // a gateway the operator cannot see
    const foreign = await as.operator.call(
      'POST',
      '/api/cloud-rollouts',
      body({ gateways: { ids: [a.id, b.id] } }),
    );
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ code: 'GATEWAY_NOT_FOUND' });
  });

  it('refuses bad input with a clear 4xx', async () => {
    const post = (extra: Record<string, unknown>) =>
      fleet.user.call('POST', '/api/cloud-rollouts', body(extra));
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ gateways: {} }, 400, 'Choose at least one gateway, or a gateway tag'],
      [{ waves: [] }, 400, 'A rollout has at least one wave'],
      [{ target: { kind: 'tag', tag: '' } }, 400, 'A tag must not be empty'],
      [{ gateways: { tag: 'nowhere' } }, 400, 'No gateway you run carries the tag "nowhere"'],
      [
        { source: { gatewayId: b.id, firmwareId: 'missing' } },
        404,
        'The source gateway has no firmware missing',
      ],
      [{ target: { kind: 'tag', tag: 'nobody' } }, 400, 'matches no device'],
    ];
    for (const [extra, status, message] of cases) {
      const answer = await post(extra);
      expect(answer.status, JSON.stringify(extra)).toBe(status);
      expect(JSON.stringify(answer.body), JSON.stringify(extra)).toContain(
        JSON.stringify(message).slice(1, -1),
      );
    }
    // devices picked by address on a gateway: planned as given, in their wave
    const ip = b.sim.devices[0]?.address ?? '';
    const picked = await post({
      target: { kind: 'devices', devices: [{ gatewayId: b.id, ip }] },
      window: windowNotNow(),
    });
    expect(picked.status, picked.text).toBe(201);
    expect(picked.body).toMatchObject({ waves: [{ size: 1 }], gateways: [{ devices: [{ ip, wave: 0 }] }] });
    const pickedId = String(Reflect.get(picked.body as object, 'id'));
    expect(
      (await fleet.user.call('POST', `/api/cloud-rollouts/${pickedId}/action`, { action: 'cancel' })).status,
    ).toBe(200);
    const missing = await fleet.user.call('POST', '/api/cloud-rollouts/none/action', { action: 'pause' });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'ROLLOUT_NOT_FOUND' });
    const badAction = await fleet.user.call('POST', '/api/cloud-rollouts/none/action', { action: 'explode' });
    expect(badAction.status).toBe(400);
  });

  it('deletes a finished or cancelled rollout: who started it or an admin; 409 while it runs; audited', async () => {
    const created = await as.operator.call('POST', '/api/cloud-rollouts', body({ window: windowNotNow() }));
    expect(created.status, created.text).toBe(201);
    const id = String(Reflect.get(created.body as object, 'id'));
    const del = (who: Browser, rid: string) => who.call('DELETE', `/api/cloud-rollouts/${rid}`);

    const running = await del(as.operator, id);
    expect(running.status).toBe(409);
    expect(running.body).toMatchObject({
      code: 'ROLLOUT_STATE_CONFLICT',
      message: 'Cannot delete the rollout while it is running: cancel it first',
    });
    await as.operator.call('POST', `/api/cloud-rollouts/${id}/action`, { action: 'cancel' });
    // a viewer sees it but did not start it
    const viewer = await del(as.viewer, id);
    expect(viewer.status).toBe(403);
    expect(viewer.body).toMatchObject({
      code: 'ROLE_FORBIDDEN',
      message: 'Only who started the rollout, or an admin, may delete it',
    });
    expect((await del(as.operator, id)).body).toEqual({ ok: true });
    expect((await as.operator.call('GET', `/api/cloud-rollouts/${id}`)).status).toBe(404);
    expect((await del(as.operator, id)).status).toBe(404);
    const listed = (await as.operator.call('GET', '/api/cloud-rollouts')).body as Array<{ id: string }>;
    expect(listed.map((r) => r.id)).not.toContain(id);

    // an admin deletes a rollout someone else started
    const other = await as.operator.call('POST', '/api/cloud-rollouts', body({ window: windowNotNow() }));
    const otherId = String(Reflect.get(other.body as object, 'id'));
    await as.operator.call('POST', `/api/cloud-rollouts/${otherId}/action`, { action: 'cancel' });
    expect((await del(fleet.user, otherId)).status).toBe(200);

    const audit = await fleet.user.call('GET', '/api/audit?action=rollout.deleted');
    expect(audit.body).toEqual([
      expect.objectContaining({ actor: 'admin', gatewayId: b.id, outcome: '200' }),
      expect.objectContaining({ actor: 'operator', gatewayId: b.id, outcome: '200' }),
    ]);
  });
});
