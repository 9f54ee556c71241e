import { randomUUID } from 'node:crypto';
import {
  ApiError,
  canAbortOta,
  type DeviceInfo,
  type OtaBatchResult,
  type OtaProgressMessage,
  type OtaTarget,
  type OtaTask,
  type OtaUploadStatus,
} from '@st/protocol';
import type { Logger } from 'pino';
import type { FirmwareLibrary } from './firmwareLibrary';
import type { OtaHistory } from './otaHistory';
import { type JobDeps, type JobOutcome, runOtaJob } from './otaJob';

export interface OtaServiceDeps extends JobDeps {
  readonly library: FirmwareLibrary;
  readonly history: OtaHistory;
  /** the device a target names, among found and saved devices */
  readonly findDevice: (ip: string) => DeviceInfo | undefined;
  /** live progress of a task (`/ota/{taskId}`) */
  readonly publish: (taskId: string, message: OtaProgressMessage) => void;
  readonly logger: Logger;
  /** jobs running at once; more wait in the queue (status STARTED) */
  readonly concurrency: number;
}

interface Job {
  task: OtaTask;
  readonly controller: AbortController;
  /** this job's own wait for the device to come back (a rollout's setting), else the gateway's */
  readonly versionCheckMs?: number | undefined;
  done?: Promise<void>;
}

/**
 * Server-side OTA jobs: a queue with a concurrency limit, one job per device at a time, live progress, abort
 * at any point before the image is confirmed, and every outcome kept in the history.
 */
export class OtaService {
  private readonly jobs = new Map<string, Job>();
  private readonly queue: Job[] = [];
  private running = 0;
  private stopped = false;

  constructor(private readonly deps: OtaServiceDeps) {}

  start(): void {
    const closed = this.deps.history.closeInterrupted(
      new Date().toISOString(),
      'The gateway stopped during this upload',
    );
    if (closed > 0)
      this.deps.logger.warn({ closed }, 'uploads interrupted by the last shutdown marked ABORTED');
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const job of this.queue.splice(0))
      this.finish(job, { status: 'ABORTED', error: 'The gateway stopped' });
    const running = [...this.jobs.values()];
    for (const job of running) job.controller.abort('The gateway stopped during this upload');
    await Promise.all(running.map((j) => j.done));
  }

  upload(firmwareId: string, target: OtaTarget, options: { versionCheckMs?: number } = {}): OtaTask {
    const { firmware } = this.deps.library.get(firmwareId);
    const device = this.deps.findDevice(target.ip);
    if (!device) throw new ApiError('UNKNOWN_DEVICE', `Can't find device ${target.ip}`);
    for (const job of this.jobs.values()) {
      if (job.task.device.ip === device.ip) {
        throw new ApiError(
          'OTA_ALREADY_RUNNING',
          `There is already upload task running for ${device.name} (${device.ip})`,
        );
      }
    }
    if (firmware.board !== device.board) {
      throw new ApiError(
        'FIRMWARE_BOARD_MISMATCH',
        `Firmware and target device board type are different! Expected ${firmware.board}, got ${device.board} (${device.name})`,
      );
    }
    if (firmware.type !== device.type && target.allowTypeMismatch !== true) {
      throw new ApiError(
        'FIRMWARE_TYPE_MISMATCH',
        `The firmware is built for ${firmware.type} devices; ${device.name} (${device.ip}) is a ${device.type}. Confirm the override to flash it anyway`,
      );
    }
    if (this.stopped) throw new ApiError('SHUTTING_DOWN');
    const task: OtaTask = {
      taskId: randomUUID(),
      device,
      firmware,
      status: 'STARTED',
      progress: 0,
      startedAt: new Date().toISOString(),
    };
    const job: Job = { task, controller: new AbortController(), versionCheckMs: options.versionCheckMs };
    this.jobs.set(task.taskId, job);
    this.deps.history.save(task);
    this.queue.push(job);
    // The caller gets the task as created (STARTED) before any work begins.
    setImmediate(() => this.pump());
    return { ...task };
  }

  /** Starts one job per target; a target that cannot start is left out of the answer (and logged). */
  batch(firmwareId: string, targets: readonly OtaTarget[]): OtaBatchResult {
    this.deps.library.get(firmwareId);
    const result: OtaBatchResult = {};
    for (const target of targets) {
      try {
        result[target.ip] = this.upload(firmwareId, target).taskId;
      } catch (err) {
        this.deps.logger.info({ device: target.ip, err: String(err) }, 'batch upload target refused');
      }
    }
    return result;
  }

  active(): OtaTask[] {
    return [...this.jobs.values()].map((j) => ({ ...j.task }));
  }

  history(limit: number): OtaTask[] {
    return this.deps.history.finished(limit);
  }

  abort(taskId: string): void {
    const job = this.jobs.get(taskId);
    if (!job) throw new ApiError('OTA_TASK_NOT_FOUND', `Upload task ${taskId} not found or already over`);
    if (!canAbortOta(job.task.status)) throw new ApiError('OTA_NOT_ABORTABLE');
    const queued = this.queue.indexOf(job);
    if (queued >= 0) {
      this.queue.splice(queued, 1);
      this.finish(job, { status: 'ABORTED', error: 'Aborted by the user before it started' });
      return;
    }
    job.controller.abort('Aborted by the user');
  }

  private pump(): void {
    while (this.running < this.deps.concurrency && !this.stopped) {
      const job = this.queue.shift();
      if (!job) return;
      this.running++;
      job.done = this.run(job).finally(() => {
        this.running--;
        this.pump();
      });
    }
  }

  private async run(job: Job): Promise<void> {
    const report = {
      status: (status: OtaUploadStatus, progress?: number) => this.update(job, status, progress),
      progress: (percent: number) => this.update(job, job.task.status, percent),
    };
    let outcome: JobOutcome;
    try {
      const deps =
        job.versionCheckMs === undefined
          ? this.deps
          : { ...this.deps, timeouts: { ...this.deps.timeouts, versionCheckMs: job.versionCheckMs } };
      outcome = await runOtaJob(job.task, deps, report, job.controller.signal);
    } catch (err) {
      this.deps.logger.error({ err, taskId: job.task.taskId }, 'upload job failed unexpectedly');
      outcome = { status: 'FIRMWARE_TRANSFER_FAILED', error: `Unexpected failure: ${String(err)}` };
    }
    this.finish(job, outcome);
  }

  private update(job: Job, status: OtaUploadStatus, progress?: number): void {
    job.task = { ...job.task, status, progress: progress ?? job.task.progress };
    this.deps.publish(job.task.taskId, { status, progress: job.task.progress });
  }

  private finish(job: Job, outcome: JobOutcome): void {
    const { taskId } = job.task;
    job.task = {
      ...job.task,
      status: outcome.status,
      finishedAt: new Date().toISOString(),
      ...('error' in outcome ? { error: outcome.error } : {}),
      ...(outcome.verdict ? { verdict: outcome.verdict } : {}),
    };
    this.jobs.delete(taskId);
    this.deps.history.save(job.task);
    const message: OtaProgressMessage = { status: outcome.status, progress: job.task.progress };
    if ('error' in outcome) message.error = outcome.error;
    if (outcome.verdict) message.verdict = outcome.verdict;
    this.deps.publish(taskId, message);
    this.deps.logger.info(
      { taskId, device: job.task.device.ip, status: outcome.status, verdict: outcome.verdict?.outcome },
      'upload job over',
    );
  }
}
