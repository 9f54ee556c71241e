import {
  ApiError,
  type DeviceInfo,
  isOtaStatusFinal,
  isRolloutDeviceOver,
  isRolloutFailure,
  type OtaProgressMessage,
  type OtaVerdict,
  otaVerdictText,
  type Rollout,
  type RolloutDeviceState,
  type RolloutSummary,
} from '@st/protocol';
import type { Logger } from 'pino';
import type { VersionProbe } from '../ota/otaJob';
import type { Clock } from './clock';
import { failureLimit, inWindow, skipReason } from './plan';
import type { StoredDevice, StoredRollout } from './rolloutStore';

/** What one running rollout needs from the gateway. */
export interface RunDeps {
  /** starts an OTA job; answers its task id (throws ApiError when it cannot start) */
  upload(firmwareId: string, ip: string, versionCheckMs: number): string;
  abortUpload(taskId: string): void;
  /** the device as heard on the network now; undefined while it is away */
  online(ip: string): DeviceInfo | undefined;
  readonly probe: VersionProbe;
  /** the gateway's crash-loop detection (alert rules) has an open crash loop for this device */
  crashLooping(ip: string): boolean;
  /** told each time an upload starts, so its outcome finds this run */
  uploadStarted(taskId: string, run: RolloutRun, ip: string): void;
  /** the rollout paused itself, or ended */
  alert(kind: 'rollout-paused' | 'rollout-finished', rollout: StoredRollout, text: string): void;
  /** a probe's answer changed the run (the service writes and publishes it) */
  afterChange(run: RolloutRun): void;
  readonly clock: Clock;
  /** how often a soaking device is asked for its version and uptime */
  readonly probeMs: number;
  readonly logger: Logger;
}

interface Soak {
  lastUptime: number | undefined;
  /** clock ms of its last answer */
  lastAnswer: number;
  lastProbe: number;
  reboots: number;
  probing: boolean;
}

const FAILURE_TEXT: Partial<Record<RolloutDeviceState, string>> = {
  UPLOAD_FAILED: 'upload failed',
  ROLLED_BACK: 'came back on its old version',
  NOT_BACK: 'did not come back',
  CRASH_LOOP: 'crash-looping after the update',
};

/**
 * One rollout's engine: starts the uploads of the current wave (devices that are away wait for their next
 * beacon), turns each upload's outcome into a device verdict, soaks updated devices, pauses at the failure
 * limit, and moves to the next wave once every device of this one passed the health gate. Every change is
 * collected and written (and published) by the service right after the step that made it.
 */
export class RolloutRun {
  readonly changed = new Map<string, StoredDevice>();
  rolloutChanged = false;
  private readonly soaks = new Map<string, Soak>();

  constructor(
    public rollout: StoredRollout,
    readonly devices: Map<string, StoredDevice>,
    private readonly deps: RunDeps,
  ) {}

  get active(): boolean {
    return this.rollout.state === 'RUNNING' || this.rollout.state === 'PAUSED';
  }

  /** After a gateway restart: an upload cut in the middle is tried again (its attempt counts, no failure). */
  resumeAfterRestart(): void {
    for (const d of this.devices.values()) {
      if (d.state !== 'UPLOADING') continue;
      const { taskId: _cut, ...rest } = d;
      this.set({ ...rest, state: 'PENDING', detail: 'the upload was cut by a gateway restart: tried again' });
    }
  }

  /** One step: soaks, expiry, the gate between waves, new uploads, the end. */
  step(): void {
    if (!this.active) return;
    const now = this.deps.clock.now();
    for (const d of this.devices.values()) if (d.state === 'SOAKING') this.checkSoak(d, now);
    if (now >= Date.parse(this.rollout.expiresAt)) {
      for (const d of this.devices.values()) {
        if (d.state === 'PENDING' || d.state === 'WAITING')
          this.set({ ...d, state: 'EXPIRED', detail: 'not found before the rollout’s life ended' });
      }
    }
    if (this.rollout.state === 'RUNNING') {
      while (
        this.rollout.currentWave < this.rollout.sizes.length - 1 &&
        this.gatePassed(this.rollout.currentWave)
      ) {
        this.updateRollout({ currentWave: this.rollout.currentWave + 1 });
      }
      const { window } = this.rollout.settings;
      if (inWindow(window, now)) {
        if (this.rollout.reason?.startsWith('Outside')) this.updateRollout({ reason: undefined });
        this.startUploads();
      } else if (window && !this.rollout.reason?.startsWith('Outside')) {
        this.updateRollout({
          reason: `Outside its window ${window.start}-${window.end} (gateway time): no upload starts`,
        });
      }
    }
    if ([...this.devices.values()].every((d) => isRolloutDeviceOver(d.state))) this.finish();
  }

  /** An OTA job's live message; the final one gives the device its verdict. */
  uploadProgress(taskId: string, message: OtaProgressMessage): void {
    if (!isOtaStatusFinal(message.status)) return;
    const d = [...this.devices.values()].find((x) => x.taskId === taskId);
    if (d?.state !== 'UPLOADING') return;
    const verdict = message.verdict;
    if (message.status === 'FINISHED') {
      if (verdict?.outcome === 'DIFFERS' && verdict.reported === d.fromVersion) {
        this.fail(d, 'ROLLED_BACK', `came back on ${verdict.reported}, the version it had`, verdict);
      } else this.enterSoak(d, verdict);
      return;
    }
    if (verdict?.outcome === 'NOT_BACK') {
      this.fail(d, 'NOT_BACK', message.error ?? otaVerdictText(verdict), verdict);
      return;
    }
    this.fail(d, 'UPLOAD_FAILED', message.error ?? message.status, verdict, message.status);
  }

  pause(reason: string): void {
    if (this.rollout.state !== 'RUNNING') throw conflict(this.rollout, 'pause');
    this.updateRollout({ state: 'PAUSED', reason });
    this.deps.alert('rollout-paused', this.rollout, `Rollout "${this.rollout.name}" paused: ${reason}`);
  }

  /** Goes on; the failures so far no longer count against their waves' limits. */
  resume(): void {
    if (this.rollout.state !== 'PAUSED') throw conflict(this.rollout, 'resume');
    const accepted = this.rollout.sizes.map((_, w) => this.failures(w));
    this.updateRollout({ state: 'RUNNING', reason: undefined, accepted });
  }

  cancel(): void {
    if (!this.active) throw conflict(this.rollout, 'cancel');
    for (const d of this.devices.values()) {
      if (isRolloutDeviceOver(d.state)) continue;
      if (d.state === 'UPLOADING' && d.taskId) {
        try {
          this.deps.abortUpload(d.taskId);
        } catch {
          // the image is already on the device: it finishes the update by itself
        }
      }
      const detail =
        d.state === 'SOAKING' ? 'cancelled during its soak (it runs the new firmware)' : 'cancelled';
      this.set({ ...d, state: 'CANCELLED', detail });
    }
    this.end('CANCELLED', 'Cancelled by the user');
  }

  /** Failed devices go back to PENDING; a finished or paused rollout runs again. */
  retryFailed(): void {
    if (this.rollout.state === 'CANCELLED') throw conflict(this.rollout, 'retry');
    if (this.deps.clock.now() >= Date.parse(this.rollout.expiresAt))
      throw new ApiError('ROLLOUT_STATE_CONFLICT', 'The rollout’s life is over: start a new one');
    const failed = [...this.devices.values()].filter((d) => isRolloutFailure(d.state));
    if (failed.length === 0) throw new ApiError('ROLLOUT_STATE_CONFLICT', 'No failed device to retry');
    for (const d of failed) {
      const { detail: _d, verdict: _v, uploadStatus: _u, taskId: _t, soakSince: _s, ...rest } = d;
      this.set({ ...rest, state: 'PENDING' });
    }
    const { finishedAt: _f, ...rest } = this.rollout;
    this.rollout = rest;
    const accepted = this.rollout.sizes.map((_, w) => this.failures(w));
    this.updateRollout({ state: 'RUNNING', reason: undefined, accepted });
  }

  summary(): RolloutSummary {
    const { sizes: _s, accepted: _a, ...rollout } = this.rollout;
    return { ...rollout, waves: this.waves(), counts: this.counts([...this.devices.values()]) };
  }

  full(): Rollout {
    const { counts: _c, ...summary } = this.summary();
    return { ...summary, devices: [...this.devices.values()].map(publicDevice) };
  }

  private waves(): Rollout['waves'] {
    const { settings, sizes } = this.rollout;
    const all = [...this.devices.values()].filter((d) => d.state !== 'SKIPPED' || d.attempts > 0);
    return sizes.map((size, index) => ({
      index,
      size,
      concurrency: settings.waves[index]?.concurrency ?? settings.concurrency,
      failureLimit: failureLimit(settings, index, size),
      counts: this.counts(all.filter((d) => d.wave === index)),
    }));
  }

  private counts(devices: readonly StoredDevice[]): Partial<Record<RolloutDeviceState, number>> {
    const counts: Partial<Record<RolloutDeviceState, number>> = {};
    for (const d of devices) counts[d.state] = (counts[d.state] ?? 0) + 1;
    return counts;
  }

  private failures(wave: number): number {
    let n = 0;
    for (const d of this.devices.values()) if (d.wave === wave && isRolloutFailure(d.state)) n++;
    return n;
  }

  /** Every device of the wave is over or away, and its failures stay under the limit. */
  private gatePassed(wave: number): boolean {
    for (const d of this.devices.values()) {
      if (d.wave !== wave || d.state === 'SKIPPED') continue;
      if (!isRolloutDeviceOver(d.state) && d.state !== 'WAITING') return false;
    }
    const size = this.rollout.sizes[wave] ?? 0;
    const over = this.failures(wave) - (this.rollout.accepted[wave] ?? 0);
    return over < failureLimit(this.rollout.settings, wave, size);
  }

  private startUploads(): void {
    const { settings, currentWave, firmware } = this.rollout;
    const limit = settings.waves[currentWave]?.concurrency ?? settings.concurrency;
    let running = 0;
    for (const d of this.devices.values()) if (d.state === 'UPLOADING') running++;
    for (const d of this.devices.values()) {
      if (running >= limit) return;
      if (d.wave > currentWave || (d.state !== 'PENDING' && d.state !== 'WAITING')) continue;
      const info = this.deps.online(d.ip);
      if (!info) {
        if (d.state === 'PENDING')
          this.set({ ...d, state: 'WAITING', detail: 'away when its wave came: updated when next found' });
        continue;
      }
      if (info.version !== undefined && info.version === firmware.version && d.attempts > 0) {
        // an upload cut by a restart had reached the device after all: it is not flashed again
        this.enterSoak(d, undefined);
        continue;
      }
      const skip = skipReason(info, firmware);
      if (skip) {
        this.set({ ...d, state: 'SKIPPED', detail: skip });
        continue;
      }
      let taskId: string;
      try {
        taskId = this.deps.upload(firmware.id, d.ip, settings.backWithinMs);
      } catch (err) {
        if (err instanceof ApiError && (err.code === 'OTA_ALREADY_RUNNING' || err.code === 'SHUTTING_DOWN'))
          continue;
        this.fail(d, 'UPLOAD_FAILED', err instanceof Error ? err.message : String(err));
        continue;
      }
      const { detail: _detail, ...rest } = d;
      this.set({ ...rest, state: 'UPLOADING', taskId, attempts: d.attempts + 1 });
      this.deps.uploadStarted(taskId, this, d.ip);
      running++;
    }
  }

  private enterSoak(d: StoredDevice, verdict: OtaVerdict | undefined): void {
    const detail =
      verdict && verdict.outcome !== 'MATCHES' ? otaVerdictText(verdict) : (d.detail ?? undefined);
    const base: StoredDevice = {
      ...d,
      ...(verdict ? { verdict } : {}),
      ...(detail ? { detail } : {}),
    };
    if (this.rollout.settings.soakMs === 0) {
      this.set({ ...base, state: 'UPDATED' });
      return;
    }
    this.soaks.delete(d.ip);
    this.set({ ...base, state: 'SOAKING', soakSince: this.deps.clock.now() });
  }

  private checkSoak(d: StoredDevice, now: number): void {
    if (this.deps.crashLooping(d.ip)) {
      this.fail(d, 'CRASH_LOOP', 'crash loop after the update (the gateway’s crash-loop detection)');
      return;
    }
    let soak = this.soaks.get(d.ip);
    if (!soak) {
      soak = { lastUptime: undefined, lastAnswer: now, lastProbe: 0, reboots: 0, probing: false };
      this.soaks.set(d.ip, soak);
    }
    const since = d.soakSince ?? now;
    const due = now - soak.lastProbe >= this.deps.probeMs || now >= since + this.rollout.settings.soakMs;
    if (soak.probing || !due) return;
    soak.probing = true;
    soak.lastProbe = now;
    const s = soak;
    this.deps
      .probe(d.ip)
      .catch(() => undefined)
      .then((vitals) => {
        s.probing = false;
        const current = this.devices.get(d.ip);
        if (current?.state !== 'SOAKING' || this.soaks.get(d.ip) !== s) return;
        this.soaked(current, s, vitals);
        this.step();
        this.deps.afterChange(this);
      })
      .catch((err: unknown) => this.deps.logger.error({ err }, 'rollout soak check failed'));
  }

  private soaked(
    d: StoredDevice,
    s: Soak,
    vitals: { version: string | undefined; uptimeMs: number | undefined } | undefined,
  ): void {
    const at = this.deps.clock.now();
    const { backWithinMs, soakMs } = this.rollout.settings;
    if (vitals === undefined) {
      if (at - s.lastAnswer > backWithinMs)
        this.fail(
          d,
          'NOT_BACK',
          `stopped answering during its soak for ${Math.round(backWithinMs / 1000)} s`,
        );
      return;
    }
    const label = this.rollout.firmware.version;
    if (vitals.version !== label && vitals.version !== undefined && vitals.version === d.fromVersion) {
      this.fail(d, 'ROLLED_BACK', `came back on ${vitals.version}, the version it had`);
      return;
    }
    let since = d.soakSince ?? at;
    if (s.lastUptime !== undefined && vitals.uptimeMs !== undefined && vitals.uptimeMs < s.lastUptime) {
      s.reboots++;
      if (s.reboots >= 2) {
        this.fail(d, 'CRASH_LOOP', `rebooted ${s.reboots} times during its soak`);
        return;
      }
      since = at;
      this.set({ ...d, soakSince: since, detail: 'rebooted during its soak: the soak starts over' });
    }
    s.lastUptime = vitals.uptimeMs;
    s.lastAnswer = at;
    const now = this.devices.get(d.ip) ?? d;
    if (at >= since + soakMs) {
      const { soakSince: _s, ...rest } = now;
      this.set({ ...rest, state: 'UPDATED' });
      this.soaks.delete(d.ip);
    }
  }

  private fail(
    d: StoredDevice,
    state: RolloutDeviceState,
    detail: string,
    verdict?: OtaVerdict,
    uploadStatus?: StoredDevice['uploadStatus'],
  ): void {
    const { soakSince: _s, ...rest } = d;
    this.set({
      ...rest,
      state,
      detail,
      ...(verdict ? { verdict } : {}),
      ...(uploadStatus ? { uploadStatus } : {}),
    });
    this.soaks.delete(d.ip);
    const wave = d.wave;
    const size = this.rollout.sizes[wave] ?? 0;
    const limit = failureLimit(this.rollout.settings, wave, size);
    const failed = this.failures(wave);
    if (this.rollout.state === 'RUNNING' && failed - (this.rollout.accepted[wave] ?? 0) >= limit) {
      this.pause(
        `${failed} of ${size} device${size === 1 ? '' : 's'} failed in wave ${wave + 1} (limit ${limit}); ` +
          `last: ${d.name || d.ip} (${d.ip}) ${FAILURE_TEXT[state] ?? state}: ${detail}`,
      );
    }
  }

  private finish(): void {
    const counts = this.counts([...this.devices.values()]);
    const failed = [...this.devices.values()].filter((d) => isRolloutFailure(d.state)).length;
    const parts = [
      `${counts.UPDATED ?? 0} updated`,
      ...(failed ? [`${failed} failed`] : []),
      ...(counts.SKIPPED ? [`${counts.SKIPPED} skipped`] : []),
      ...(counts.EXPIRED ? [`${counts.EXPIRED} not found in time`] : []),
    ];
    this.end('FINISHED', parts.join(', '));
  }

  private end(state: 'FINISHED' | 'CANCELLED', reason: string): void {
    this.updateRollout({ state, reason, finishedAt: new Date(this.deps.clock.now()).toISOString() });
    this.deps.alert(
      'rollout-finished',
      this.rollout,
      `Rollout "${this.rollout.name}" ${state === 'FINISHED' ? 'finished' : 'cancelled'}: ${reason}`,
    );
  }

  private set(d: StoredDevice): void {
    const next = { ...d, updatedAt: new Date(this.deps.clock.now()).toISOString() };
    this.devices.set(d.ip, next);
    this.changed.set(d.ip, next);
  }

  private updateRollout(change: Partial<StoredRollout>): void {
    const next: StoredRollout = {
      ...this.rollout,
      ...change,
      updatedAt: new Date(this.deps.clock.now()).toISOString(),
    };
    if ('reason' in change && change.reason === undefined) delete next.reason;
    this.rollout = next;
    this.rolloutChanged = true;
  }
}

function conflict(rollout: StoredRollout, action: string): ApiError {
  return new ApiError(
    'ROLLOUT_STATE_CONFLICT',
    `Cannot ${action} a rollout that is ${rollout.state.toLowerCase()}`,
  );
}

/** A device as the API answers it (without the soak's bookkeeping). */
export function publicDevice(d: StoredDevice) {
  const { soakSince: _s, ...rest } = d;
  return rest;
}
