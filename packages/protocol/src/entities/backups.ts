import { z } from 'zod';
import { DeviceInfoSchema } from '../device/index';
import { DateTime, DeviceAddress, Id } from './common';

// Scheduled fleet backups (issue 18): versions of each device's settings dump, kept on the gateway and, in
// cloud mode, copied to the cloud. A backup is a settings dump record with its source.

/** Where a stored dump came from: exported by hand, by the schedule, from an uploaded zip, or pulled from the cloud. */
export const BackupSource = z.enum(['manual', 'schedule', 'upload', 'cloud']);
export type BackupSource = z.infer<typeof BackupSource>;

export const BACKUP_LIMITS = {
  everyMinSeconds: 60,
  everyMaxSeconds: 30 * 86_400,
  keepMin: 1,
  keepMax: 1000,
  /** longest dump text a backup may carry (the settings area is 1 KiB; escapes at most double it) */
  dumpMaxChars: 4096,
  /** versions the cloud keeps per device of a gateway (newest first; older ones are deleted) */
  cloudKeepPerDevice: 100,
  /** an uploaded archive is refused above this size */
  archiveMaxBytes: 8 * 1024 * 1024,
  /** and above this many files */
  archiveMaxEntries: 5000,
} as const;

/** `GET/PUT /api/backups/schedule`. Defaults: daily, keep 30 versions per device. */
export const BackupSchedule = z.object({
  enabled: z.boolean(),
  every: z.number().int().min(BACKUP_LIMITS.everyMinSeconds).max(BACKUP_LIMITS.everyMaxSeconds),
  keep: z.number().int().min(BACKUP_LIMITS.keepMin).max(BACKUP_LIMITS.keepMax),
});
export type BackupSchedule = z.infer<typeof BackupSchedule>;

export const DEFAULT_BACKUP_SCHEDULE: BackupSchedule = { enabled: true, every: 86_400, keep: 30 };

export const BackupFailure = z.object({ ip: z.string(), error: z.string() });
export type BackupFailure = z.infer<typeof BackupFailure>;

/** `POST /api/backups/run`: what one run did. */
export const BackupRunResult = z.object({
  backedUp: z.number().int().nonnegative(),
  unchanged: z.number().int().nonnegative(),
  failed: z.array(BackupFailure),
});
export type BackupRunResult = z.infer<typeof BackupRunResult>;

/** One device that has backups, with its newest one (`lastBackupAt` feeds the fleet overview). */
export const BackupDevice = z.object({
  ip: z.string(),
  device: DeviceInfoSchema,
  lastBackupAt: DateTime,
  lastBackupId: Id,
  versions: z.number().int().positive(),
  /** a run could not reach it; it is backed up when found again */
  pending: z.boolean(),
});
export type BackupDevice = z.infer<typeof BackupDevice>;

/** `GET /api/backups`: the schedule, the last run and every device with backups. */
export const BackupOverview = z.object({
  schedule: BackupSchedule,
  lastRun: BackupRunResult.extend({ at: DateTime }).nullable(),
  nextRunAt: DateTime.nullable(),
  devices: z.array(BackupDevice),
});
export type BackupOverview = z.infer<typeof BackupOverview>;

/** `?ip=` of the version list. */
export const BackupVersionsQuery = z.object({ ip: DeviceAddress });

/** `POST /api/backups/restore`: import backup `id` into the device at `ip` (same type). */
export const BackupRestoreRequest = z.object({ id: Id, ip: DeviceAddress });
export type BackupRestoreRequest = z.infer<typeof BackupRestoreRequest>;

export const BackupRestoreResult = z.object({ ok: z.literal(true), ip: z.string(), id: Id });

/** `POST /api/backups/archive`: what an uploaded zip brought. */
export const BackupArchiveImport = z.object({
  imported: z.number().int().nonnegative(),
  skipped: z.number().int().nonnegative(),
});
export type BackupArchiveImport = z.infer<typeof BackupArchiveImport>;

/** `POST /api/backups/cloud/pull`: copies fetched from the cloud and how many were new here. */
export const BackupCloudPull = z.object({
  fetched: z.number().int().nonnegative(),
  imported: z.number().int().nonnegative(),
});

/** One backup as it travels: gateway -> cloud over the link, cloud -> owner or gateway, in an archive. */
export const BackupCopy = z.object({
  id: Id,
  ip: z.string(),
  device: DeviceInfoSchema,
  source: BackupSource,
  creationDateTime: DateTime,
  dump: z.string().max(BACKUP_LIMITS.dumpMaxChars),
});
export type BackupCopy = z.infer<typeof BackupCopy>;
