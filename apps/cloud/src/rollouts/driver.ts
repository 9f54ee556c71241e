import { isRolloutDeviceOver, isRolloutFailure, type RolloutDevice, rolloutFailureLimit } from '@st/protocol';
import type { Logger } from '@st/server-kit';
import type { Presence } from '../link/presence';
import type { Cluster } from '../scale/cluster';
import { RolloutAlerts } from './alerts';
import type { GatewayCalls } from './gatewayCalls';
import { PartRunner } from './partRunner';
import { failuresOf, inWave, settled } from './plan';
import type { CloudRolloutStore, PartRow, RolloutRow } from './store';

export interface RolloutDriverOptions {
  /** how often this node steps the rollouts it drives (default 2000 ms) */
  readonly tickMs?: number;
  /** how long a node's hold on a rollout lasts without renewal (default 30 s) */
  readonly leaseMs?: number;
}

/**
 * Drives rollouts across gateways. Every node ticks; for each rollout that runs, only the node holding its
 * lease (a conditional update of the row, see CloudRolloutStore.lease) steps it, so two nodes never create a
 * gateway's part twice. A step: each online gateway runs the waves it owes (its part of every wave up to the
 * current one: a gateway that was offline at its turn catches up here, as soon as it links again), its
 * devices' verdicts are read back, and the gate decides over all devices of the wave: pause at the failure
 * limit, next wave when every device of this one is over or away, finished when all are over.
 */
export class RolloutDriver {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private detach: (() => void) | undefined;
  private readonly runner: PartRunner;

  constructor(
    private readonly store: CloudRolloutStore,
    calls: GatewayCalls,
    private readonly presence: Presence,
    private readonly cluster: Cluster,
    private readonly logger: Logger,
    private readonly opts: RolloutDriverOptions = {},
    private readonly alerts: RolloutAlerts = new RolloutAlerts(undefined),
  ) {
    this.runner = new PartRunner(store, calls);
  }

  start(): void {
    this.timer = setInterval(() => this.poke(), this.opts.tickMs ?? 2000);
    // A gateway that links again catches up at once.
    this.detach = this.cluster.on((m) => {
      if (m.t === 'linkUp') this.poke();
    });
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.detach?.();
    await this.running;
    await this.store.release(this.cluster.nodeId).catch(() => undefined);
  }

  /** Steps every rollout this node may drive, now (or right after the round under way). */
  poke(): void {
    if (!this.timer) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.round()
      .catch((err: unknown) => this.logger.error({ err }, 'rollout round failed'))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.poke();
        }
      });
  }

  /** One round over the active rollouts, then the cancels owed to gateways back online (public for tests). */
  async round(): Promise<void> {
    for (const id of await this.store.active()) {
      if (!(await this.lease(id))) continue;
      try {
        await this.step(id);
      } catch (err) {
        this.logger.warn({ err, rollout: id }, 'rollout step failed');
      }
    }
    await this.deliverCancels();
  }

  private lease(id: string): Promise<boolean> {
    return this.store.lease(id, this.cluster.nodeId, this.opts.leaseMs ?? 30_000);
  }

  /** A cancelled rollout's parts on gateways that were offline at the cancel, told once they are back. */
  private async deliverCancels(): Promise<void> {
    const owed = await this.store.cancelsOwed();
    if (owed.length === 0) return;
    const online = await this.presence.onlineOf(owed.map((o) => o.gatewayId));
    for (const { rolloutId, gatewayId } of owed) {
      if (!online.has(gatewayId) || !(await this.lease(rolloutId))) continue;
      const rollout = await this.store.get(rolloutId);
      const part = (await this.store.parts(rolloutId)).find((p) => p.gatewayId === gatewayId);
      if (!rollout || !part) continue;
      await this.runner.run(rollout, part).catch((err: unknown) => {
        this.logger.warn({ err, rollout: rolloutId, gateway: gatewayId }, 'rollout cancel not delivered');
      });
    }
  }

  private async step(id: string): Promise<void> {
    const rollout = await this.store.get(id);
    if (!rollout) return;
    const parts = await this.store.parts(id);
    await this.dropDeleted(id, parts);
    const online = await this.presence.onlineOf(parts.map((p) => p.gatewayId));
    for (const part of parts) {
      if (!online.has(part.gatewayId) || part.state === 'DONE') continue;
      try {
        await this.runner.run(rollout, part);
      } catch (err) {
        this.logger.warn({ err, rollout: id, gateway: part.gatewayId }, 'rollout part failed');
      }
    }
    if (rollout.state === 'RUNNING') await this.gate(rollout, online);
  }

  /** A gateway deleted from the cloud drops out: its devices not over end CANCELLED, its part is done. */
  private async dropDeleted(id: string, parts: PartRow[]): Promise<void> {
    const gone = await this.store.goneGateways(id);
    const at = new Date().toISOString();
    for (const p of parts) {
      if (!gone.has(p.gatewayId)) continue;
      const detail = 'Its gateway was deleted from the cloud';
      p.devices = p.devices.map((d) =>
        isRolloutDeviceOver(d.state) ? d : { ...d, state: 'CANCELLED' as const, detail, updatedAt: at },
      );
      p.state = 'DONE';
      p.retry = false;
      await this.store.updatePart(id, p.gatewayId, { devices: p.devices, state: 'DONE', retry: false });
    }
  }

  /** The gate over every gateway's devices of the current wave. */
  private async gate(rollout: RolloutRow, online: Set<string>): Promise<void> {
    const parts = await this.store.parts(rollout.id);
    const all = parts.flatMap((p) => p.devices);
    const wave = rollout.currentWave;
    const devices = inWave(all, wave);
    const failed = failuresOf(devices) - (rollout.accepted[String(wave)] ?? 0);
    const limit = rolloutFailureLimit(rollout.spec.settings, wave, devices.length);
    if (failed >= limit) {
      const reason = `Wave ${wave + 1}: ${failed} of ${devices.length} devices failed (limit ${limit})`;
      if (await this.store.update(rollout.id, { state: 'PAUSED', reason }, 'RUNNING')) {
        this.alerts.paused(rollout, reason);
      }
      return;
    }
    // A device holds the gate while its gateway works on it; one whose gateway is offline does not (it
    // catches up when the gateway links again), nor one that is away (queued on its gateway).
    const holds = (p: PartRow, d: RolloutDevice) =>
      d.wave === wave && !settled(d) && online.has(p.gatewayId) && p.state !== 'PLANNING';
    if (parts.some((p) => p.devices.some((d) => holds(p, d)))) return;
    if (wave < rollout.spec.waveCount - 1) {
      await this.store.update(rollout.id, { currentWave: wave + 1, reason: undefined }, 'RUNNING');
      this.poke();
      return;
    }
    // a "retry failed" not yet passed on to its (offline) gateway keeps the rollout running
    const over = parts.every(
      (p) => p.state !== 'PLANNING' && !p.retry && p.devices.every((d) => isRolloutDeviceOver(d.state)),
    );
    const expired = Date.parse(rollout.expiresAt) <= Date.now();
    if (!over && !expired) return;
    if (!over) {
      // Its life ended: devices never reached (their gateway stayed offline) are EXPIRED.
      const at = new Date().toISOString();
      for (const p of parts) {
        p.devices = p.devices.map((d) =>
          isRolloutDeviceOver(d.state) ? d : { ...d, state: 'EXPIRED' as const, updatedAt: at },
        );
        await this.store.updatePart(rollout.id, p.gatewayId, { devices: p.devices });
      }
    }
    const reason = summary(parts.flatMap((p) => p.devices));
    const change = { state: 'FINISHED' as const, reason, finishedAt: new Date().toISOString() };
    if (await this.store.update(rollout.id, change, 'RUNNING'))
      this.alerts.ended(rollout, 'FINISHED', reason);
    await this.store.dropFirmwareData(rollout.id);
  }
}

/** "3 updated, 1 failed, 1 skipped" */
export function summary(devices: readonly RolloutDevice[]): string {
  const updated = devices.filter((d) => d.state === 'UPDATED').length;
  const failed = devices.filter((d) => isRolloutFailure(d.state)).length;
  const skipped = devices.filter((d) => d.state === 'SKIPPED').length;
  const left = devices.length - updated - failed - skipped;
  const parts = [`${updated} updated`, `${failed} failed`, `${skipped} skipped`];
  if (left > 0) parts.push(`${left} not reached`);
  return parts.join(', ');
}
