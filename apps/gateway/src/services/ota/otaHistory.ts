import { DeviceInfoSchema, Firmware, OtaTask, OtaUploadStatus, OtaVerdict } from '@st/protocol';
import { z } from 'zod';
import type { Db } from '../../db/database';

const Row = z.object({
  id: z.string(),
  device: z.string(),
  firmware: z.string(),
  status: OtaUploadStatus,
  progress: z.number(),
  error: z.string().nullable(),
  verdict: z.string().nullable(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
});

function fromRow(raw: unknown): OtaTask {
  const row = Row.parse(raw);
  return OtaTask.parse({
    taskId: row.id,
    device: DeviceInfoSchema.parse(JSON.parse(row.device)),
    firmware: Firmware.parse(JSON.parse(row.firmware)),
    status: row.status,
    progress: row.progress,
    ...(row.error === null ? {} : { error: row.error }),
    ...(row.verdict === null ? {} : { verdict: OtaVerdict.parse(JSON.parse(row.verdict)) }),
    startedAt: row.started_at,
    ...(row.finished_at === null ? {} : { finishedAt: row.finished_at }),
  });
}

/** Upload jobs and their outcome, kept in SQLite (written when a job is created and when it ends). */
export class OtaHistory {
  constructor(private readonly db: Db) {}

  save(t: OtaTask): void {
    this.db
      .prepare(
        `INSERT INTO ota_tasks (id, device_ip, device, firmware, status, progress, error, verdict, started_at,
           finished_at)
         VALUES (@id, @ip, @device, @firmware, @status, @progress, @error, @verdict, @startedAt, @finishedAt)
         ON CONFLICT (id) DO UPDATE SET status = excluded.status, progress = excluded.progress,
           error = excluded.error, verdict = excluded.verdict, finished_at = excluded.finished_at`,
      )
      .run({
        id: t.taskId,
        ip: t.device.ip,
        device: JSON.stringify(t.device),
        firmware: JSON.stringify(t.firmware),
        status: t.status,
        progress: t.progress,
        error: t.error ?? null,
        verdict: t.verdict ? JSON.stringify(t.verdict) : null,
        startedAt: t.startedAt,
        finishedAt: t.finishedAt ?? null,
      });
  }

  /** Finished jobs, newest first. */
  finished(limit: number): OtaTask[] {
    return this.db
      .prepare('SELECT * FROM ota_tasks WHERE finished_at IS NOT NULL ORDER BY finished_at DESC LIMIT ?')
      .all(limit)
      .map(fromRow);
  }

  /** Jobs a previous run left unfinished (the gateway stopped or crashed): they end as ABORTED. */
  closeInterrupted(now: string, reason: string): number {
    return this.db
      .prepare(
        "UPDATE ota_tasks SET status = 'ABORTED', error = ?, finished_at = ? WHERE finished_at IS NULL",
      )
      .run(reason, now).changes;
  }
}
