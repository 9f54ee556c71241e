import { z } from 'zod';
import {
  BOARDS,
  DEVICE_NAME_MAX,
  DEVICE_TYPE_MAX,
  DEVICE_VERSION_MAX,
  DeviceInfoSchema,
} from '../device/index';
import { plainName } from '../text';
import { DateTime, DeviceAddress, Id } from './common';

// Scheduled fleet backups (issue 18): versions of each device's settings dump, kept on the gateway and, in
// cloud mode, copied to the cloud. A backup is a settings dump record with its source.

/**
 * Where a stored dump came from: exported by hand, by the schedule, by a backup run a user started ("Run now";
 * pruned like the schedule's), from an uploaded zip, or pulled from the cloud.
 */
export const BackupSource = z.enum(['manual', 'schedule', 'run', 'upload', 'cloud']);
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
  /** and versions it keeps per gateway in all (200 devices at 100 each); older ones are deleted */
  cloudKeepPerGateway: 20_000,
  /** an uploaded archive is refused above this size */
  archiveMaxBytes: 8 * 1024 * 1024,
  /** and above this many files */
  archiveMaxEntries: 5000,
  /** longest backup id (the gateway makes UUIDs, 36 characters) */
  idMaxChars: 64,
} as const;

const bounded = (max: number) => plainName(z.string().trim().min(1).max(max));

/**
 * A device as a stored settings dump or backup records it, within the device's own limits
 * (device-protocol.md section 1.6): a name of at most 16 characters, a known board, a device address, no
 * control characters. What arrives from outside (an uploaded archive, a copy over the gateway link, a dump
 * posted by the console) is refused beyond them, so no record carries an oversized field.
 */
export const BackupDeviceInfo = z.object({
  version: plainName(z.string().max(DEVICE_VERSION_MAX)).optional(),
  stVersion: bounded(DEVICE_VERSION_MAX),
  name: bounded(DEVICE_NAME_MAX),
  type: bounded(DEVICE_TYPE_MAX),
  ip: DeviceAddress,
  board: z.string().refine((b) => BOARDS.some((known) => known === b), {
    message: `Board must be one of ${BOARDS.join(', ')}`,
  }),
  chip_model: plainName(z.string().max(DEVICE_VERSION_MAX)).optional(),
  chip_revision: z.number().int().optional(),
});
export type BackupDeviceInfo = z.infer<typeof BackupDeviceInfo>;

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

/** Devices one `POST /api/backups/restore-all` call restores (the console sends a fleet in parts of this). */
export const BACKUP_RESTORE_MANY_MAX = 100;

/** `POST /api/backups/restore-all`: versions to import, each into its device, several at once (a limit). */
export const BackupRestoreManyRequest = z.object({
  items: z.array(BackupRestoreRequest).min(1).max(BACKUP_RESTORE_MANY_MAX),
});
export type BackupRestoreManyRequest = z.infer<typeof BackupRestoreManyRequest>;

/** One outcome per item, in the request's order: restored, or the error code and message. */
export const BackupRestoreManyResult = z.object({
  results: z.array(
    z.object({
      ip: z.string(),
      id: Id,
      ok: z.boolean(),
      code: z.string().optional(),
      error: z.string().optional(),
    }),
  ),
});
export type BackupRestoreManyResult = z.infer<typeof BackupRestoreManyResult>;

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
  id: bounded(BACKUP_LIMITS.idMaxChars),
  /** the device's address (`ip` or `ip:port`); the cloud keeps at most cloudKeepPerDevice versions per address */
  ip: DeviceAddress,
  device: BackupDeviceInfo,
  source: BackupSource,
  creationDateTime: DateTime,
  dump: z.string().max(BACKUP_LIMITS.dumpMaxChars),
});
export type BackupCopy = z.infer<typeof BackupCopy>;
