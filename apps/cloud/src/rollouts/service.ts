import { randomUUID } from 'node:crypto';
import {
  ApiError,
  type CloudRollout,
  type CloudRolloutCreate,
  type CloudRolloutFirmware,
  type CloudRolloutPreview,
  type CloudRolloutPreviewRequest,
  isRolloutDeviceOver,
  isRolloutFailure,
  ROLE_RANK,
  type RolloutAction,
  rolloutSettingsOf,
  rolloutWaveSizes,
} from '@st/protocol';
import type { GatewayStore, MemberView } from '../gateways/store';
import type { Presence } from '../link/presence';
import { requireRole } from '../shares/access';
import { RolloutAlerts } from './alerts';
import type { GatewayCalls, KnownDevice } from './gatewayCalls';
import { assignWaves, matching, planned } from './plan';
import type { CloudRolloutStore, PartRow, RolloutRow } from './store';
import { rolloutView } from './view';

export interface Caller {
  userId: string;
  login: string;
}

/**
 * Rollouts across gateways as a user sees and runs them: who may (an operator or owner of every gateway
 * involved; a viewer only sees), the plan at creation, and the actions. The driver does the running.
 */
export class CloudRolloutService {
  constructor(
    private readonly store: CloudRolloutStore,
    private readonly gateways: GatewayStore,
    private readonly presence: Presence,
    private readonly calls: GatewayCalls,
    private readonly poke: () => void,
    private readonly alerts: RolloutAlerts = new RolloutAlerts(undefined),
  ) {}

  /** The gateways a request names (ids and/or a gateway tag), each one the caller runs. */
  private async pick(user: Caller, sel: CloudRolloutCreate['gateways']): Promise<MemberView[]> {
    const picked = new Map<string, MemberView>();
    for (const id of sel.ids ?? []) {
      picked.set(id, requireRole(await this.gateways.get(user.userId, id), id, 'operator', 'run rollouts'));
    }
    if (sel.tag !== undefined) {
      const tag = sel.tag;
      for (const g of await this.gateways.list(user.userId)) {
        if (g.tags.includes(tag) && ROLE_RANK[g.role] >= ROLE_RANK.operator) picked.set(g.id, g);
      }
      if (picked.size === 0) {
        throw new ApiError('VALIDATION_FAILED', `No gateway you run carries the tag "${tag}"`);
      }
    }
    return [...picked.values()];
  }

  private async firmware(user: Caller, source: CloudRolloutCreate['source']): Promise<CloudRolloutFirmware> {
    const { gatewayId, firmwareId } = source;
    requireRole(await this.gateways.get(user.userId, gatewayId), gatewayId, 'operator', 'run rollouts');
    const list = await this.calls.firmwareList(gatewayId, user.login);
    const fw = list.find((f) => f.id === firmwareId);
    if (!fw) throw new ApiError('FIRMWARE_NOT_FOUND', `The source gateway has no firmware ${firmwareId}`);
    const { board, type, version, fileName, sha256, size } = fw;
    return {
      sourceGatewayId: gatewayId,
      sourceFirmwareId: fw.id,
      board,
      type,
      version,
      fileName,
      sha256,
      size,
    };
  }

  /** Every picked gateway's matching devices now (undefined: offline, planned when it links). */
  private async known(
    user: Caller,
    req: CloudRolloutPreviewRequest,
    gws: MemberView[],
    fw: CloudRolloutFirmware,
  ) {
    const online = await this.presence.onlineOf(gws.map((g) => g.id));
    const { target } = req;
    const tag = target.kind === 'tag' ? target.tag : undefined;
    return Promise.all(
      gws.map(async (g) => {
        const reach = target.kind === 'devices' || online.has(g.id);
        const devices: KnownDevice[] | undefined = !reach
          ? undefined
          : target.kind === 'devices'
            ? []
            : await this.calls.devices(g.id, user.login, tag);
        return { g, online: online.has(g.id), matches: devices && matching(target, g.id, devices, fw) };
      }),
    );
  }

  async preview(user: Caller, req: CloudRolloutPreviewRequest): Promise<CloudRolloutPreview> {
    const gws = await this.pick(user, req.gateways);
    const fw = await this.firmware(user, req.source);
    const known = await this.known(user, req, gws, fw);
    const count = (m: Array<{ skip?: string }> | undefined) => m?.filter((x) => !x.skip).length;
    return {
      matched: known.reduce((n, k) => n + (count(k.matches) ?? 0), 0),
      gateways: known.map((k) => ({
        gatewayId: k.g.id,
        name: k.g.name,
        online: k.online,
        ...(k.matches ? { matched: count(k.matches) } : {}),
      })),
    };
  }

  async create(user: Caller, req: CloudRolloutCreate): Promise<RolloutRow> {
    const gws = await this.pick(user, req.gateways);
    const fw = await this.firmware(user, req.source);
    const known = await this.known(user, req, gws, fw);
    const settings = rolloutSettingsOf(req);
    const taken = known.map((k) => (k.matches ?? []).filter((m) => !m.skip));
    const total = taken.reduce((n, l) => n + l.length, 0);
    if (total === 0 && known.every((k) => k.matches)) throw new ApiError('ROLLOUT_NO_DEVICES');
    const waves = assignWaves(taken, settings);
    const now = new Date();
    const at = now.toISOString();
    const id = randomUUID();
    const parts: PartRow[] = known.map((k, position) => {
      const skipped = (k.matches ?? []).filter((m) => m.skip);
      const devices = [
        ...(taken[position] ?? []).map((m, i) => planned(m.device, waves[position]?.[i] ?? 0, at)),
        ...skipped.map((m) => planned(m.device, 0, at, m.skip)),
      ];
      return {
        rolloutId: id,
        gatewayId: k.g.id,
        position,
        state: k.matches ? 'ACTIVE' : 'PLANNING',
        firmwareId: undefined,
        firmwareSends: 0,
        parts: {},
        devices,
        retry: false,
      };
    });
    const needsFile = gws.some((g) => g.id !== fw.sourceGatewayId);
    const data = needsFile
      ? Buffer.from(
          await this.calls.firmwareFile(fw.sourceGatewayId, user.login, fw.sourceFirmwareId),
        ).toString('base64')
      : null;
    const row: RolloutRow = {
      id,
      createdBy: user.userId,
      createdByLogin: user.login,
      name: req.name || `${fw.type} ${fw.version}`,
      spec: {
        firmware: fw,
        target: req.target,
        settings,
        gatewayIds: gws.map((g) => g.id),
        waveCount: Math.max(1, rolloutWaveSizes(settings.waves, total).length),
      },
      state: 'RUNNING',
      currentWave: 0,
      reason: undefined,
      accepted: {},
      createdAt: at,
      updatedAt: at,
      finishedAt: undefined,
      expiresAt: new Date(now.getTime() + settings.lifetimeMs).toISOString(),
    };
    await this.store.insert(row, parts, data);
    this.poke();
    return row;
  }

  /** The rollout if the caller sees at least one of its gateways (or started it); else 404. */
  async visible(user: Caller, id: string): Promise<RolloutRow> {
    const row = await this.store.get(id);
    if (row && (row.createdBy === user.userId || (await this.seen(user, row)))) return row;
    throw new ApiError('ROLLOUT_NOT_FOUND', `Rollout ${id} not found`);
  }

  private async seen(user: Caller, row: RolloutRow): Promise<boolean> {
    for (const g of row.spec.gatewayIds) if (await this.gateways.roleOf(user.userId, g)) return true;
    return false;
  }

  async list(user: Caller): Promise<RolloutRow[]> {
    const mine = new Set((await this.gateways.list(user.userId)).map((g) => g.id));
    return (await this.store.list()).filter(
      (r) => r.createdBy === user.userId || r.spec.gatewayIds.some((g) => mine.has(g)),
    );
  }

  async view(row: RolloutRow): Promise<CloudRollout> {
    const parts = await this.store.parts(row.id);
    const online = await this.presence.onlineOf(parts.map((p) => p.gatewayId));
    const names = new Map<string, string>();
    for (const p of parts)
      names.set(p.gatewayId, (await this.gateways.byId(p.gatewayId))?.name ?? p.gatewayId);
    return rolloutView(row, parts, online, names);
  }

  /**
   * Deletes a finished or cancelled rollout from the list: whoever started it, or an admin (who need not see
   * its gateways). Running or paused: 409, cancel it first. A cancel still owed to an offline gateway is
   * dropped with it. Answers the row deleted (for the audit).
   */
  async remove(user: Caller, id: string, isAdmin: boolean): Promise<RolloutRow> {
    const row = isAdmin ? await this.store.get(id) : await this.visible(user, id);
    if (!row) throw new ApiError('ROLLOUT_NOT_FOUND', `Rollout ${id} not found`);
    if (!isAdmin && row.createdBy !== user.userId) {
      throw new ApiError('ROLE_FORBIDDEN', 'Only who started the rollout, or an admin, may delete it');
    }
    if (row.state === 'RUNNING' || row.state === 'PAUSED') {
      throw new ApiError(
        'ROLLOUT_STATE_CONFLICT',
        `Cannot delete the rollout while it is ${row.state === 'RUNNING' ? 'running' : 'paused'}: cancel it first`,
      );
    }
    await this.store.delete(id);
    return row;
  }

  /**
   * A cancel is over at once in the cloud: devices not over end CANCELLED (a gateway's verdicts read back when
   * its part is cancelled replace them), and a part with nothing started on its gateway is done. Parts with a
   * gateway rollout are cancelled there by the driver: now if the gateway is online, else when it relinks.
   */
  private async cancelled(id: string, at: string): Promise<void> {
    await this.store.dropFirmwareData(id);
    for (const p of await this.store.parts(id)) {
      const devices = p.devices.map((d) =>
        isRolloutDeviceOver(d.state) ? d : { ...d, state: 'CANCELLED' as const, updatedAt: at },
      );
      const nothingThere = Object.keys(p.parts).length === 0;
      await this.store.updatePart(id, p.gatewayId, { devices, ...(nothingThere ? { state: 'DONE' } : {}) });
    }
  }

  /** Pause, resume, cancel or retry the failed devices: the caller runs every gateway of it (still there). */
  async act(user: Caller, id: string, action: RolloutAction['action']): Promise<RolloutRow> {
    const row = await this.visible(user, id);
    for (const g of row.spec.gatewayIds) {
      const member = await this.gateways.get(user.userId, g);
      if (member || (await this.gateways.byId(g))) requireRole(member, g, 'operator', 'run rollouts');
    }
    const conflict = (why: string) => new ApiError('ROLLOUT_STATE_CONFLICT', `Cannot ${action}: ${why}`);
    const by = `by ${user.login}`;
    if (action === 'pause') {
      if (!(await this.store.update(id, { state: 'PAUSED', reason: `Paused ${by}` }, 'RUNNING')))
        throw conflict(`the rollout is ${row.state}`);
      this.alerts.paused(row, `Paused ${by}`);
    } else if (action === 'resume') {
      // The failures of the current wave so far are accepted: they no longer count against its limit.
      const parts = await this.store.parts(id);
      const failed = parts
        .flatMap((p) => p.devices)
        .filter((d) => d.wave === row.currentWave && isRolloutFailure(d.state)).length;
      const accepted = { ...row.accepted, [String(row.currentWave)]: failed };
      if (!(await this.store.update(id, { state: 'RUNNING', reason: undefined, accepted }, 'PAUSED')))
        throw conflict(`the rollout is ${row.state}`);
    } else if (action === 'cancel') {
      if (row.state !== 'RUNNING' && row.state !== 'PAUSED') throw conflict(`the rollout is ${row.state}`);
      const change = {
        state: 'CANCELLED' as const,
        reason: `Cancelled ${by}`,
        finishedAt: new Date().toISOString(),
      };
      if (!(await this.store.update(id, change, row.state))) throw conflict('its state changed meanwhile');
      await this.cancelled(id, change.finishedAt);
      this.alerts.ended(row, 'CANCELLED', change.reason);
    } else {
      if (row.state === 'CANCELLED') throw conflict('the rollout is CANCELLED');
      const parts = await this.store.parts(id);
      const failed = parts.filter((p) => p.devices.some((d) => isRolloutFailure(d.state)));
      if (failed.length === 0) throw conflict('no device failed');
      for (const p of failed) await this.store.updatePart(id, p.gatewayId, { retry: true });
      const accepted = {};
      await this.store.update(id, { state: 'RUNNING', reason: undefined, accepted, finishedAt: undefined });
    }
    this.poke();
    return (await this.store.get(id)) ?? row;
  }
}
