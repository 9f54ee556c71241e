import {
  ApiError,
  isRolloutDeviceOver,
  isRolloutFailure,
  type Rollout,
  type RolloutCreate,
  type RolloutDevice,
} from '@st/protocol';
import type { GatewayCalls } from './gatewayCalls';
import { matching, planned } from './plan';
import type { CloudRolloutStore, PartRow, RolloutRow } from './store';

/** The name of a gateway's rollout for one wave of a cloud rollout (also how a lost answer is found again). */
export const partName = (rolloutId: string, wave: number) => `cloud ${rolloutId} wave ${wave + 1}`;

/**
 * One gateway's part of a cloud rollout, stepped while the gateway is online: plans its devices (a gateway
 * offline since the start joins the current wave), sends it the firmware once, starts its rollout for each wave
 * it owes, reads its devices' verdicts back, and passes on pause, resume, cancel and retry.
 */
export class PartRunner {
  constructor(
    private readonly store: CloudRolloutStore,
    private readonly calls: GatewayCalls,
  ) {}

  async run(rollout: RolloutRow, part: PartRow): Promise<void> {
    const actor = rollout.createdByLogin;
    if (part.state === 'PLANNING') await this.plan(rollout, part, actor);
    if (rollout.state === 'CANCELLED') return this.cancel(rollout, part, actor);
    if (rollout.state === 'RUNNING') {
      for (let wave = 0; wave <= rollout.currentWave; wave++) {
        const ips = part.devices.filter((d) => d.wave === wave && d.state === 'PENDING').map((d) => d.ip);
        if (ips.length > 0 && part.parts[String(wave)] === undefined)
          await this.start(rollout, part, wave, ips);
      }
    }
    await this.sync(rollout, part, actor);
  }

  private async plan(rollout: RolloutRow, part: PartRow, actor: string): Promise<void> {
    const { target, firmware } = rollout.spec;
    const known =
      target.kind === 'devices'
        ? []
        : await this.calls.devices(part.gatewayId, actor, target.kind === 'tag' ? target.tag : undefined);
    const now = new Date().toISOString();
    part.devices = matching(target, part.gatewayId, known, firmware).map((m) =>
      planned(m.device, rollout.currentWave, now, m.skip),
    );
    part.state = 'ACTIVE';
    await this.store.updatePart(rollout.id, part.gatewayId, { state: 'ACTIVE', devices: part.devices });
  }

  /** The firmware's id in this gateway's library: the source's own, one already there, or sent now, once. */
  private async firmwareOn(rollout: RolloutRow, part: PartRow, actor: string): Promise<string> {
    if (part.firmwareId) return part.firmwareId;
    const fw = rollout.spec.firmware;
    let id: string;
    if (part.gatewayId === fw.sourceGatewayId) id = fw.sourceFirmwareId;
    else {
      const there = (await this.calls.firmwareList(part.gatewayId, actor)).find(
        (f) => f.sha256 === fw.sha256,
      );
      if (there) id = there.id;
      else {
        const data = await this.store.firmwareData(rollout.id);
        if (!data) throw new Error('the rollout no longer holds its firmware file');
        const added = await this.calls.firmwareAdd(part.gatewayId, actor, fw, Buffer.from(data, 'base64'));
        id = added.id;
        part.firmwareSends++;
      }
    }
    part.firmwareId = id;
    await this.store.updatePart(rollout.id, part.gatewayId, {
      firmwareId: id,
      firmwareSends: part.firmwareSends,
    });
    return id;
  }

  /** Starts the gateway's rollout for its devices of one wave (found again by name if an answer was lost). */
  private async start(rollout: RolloutRow, part: PartRow, wave: number, ips: string[]): Promise<void> {
    const actor = rollout.createdByLogin;
    const name = partName(rollout.id, wave);
    let gatewayRollout: { id: string } | undefined = (
      await this.calls.listRollouts(part.gatewayId, actor)
    ).find((r) => r.name === name);
    if (!gatewayRollout) {
      const firmwareId = await this.firmwareOn(rollout, part, actor);
      const s = rollout.spec.settings;
      const lifeMs = Math.max(60_000, Date.parse(rollout.expiresAt) - Date.now());
      const body: RolloutCreate = {
        firmwareId,
        target: { kind: 'devices', ips },
        name,
        // one wave here: the cloud counts waves over every gateway
        waves: [{ concurrency: s.waves[wave]?.concurrency ?? s.concurrency }],
        concurrency: s.concurrency,
        ...(s.window ? { window: s.window } : {}),
        soakMs: s.soakMs,
        backWithinMs: s.backWithinMs,
        lifetimeMs: Math.min(lifeMs, s.lifetimeMs),
        // the cloud applies the failure limit over all devices of the wave
        failureLimit: { firstWave: ips.length + 1, laterPercent: 100 },
        // the cloud sends one alert for the whole rollout; the part sends none of its own
        quiet: true,
      };
      try {
        gatewayRollout = await this.calls.createRollout(part.gatewayId, actor, body);
      } catch (err) {
        if (!(err instanceof ApiError && err.code === 'ROLLOUT_NO_DEVICES')) throw err;
        part.devices = part.devices.map((d) =>
          d.wave === wave && ips.includes(d.ip) ? { ...d, state: 'SKIPPED', detail: err.message } : d,
        );
        await this.store.updatePart(rollout.id, part.gatewayId, { devices: part.devices });
        return;
      }
    }
    part.parts = { ...part.parts, [String(wave)]: gatewayRollout.id };
    await this.store.updatePart(rollout.id, part.gatewayId, { parts: part.parts });
  }

  /** Reads back the verdicts of every wave still moving, and passes on pause, resume and retry. */
  private async sync(rollout: RolloutRow, part: PartRow, actor: string): Promise<void> {
    let devices = part.devices;
    for (const [key, id] of Object.entries(part.parts)) {
      const wave = Number(key);
      const mine = devices.filter((d) => d.wave === wave);
      const hasFailed = mine.some((d) => isRolloutFailure(d.state));
      const retry = part.retry && hasFailed;
      if (!retry && mine.every((d) => isRolloutDeviceOver(d.state))) continue;
      let remote = await this.calls.getRollout(part.gatewayId, actor, id);
      const want = rollout.state === 'PAUSED' ? 'pause' : rollout.state === 'RUNNING' ? 'resume' : undefined;
      if (retry) remote = await this.act(part, actor, remote, 'retryFailed');
      if (want === 'pause' && remote.state === 'RUNNING')
        remote = await this.act(part, actor, remote, 'pause');
      if (want === 'resume' && remote.state === 'PAUSED')
        remote = await this.act(part, actor, remote, 'resume');
      devices = merge(devices, wave, remote.devices);
    }
    await this.store.updatePart(rollout.id, part.gatewayId, { devices, retry: false });
    part.devices = devices;
  }

  private async act(part: PartRow, actor: string, remote: Rollout, action: string): Promise<Rollout> {
    await this.calls.act(part.gatewayId, actor, remote.id, action);
    return this.calls.getRollout(part.gatewayId, actor, remote.id);
  }

  /** Cancels the gateway's rollouts not over yet; devices not reached end CANCELLED. */
  private async cancel(rollout: RolloutRow, part: PartRow, actor: string): Promise<void> {
    let devices = part.devices;
    for (const [key, id] of Object.entries(part.parts)) {
      const remote = await this.calls.getRollout(part.gatewayId, actor, id);
      const after =
        remote.state === 'RUNNING' || remote.state === 'PAUSED'
          ? await this.act(part, actor, remote, 'cancel')
          : remote;
      devices = merge(devices, Number(key), after.devices);
    }
    const now = new Date().toISOString();
    devices = devices.map((d) =>
      isRolloutDeviceOver(d.state) ? d : { ...d, state: 'CANCELLED' as const, updatedAt: now },
    );
    await this.store.updatePart(rollout.id, part.gatewayId, { devices, state: 'DONE' });
  }
}

/** The gateway's verdicts for one wave's devices, keeping the cloud's wave numbers. */
function merge(devices: RolloutDevice[], wave: number, remote: readonly RolloutDevice[]): RolloutDevice[] {
  const byIp = new Map(remote.map((d) => [d.ip, d]));
  return devices.map((d) => {
    const r = d.wave === wave ? byIp.get(d.ip) : undefined;
    return r ? { ...r, wave } : d;
  });
}
