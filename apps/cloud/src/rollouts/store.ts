import {
  CloudRolloutFirmware,
  CloudRolloutGatewayState,
  CloudRolloutTarget,
  RolloutDevice,
  RolloutSettings,
  RolloutState,
} from '@st/protocol';
import { z } from 'zod';
import type { CloudDb } from '../db/connect';

/** What a rollout runs, fixed at its creation (the `spec` column). */
export const RolloutSpec = z.object({
  firmware: CloudRolloutFirmware,
  target: CloudRolloutTarget,
  settings: RolloutSettings,
  gatewayIds: z.array(z.string()),
  waveCount: z.number().int().min(1),
});
export type RolloutSpec = z.infer<typeof RolloutSpec>;

export interface RolloutRow {
  id: string;
  createdBy: string;
  createdByLogin: string;
  name: string;
  spec: RolloutSpec;
  state: RolloutState;
  currentWave: number;
  reason: string | undefined;
  /** failures a resume accepted, per wave */
  accepted: Record<string, number>;
  createdAt: string;
  updatedAt: string;
  finishedAt: string | undefined;
  expiresAt: string;
}

export interface PartRow {
  rolloutId: string;
  gatewayId: string;
  position: number;
  state: CloudRolloutGatewayState;
  firmwareId: string | undefined;
  firmwareSends: number;
  /** wave index -> the gateway's rollout id */
  parts: Record<string, string>;
  devices: RolloutDevice[];
  retry: boolean;
}

const Accepted = z.record(z.string(), z.number()).catch({});
const Parts = z.record(z.string(), z.string()).catch({});
const Devices = z.array(RolloutDevice).catch([]);
const json = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

type RolloutUpdate = Partial<
  Pick<RolloutRow, 'state' | 'currentWave' | 'reason' | 'accepted' | 'finishedAt'>
>;
type PartUpdate = Partial<
  Pick<PartRow, 'state' | 'firmwareId' | 'firmwareSends' | 'parts' | 'devices' | 'retry'>
>;

/**
 * Rollouts across gateways in the cloud database (SQLite or PostgreSQL): the rollout and each gateway's part.
 * One node drives a rollout at a time: it holds the row's lease (`lease_node`, `lease_until`) and renews it.
 */
export class CloudRolloutStore {
  constructor(private readonly db: CloudDb) {}

  async insert(row: RolloutRow, parts: PartRow[], firmwareData: string | null): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('cloud_rollouts')
        .values({
          id: row.id,
          created_by: row.createdBy,
          created_by_login: row.createdByLogin,
          name: row.name,
          spec: JSON.stringify(row.spec),
          state: row.state,
          current_wave: row.currentWave,
          reason: row.reason ?? null,
          accepted: JSON.stringify(row.accepted),
          created_at: row.createdAt,
          updated_at: row.updatedAt,
          finished_at: null,
          expires_at: row.expiresAt,
          firmware_data: firmwareData,
        })
        .execute();
      for (const p of parts) {
        await trx
          .insertInto('cloud_rollout_gateways')
          .values({
            rollout_id: p.rolloutId,
            gateway_id: p.gatewayId,
            position: p.position,
            state: p.state,
            firmware_id: p.firmwareId ?? null,
            firmware_sends: p.firmwareSends,
            parts: JSON.stringify(p.parts),
            devices: JSON.stringify(p.devices),
          })
          .execute();
      }
    });
  }

  async get(id: string): Promise<RolloutRow | undefined> {
    const row = await this.rollouts().where('id', '=', id).executeTakeFirst();
    return row ? toRollout(row) : undefined;
  }

  /** Newest first. */
  async list(limit = 200): Promise<RolloutRow[]> {
    const rows = await this.rollouts().orderBy('created_at', 'desc').orderBy('id').limit(limit).execute();
    return rows.map(toRollout);
  }

  /** Rollouts a driver must step: running or paused. */
  async active(): Promise<string[]> {
    const rows = await this.db
      .selectFrom('cloud_rollouts')
      .select('id')
      .where('state', 'in', ['RUNNING', 'PAUSED'])
      .execute();
    return rows.map((r) => r.id);
  }

  /**
   * Gateway parts of cancelled rollouts not yet told (their gateway was offline at the cancel), of gateways
   * still in the cloud: delivered, best effort, when the gateway links again. The rollout itself is over.
   */
  async cancelsOwed(): Promise<{ rolloutId: string; gatewayId: string }[]> {
    return this.db
      .selectFrom('cloud_rollout_gateways as p')
      .innerJoin('cloud_rollouts as r', 'r.id', 'p.rollout_id')
      .innerJoin('gateways as g', 'g.id', 'p.gateway_id')
      .select(['p.rollout_id as rolloutId', 'p.gateway_id as gatewayId'])
      .where('r.state', '=', 'CANCELLED')
      .where('p.state', '!=', 'DONE')
      .execute();
  }

  /** The rollout's gateways deleted from the cloud since it started (parts not yet done). */
  async goneGateways(rolloutId: string): Promise<Set<string>> {
    const rows = await this.db
      .selectFrom('cloud_rollout_gateways as p')
      .leftJoin('gateways as g', 'g.id', 'p.gateway_id')
      .select('p.gateway_id')
      .where('p.rollout_id', '=', rolloutId)
      .where('p.state', '!=', 'DONE')
      .where('g.id', 'is', null)
      .execute();
    return new Set(rows.map((r) => r.gateway_id));
  }

  async parts(rolloutId: string): Promise<PartRow[]> {
    const rows = await this.db
      .selectFrom('cloud_rollout_gateways')
      .selectAll()
      .where('rollout_id', '=', rolloutId)
      .orderBy('position')
      .execute();
    return rows.map((r) => ({
      rolloutId: r.rollout_id,
      gatewayId: r.gateway_id,
      position: r.position,
      state: CloudRolloutGatewayState.catch('ACTIVE').parse(r.state),
      firmwareId: r.firmware_id ?? undefined,
      firmwareSends: Number(r.firmware_sends),
      parts: Parts.parse(json(r.parts)),
      devices: Devices.parse(json(r.devices)),
      retry: Number(r.retry) === 1,
    }));
  }

  /** Writes the changes; with `onlyIf` only while the rollout is still in that state (a user's action wins). */
  async update(id: string, change: RolloutUpdate, onlyIf?: RolloutState): Promise<boolean> {
    let q = this.db
      .updateTable('cloud_rollouts')
      .set({
        updated_at: new Date().toISOString(),
        ...(change.state !== undefined ? { state: change.state } : {}),
        ...(change.currentWave !== undefined ? { current_wave: change.currentWave } : {}),
        ...('reason' in change ? { reason: change.reason ?? null } : {}),
        ...(change.accepted !== undefined ? { accepted: JSON.stringify(change.accepted) } : {}),
        ...('finishedAt' in change ? { finished_at: change.finishedAt ?? null } : {}),
      })
      .where('id', '=', id);
    if (onlyIf) q = q.where('state', '=', onlyIf);
    const res = await q.executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  async updatePart(rolloutId: string, gatewayId: string, change: PartUpdate): Promise<void> {
    await this.db
      .updateTable('cloud_rollout_gateways')
      .set({
        ...(change.state !== undefined ? { state: change.state } : {}),
        ...('firmwareId' in change ? { firmware_id: change.firmwareId ?? null } : {}),
        ...(change.firmwareSends !== undefined ? { firmware_sends: change.firmwareSends } : {}),
        ...(change.parts !== undefined ? { parts: JSON.stringify(change.parts) } : {}),
        ...(change.devices !== undefined ? { devices: JSON.stringify(change.devices) } : {}),
        ...(change.retry !== undefined ? { retry: change.retry ? 1 : 0 } : {}),
      })
      .where('rollout_id', '=', rolloutId)
      .where('gateway_id', '=', gatewayId)
      .execute();
  }

  /** Removes the rollout and its gateways' parts. */
  async delete(id: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('cloud_rollout_gateways').where('rollout_id', '=', id).execute();
      await trx.deleteFrom('cloud_rollouts').where('id', '=', id).execute();
    });
  }

  async firmwareData(id: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('cloud_rollouts')
      .select('firmware_data')
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.firmware_data ?? undefined;
  }

  async dropFirmwareData(id: string): Promise<void> {
    await this.db.updateTable('cloud_rollouts').set({ firmware_data: null }).where('id', '=', id).execute();
  }

  /**
   * Takes or renews the rollout's lease for `node` until now + `ms`: true when this node may drive it (it held
   * the lease, or the lease ran out: its node stopped or died).
   */
  async lease(id: string, node: string, ms: number, now = Date.now()): Promise<boolean> {
    const res = await this.db
      .updateTable('cloud_rollouts')
      .set({ lease_node: node, lease_until: now + ms })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('lease_node', '=', node), eb('lease_until', '<', now)]))
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /** Gives the leases of this node back (it is stopping): another node takes them over at once. */
  async release(node: string): Promise<void> {
    await this.db
      .updateTable('cloud_rollouts')
      .set({ lease_until: 0 })
      .where('lease_node', '=', node)
      .execute();
  }

  private rollouts() {
    return this.db
      .selectFrom('cloud_rollouts')
      .select([
        'id',
        'created_by',
        'created_by_login',
        'name',
        'spec',
        'state',
        'current_wave',
        'reason',
        'accepted',
        'created_at',
        'updated_at',
        'finished_at',
        'expires_at',
      ]);
  }
}

interface RolloutDbRow {
  id: string;
  created_by: string;
  created_by_login: string;
  name: string;
  spec: string;
  state: string;
  current_wave: number;
  reason: string | null;
  accepted: string;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
  expires_at: string;
}

function toRollout(r: RolloutDbRow): RolloutRow {
  return {
    id: r.id,
    createdBy: r.created_by,
    createdByLogin: r.created_by_login,
    name: r.name,
    spec: RolloutSpec.parse(json(r.spec)),
    state: RolloutState.catch('PAUSED').parse(r.state),
    currentWave: Number(r.current_wave),
    reason: r.reason ?? undefined,
    accepted: Accepted.parse(json(r.accepted)),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    finishedAt: r.finished_at ?? undefined,
    expiresAt: r.expires_at,
  };
}
