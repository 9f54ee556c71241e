import { randomUUID } from 'node:crypto';
import {
  ApiError,
  type DeviceInfo,
  type Firmware,
  isOtaStatusFinal,
  type OtaProgressMessage,
  type Rollout,
  type RolloutAction,
  type RolloutCreate,
  type RolloutDeviceStates,
  type RolloutPreview,
  type RolloutProgressMessage,
  type RolloutSummary,
  rolloutDeviceEntry,
} from '@st/protocol';
import { candidates, settingsOf, waveSizes } from './plan';
import { publicDevice, RolloutRun, type RunDeps } from './rolloutRun';
import type { RolloutStore, StoredDevice, StoredRollout } from './rolloutStore';

export interface RolloutServiceDeps extends Omit<RunDeps, 'uploadStarted' | 'afterChange'> {
  readonly store: RolloutStore;
  /** a library firmware (throws FIRMWARE_NOT_FOUND) */
  firmware(id: string): Firmware;
  /** every device the gateway knows: heard now, saved, or remembered while away */
  known(): DeviceInfo[];
  hasTag(ip: string, tag: string): boolean;
  publish(message: RolloutProgressMessage): void;
  /** how often every running rollout takes a step */
  readonly tickMs: number;
}

/**
 * Firmware rollouts run by the gateway: created from a target and settings, kept in SQLite at every change,
 * stepped every `tickMs` (and at once on an upload's outcome or a device found), resumed after a restart.
 */
export class RolloutService {
  private readonly runs = new Map<string, RolloutRun>();
  private readonly tasks = new Map<string, RolloutRun>();
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private readonly runDeps: RunDeps;

  constructor(private readonly deps: RolloutServiceDeps) {
    this.runDeps = {
      ...deps,
      uploadStarted: (taskId, run) => this.tasks.set(taskId, run),
      afterChange: (run) => this.flush(run),
    };
  }

  start(): void {
    for (const stored of this.deps.store.byState(['RUNNING', 'PAUSED'])) {
      const devices = new Map(this.deps.store.devices(stored.id).map((d) => [d.ip, d]));
      const run = new RolloutRun(stored, devices, this.runDeps);
      run.resumeAfterRestart();
      this.runs.set(stored.id, run);
      this.flush(run);
      this.deps.logger.info({ rollout: stored.id, state: stored.state }, 'rollout resumed after a restart');
    }
    this.timer = setInterval(() => this.tick(), this.deps.tickMs);
    this.timer.unref();
  }

  /** Stops stepping; uploads under way stay UPLOADING in the database and are tried again at the next start. */
  stop(): void {
    this.stopped = true;
    clearInterval(this.timer);
  }

  /** Something changed (a device found, an upload over): step soon rather than at the next tick. */
  kick(): void {
    if (this.stopped) return;
    setImmediate(() => this.tick());
  }

  /**
   * Only an upload's final message changes a rollout (its verdict, a free upload slot): the percent messages
   * before it (about a hundred an upload) do not step the run, which walks every device of the rollout.
   */
  onOtaProgress(taskId: string, message: OtaProgressMessage): void {
    if (this.stopped || !isOtaStatusFinal(message.status)) return;
    const run = this.tasks.get(taskId);
    if (!run) return;
    this.tasks.delete(taskId);
    run.uploadProgress(taskId, message);
    run.step();
    this.flush(run);
  }

  preview(firmwareId: string, target: RolloutCreate['target']): RolloutPreview {
    const firmware = this.deps.firmware(firmwareId);
    const list = this.targetOf(target, firmware);
    return {
      matched: list.filter((c) => !c.skip).length,
      skipped: list.flatMap((c) =>
        c.skip ? [{ ip: c.device.ip, name: c.device.name, reason: c.skip }] : [],
      ),
    };
  }

  create(input: RolloutCreate): Rollout {
    if (this.stopped) throw new ApiError('SHUTTING_DOWN');
    const firmware = this.deps.firmware(input.firmwareId);
    const list = this.targetOf(input.target, firmware);
    const eligible = list.filter((c) => !c.skip);
    if (eligible.length === 0) {
      const why = list.slice(0, 3).map((c) => `${c.device.name || c.device.ip}: ${c.skip}`);
      throw new ApiError(
        'ROLLOUT_NO_DEVICES',
        list.length === 0
          ? 'The target matches no device'
          : `The target matches no device this firmware can update (${why.join('; ')})`,
      );
    }
    // devices heard now go first: the first wave is the canary, and a canary that is away would hold it
    eligible.sort((a, b) => Number(!this.deps.online(a.device.ip)) - Number(!this.deps.online(b.device.ip)));
    const settings = settingsOf(input);
    const sizes = waveSizes(settings.waves, eligible.length);
    const now = this.deps.clock.now();
    const at = new Date(now).toISOString();
    const rollout: StoredRollout = {
      id: randomUUID(),
      name: input.name || `${firmware.type} ${firmware.version}`,
      firmware: {
        id: firmware.id,
        board: firmware.board,
        type: firmware.type,
        version: firmware.version,
        fileName: firmware.fileName,
      },
      target: input.target,
      settings,
      state: 'RUNNING',
      currentWave: 0,
      createdAt: at,
      updatedAt: at,
      expiresAt: new Date(now + settings.lifetimeMs).toISOString(),
      sizes,
      accepted: sizes.map(() => 0),
    };
    const devices: StoredDevice[] = [];
    let wave = 0;
    let inWave = 0;
    for (const c of eligible) {
      while (inWave >= (sizes[wave] ?? Number.POSITIVE_INFINITY) && wave < sizes.length - 1) {
        wave++;
        inWave = 0;
      }
      devices.push(this.device(c.device, wave, 'PENDING', at));
      inWave++;
    }
    for (const c of list)
      if (c.skip) devices.push({ ...this.device(c.device, 0, 'SKIPPED', at), detail: c.skip });
    this.deps.store.insert(rollout, devices);
    const run = new RolloutRun(rollout, new Map(devices.map((d) => [d.ip, d])), this.runDeps);
    this.runs.set(rollout.id, run);
    this.deps.logger.info({ rollout: rollout.id, devices: eligible.length, waves: sizes }, 'rollout created');
    run.step();
    this.flush(run, true);
    return run.full();
  }

  list(): RolloutSummary[] {
    return this.deps.store.all().map((stored) => (this.runs.get(stored.id) ?? this.load(stored)).summary());
  }

  /** Each device in a running or paused rollout, by address (the newest rollout wins). */
  deviceStates(): RolloutDeviceStates {
    const out: RolloutDeviceStates = {};
    const runs = [...this.runs.values()].filter((r) => r.active);
    runs.sort((a, b) => a.rollout.createdAt.localeCompare(b.rollout.createdAt));
    for (const { rollout, devices } of runs) {
      for (const d of devices.values()) {
        if (d.state === 'SKIPPED' || d.state === 'CANCELLED') continue;
        out[d.ip] = rolloutDeviceEntry(rollout, d);
      }
    }
    return out;
  }

  get(id: string): Rollout {
    return this.find(id).full();
  }

  act(id: string, action: RolloutAction['action']): Rollout {
    const run = this.find(id);
    if (action === 'pause') run.pause('Paused by the user');
    else if (action === 'resume') run.resume();
    else if (action === 'cancel') run.cancel();
    else run.retryFailed();
    if (run.active) this.runs.set(id, run);
    run.step();
    this.flush(run, true);
    return run.full();
  }

  delete(id: string): void {
    const run = this.find(id);
    if (run.active)
      throw new ApiError(
        'ROLLOUT_STATE_CONFLICT',
        'Cancel the rollout first: only an ended rollout is removed',
      );
    this.deps.store.delete(id);
    this.runs.delete(id);
  }

  private tick(): void {
    if (this.stopped) return;
    for (const run of this.runs.values()) {
      try {
        run.step();
      } catch (err) {
        this.deps.logger.error({ err, rollout: run.rollout.id }, 'rollout step failed');
      }
      this.flush(run);
    }
  }

  /** Writes what changed, publishes it on `/rollouts`, and lets go of a rollout that ended. */
  private flush(run: RolloutRun, always = false): void {
    const devices = [...run.changed.values()];
    if (!always && devices.length === 0 && !run.rolloutChanged) return;
    run.changed.clear();
    run.rolloutChanged = false;
    this.deps.store.saveDevices(run.rollout.id, devices);
    this.deps.store.saveRollout(run.rollout);
    if (!run.active) this.runs.delete(run.rollout.id);
    try {
      this.deps.publish({ rollout: run.summary(), devices: devices.map(publicDevice) });
    } catch (err) {
      this.deps.logger.warn({ err }, 'rollout progress not published');
    }
  }

  private find(id: string): RolloutRun {
    const running = this.runs.get(id);
    if (running) return running;
    const stored = this.deps.store.get(id);
    if (!stored) throw new ApiError('ROLLOUT_NOT_FOUND', `Rollout ${id} not found`);
    return this.load(stored);
  }

  private load(stored: StoredRollout): RolloutRun {
    return new RolloutRun(
      stored,
      new Map(this.deps.store.devices(stored.id).map((d) => [d.ip, d])),
      this.runDeps,
    );
  }

  private targetOf(target: RolloutCreate['target'], firmware: Firmware) {
    if (target.kind === 'typeBoard' && (target.type !== firmware.type || target.board !== firmware.board)) {
      throw new ApiError(
        'VALIDATION_FAILED',
        `The firmware is for ${firmware.type} on ${firmware.board}; the target is ${target.type} on ${target.board}`,
      );
    }
    const known = this.deps.known();
    if (target.kind === 'devices') {
      const ips = new Set(known.map((d) => d.ip));
      const unknown = target.ips.filter((ip) => !ips.has(ip));
      if (unknown.length > 0) {
        throw new ApiError(
          'UNKNOWN_DEVICE',
          `Unknown device${unknown.length > 1 ? 's' : ''}: ${unknown.slice(0, 5).join(', ')}`,
        );
      }
    }
    return candidates(target, firmware, known, (ip, tag) => this.deps.hasTag(ip, tag));
  }

  private device(info: DeviceInfo, wave: number, state: 'PENDING' | 'SKIPPED', at: string): StoredDevice {
    return {
      ip: info.ip,
      name: info.name,
      type: info.type,
      board: info.board,
      ...(info.version !== undefined ? { fromVersion: info.version } : {}),
      wave,
      state,
      attempts: 0,
      updatedAt: at,
    };
  }
}
