import { randomUUID } from 'node:crypto';
import {
  ApiError,
  BackupCopy,
  type BackupOverview,
  type BackupRunResult,
  type BackupSchedule,
  type DeviceInfo,
  parseSettingsDump,
} from '@st/protocol';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { CommandRunner } from '../devices/commandRunner';
import type { DeviceResolver } from '../devices/resolver';
import { runPool } from './pool';
import type { BackupStore } from './store';

export interface BackupsDeps {
  readonly store: BackupStore;
  readonly commands: CommandRunner;
  readonly resolver: DeviceResolver;
  /** every device the gateway knows now: found and saved, one per address */
  readonly devices: () => DeviceInfo[];
  /**
   * sends one version to the cloud and resolves true once the cloud confirmed it stored it; false when there is
   * no link, the link ended first or no confirmation came (it is sent again on the next connect or run)
   */
  readonly push: (copy: BackupCopy) => Promise<boolean>;
  readonly logger: Logger;
  /** device calls in flight during a run */
  readonly concurrency?: number;
  /** devices restored at once by restoreMany */
  readonly restoreConcurrency?: number;
  /** with no run yet, the first scheduled one comes this long after the gateway starts */
  readonly firstRunDelayMs?: number;
}

/** With no run yet, the first scheduled run comes this long after start: the devices have been found by then. */
export const FIRST_RUN_DELAY_MS = 60_000;
/** Devices restored at once: each import freezes its device ~5 s, so a fleet restores in parallel. */
export const RESTORE_CONCURRENCY = 8;

/** How long the gateway waits for the cloud to confirm one backup copy. */
export const BACKUP_CONFIRM_MS = 30_000;

/** Copies awaiting the cloud's confirmation at once. */
const CONFIRM_WINDOW = 8;

/** The longest delay a Node timer takes; longer waits re-arm. */
const MAX_TIMER_MS = 2_147_483_647;

type Outcome = 'backedUp' | 'unchanged';

/**
 * Scheduled fleet backups: on an interval, exports the settings of every found and saved device and stores
 * a new version only when the dump changed, keeping the newest `keep` per device (manual exports are kept).
 * A device that cannot be reached is remembered and backed up when discovery finds it again. Each new
 * version is pushed to the cloud when linked (and the backlog on the next connect).
 */
export class Backups {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<BackupRunResult> | undefined;
  private readonly retrying = new Set<string>();
  private started = false;
  private readonly startedAt = Date.now();
  private flushing: Promise<number> | undefined;
  private flushAgain = false;

  constructor(private readonly deps: BackupsDeps) {}

  start(): void {
    this.started = true;
    this.arm();
  }

  stop(): void {
    this.started = false;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  schedule(): BackupSchedule {
    return this.deps.store.schedule();
  }

  setSchedule(schedule: BackupSchedule): BackupSchedule {
    this.deps.store.setSchedule(schedule);
    this.arm();
    return schedule;
  }

  overview(): BackupOverview {
    const { store } = this.deps;
    const pending = store.pending();
    const lastRun = store.lastRun() ?? null;
    const due = this.dueAt();
    return {
      schedule: store.schedule(),
      lastRun,
      nextRunAt: due === undefined ? null : new Date(due).toISOString(),
      devices: store.latestAll().map(({ copy, versions }) => ({
        ip: copy.ip,
        device: copy.device,
        lastBackupAt: copy.creationDateTime,
        lastBackupId: copy.id,
        versions,
        pending: pending.has(copy.ip),
      })),
    };
  }

  /**
   * Backs up every known device now; a run already going is joined, not doubled. New versions are labelled
   * with what started the run: the schedule, or a user (`run`).
   */
  run(source: 'run' | 'schedule' = 'run'): Promise<BackupRunResult> {
    if (!this.running) {
      this.running = this.runAll(source).finally(() => {
        this.running = undefined;
        this.arm();
      });
    }
    return this.running;
  }

  /** Discovery found a device: if a run missed it, back it up now. */
  onFound(device: DeviceInfo): void {
    const { store, logger } = this.deps;
    if (!this.started || this.retrying.has(device.ip) || !store.isPending(device.ip)) return;
    this.retrying.add(device.ip);
    this.backupOne(device, 'schedule')
      .then((outcome) => {
        store.clearPending(device.ip);
        logger.info({ ip: device.ip, outcome }, 'missed device backed up when found again');
      })
      .catch((err: unknown) => {
        store.setPending(device.ip, message(err));
        logger.warn({ ip: device.ip, err: message(err) }, 'backup of a found device failed');
      })
      .finally(() => this.retrying.delete(device.ip));
  }

  /** Imports version `id` into the device at `ip`, which must be of the same type. */
  async restore(id: string, ip: string): Promise<void> {
    const copy = this.deps.store.byId(id);
    if (!copy) throw new ApiError('DUMP_NOT_FOUND', `Device settings with id=${id} not found`);
    const target = this.deps.resolver.resolve(ip);
    if (target.type !== copy.device.type) {
      throw new ApiError(
        'BACKUP_TYPE_MISMATCH',
        `The backup is of a ${copy.device.type} device; ${target.name} is a ${target.type}`,
      );
    }
    const answer = await this.deps.commands.run(target.ip, 'importSettings', { settings: copy.dump });
    if (answer.status >= 400) {
      throw new ApiError(
        'DEVICE_BAD_ANSWER',
        `${target.name} refused the settings: ${deviceError(answer.body)}`,
      );
    }
  }

  /** Restores each item into its device, `restoreConcurrency` devices at once; one outcome per item, in order. */
  async restoreMany(
    items: ReadonlyArray<{ id: string; ip: string }>,
  ): Promise<Array<{ id: string; ip: string; ok: boolean; code?: string; error?: string }>> {
    const results: Array<{ id: string; ip: string; ok: boolean; code?: string; error?: string }> = items.map(
      (i) => ({ id: i.id, ip: i.ip, ok: false }),
    );
    const indexed = items.map((item, index) => ({ item, index }));
    await runPool(indexed, this.deps.restoreConcurrency ?? RESTORE_CONCURRENCY, async ({ item, index }) => {
      try {
        await this.restore(item.id, item.ip);
        results[index] = { id: item.id, ip: item.ip, ok: true };
      } catch (err) {
        results[index] = {
          id: item.id,
          ip: item.ip,
          ok: false,
          code: err instanceof ApiError ? err.code : 'INTERNAL',
          error: message(err),
        };
      }
    });
    this.deps.logger.info(
      { restored: results.filter((r) => r.ok).length, failed: results.filter((r) => !r.ok).length },
      'backups restored',
    );
    return results;
  }

  /**
   * Sends the versions the cloud has not confirmed yet (after a connect, after a run, after a manual export), in
   * the background. A version is marked sent only once the cloud confirmed it stored it, so one lost with the
   * cloud (a crash before it was stored) is sent again after the next connect. One flush at a time; a call during
   * one runs another after it.
   */
  flushCloud(): void {
    if (this.flushing) {
      this.flushAgain = true;
      return;
    }
    this.flushing = this.sendUnconfirmed();
    this.flushing
      .catch((err: unknown) =>
        this.deps.logger.warn({ err: message(err) }, 'sending backups to the cloud failed'),
      )
      .finally(() => {
        this.flushing = undefined;
        if (this.flushAgain) {
          this.flushAgain = false;
          this.flushCloud();
        }
      });
  }

  /** The flush under way (how many versions it had confirmed), or 0 when none runs. */
  async cloudFlushed(): Promise<number> {
    let sent = 0;
    while (this.flushing) sent += await this.flushing.catch(() => 0);
    return sent;
  }

  private async sendUnconfirmed(): Promise<number> {
    const { store, push } = this.deps;
    let sent = 0;
    for (;;) {
      const batch = store.unpushed(100);
      for (let at = 0; at < batch.length; at += CONFIRM_WINDOW) {
        const window = batch.slice(at, at + CONFIRM_WINDOW);
        const confirmed = await Promise.all(window.map((copy) => push(copy)));
        window.forEach((copy, i) => {
          if (confirmed[i]) store.markPushed(copy.id);
        });
        sent += confirmed.filter(Boolean).length;
        // no link, or the cloud did not confirm: the rest waits for the next connect or run
        if (!confirmed.every(Boolean)) return sent;
      }
      if (batch.length < 100) return sent;
    }
  }

  private async runAll(source: 'run' | 'schedule'): Promise<BackupRunResult> {
    const { store, logger } = this.deps;
    const result: BackupRunResult = { backedUp: 0, unchanged: 0, failed: [] };
    await runPool(this.deps.devices(), this.deps.concurrency ?? 8, async (device) => {
      try {
        const outcome = await this.backupOne(device, source);
        result[outcome] += 1;
        store.clearPending(device.ip);
      } catch (err) {
        const error = message(err);
        result.failed.push({ ip: device.ip, error });
        store.setPending(device.ip, error);
      }
    });
    result.failed.sort((a, b) => a.ip.localeCompare(b.ip));
    store.setLastRun({ ...result, at: new Date().toISOString() });
    logger.info(
      { backedUp: result.backedUp, unchanged: result.unchanged, failed: result.failed.length },
      `backup run (${source})`,
    );
    this.flushCloud();
    return result;
  }

  private async backupOne(device: DeviceInfo, source: 'run' | 'schedule'): Promise<Outcome> {
    const { store, commands } = this.deps;
    const answer = await commands.run(device.ip, 'exportSettings', {});
    const text = answer.body.toString('utf8').trim();
    if (answer.status !== 200)
      throw new Error(`the device answered ${answer.status}: ${deviceError(answer.body)}`);
    const parsed = parseSettingsDump(text);
    if (!parsed.ok) throw new Error(`the device exported a dump that is not valid: ${parsed.error}`);
    if (store.latest(device.ip)?.dump === text) return 'unchanged';
    // A device reporting more than the device limits (name, type, board, address) is not kept: the cloud
    // does not keep such a copy and an archive upload refuses it.
    const fits = BackupCopy.safeParse({
      id: randomUUID(),
      ip: device.ip,
      device,
      source,
      creationDateTime: new Date().toISOString(),
      dump: text,
    });
    if (!fits.success)
      throw new Error(`the device's info is outside the device limits: ${firstIssue(fits.error)}`);
    const copy = fits.data;
    store.insert(copy, false);
    store.prune(device.ip, store.schedule().keep);
    this.flushCloud();
    return 'backedUp';
  }

  /**
   * When the next scheduled run is due (undefined when the schedule is off): an interval after the last run,
   * or, when there has been none, soon after the gateway started (not a whole interval later).
   */
  private dueAt(): number | undefined {
    const schedule = this.deps.store.schedule();
    if (!schedule.enabled) return undefined;
    const last = this.deps.store.lastRun();
    if (!last)
      return (
        this.startedAt + Math.min(this.deps.firstRunDelayMs ?? FIRST_RUN_DELAY_MS, schedule.every * 1000)
      );
    return Date.parse(last.at) + schedule.every * 1000;
  }

  private arm(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const due = this.dueAt();
    if (!this.started || due === undefined) return;
    const delay = Math.min(Math.max(0, due - Date.now()), MAX_TIMER_MS);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if ((this.dueAt() ?? Number.POSITIVE_INFINITY) > Date.now()) return this.arm();
      this.run('schedule').catch((err: unknown) =>
        this.deps.logger.error({ err }, 'scheduled backup failed'),
      );
    }, delay);
    this.timer.unref();
  }
}

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue ? `${issue.path.join('.')}: ${issue.message}` : 'invalid';
}

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

function deviceError(body: Buffer): string {
  const text = body.toString('utf8');
  try {
    const json: unknown = JSON.parse(text);
    if (typeof json === 'object' && json !== null && 'error' in json && typeof json.error === 'string')
      return json.error;
  } catch {
    // not JSON: the text itself
  }
  return text.slice(0, 200) || 'no reason given';
}
