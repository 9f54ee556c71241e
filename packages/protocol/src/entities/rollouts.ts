import { z } from 'zod';
import { BoardSchema } from '../device/index';
import { plainName } from '../text';
import { DateTime, DeviceAddress, Id } from './common';
import { OtaUploadStatus, OtaVerdict } from './streamed';
import { DeviceTag } from './tags';

// Firmware rollouts run by the gateway (issue 37): a firmware from the library to a target, in waves, with a
// health gate between waves, a failure limit that pauses, and a queue for devices that are away.

export const ROLLOUT_LIMITS = {
  maxWaves: 20,
  maxConcurrency: 50,
  maxTargetDevices: 5000,
  /** soak time bounds, ms (0: no soak) */
  maxSoakMs: 24 * 3_600_000,
  minBackWithinMs: 5_000,
  maxBackWithinMs: 30 * 60_000,
  minLifetimeMs: 60_000,
  maxLifetimeMs: 90 * 24 * 3_600_000,
} as const;

export const ROLLOUT_DEFAULTS = {
  /** 1 device, then 10 %, then the rest */
  waves: [{ count: 1 }, { percent: 10 }, {}] as const,
  concurrency: 5,
  soakMs: 10 * 60_000,
  backWithinMs: 60_000,
  lifetimeMs: 7 * 24 * 3_600_000,
  failureLimit: { firstWave: 1, laterPercent: 10 },
} as const;

/** A target of every device of one type and board (a gateway's rollout and a cloud rollout alike). */
export const TypeBoardTarget = z.object({
  kind: z.literal('typeBoard'),
  type: plainName(z.string().trim().min(1, 'Device type is required').max(64)),
  board: BoardSchema,
});
/** A target of every device carrying a tag. */
export const TagTarget = z.object({ kind: z.literal('tag'), tag: DeviceTag });

/** What a rollout updates: devices picked by address, every device of a type and board, or a tag. */
export const RolloutTarget = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('devices'),
    ips: z
      .array(DeviceAddress)
      .min(1, 'Choose at least one device')
      .max(ROLLOUT_LIMITS.maxTargetDevices, `At most ${ROLLOUT_LIMITS.maxTargetDevices} devices`),
  }),
  TypeBoardTarget,
  TagTarget,
]);
export type RolloutTarget = z.infer<typeof RolloutTarget>;

/**
 * One wave's size: `count` devices, or `percent` of all target devices (rounded up, at least 1), or neither =
 * the rest. The last wave always takes whatever the waves before it left.
 */
export const RolloutWave = z
  .object({
    count: z.number().int().min(1, 'A wave has at least 1 device').optional(),
    percent: z.number().gt(0, 'A wave percent must be above 0').max(100).optional(),
    /** uploads at once in this wave (the rollout's concurrency when absent) */
    concurrency: z.number().int().min(1).max(ROLLOUT_LIMITS.maxConcurrency).optional(),
  })
  .refine((w) => w.count === undefined || w.percent === undefined, {
    message: 'A wave has a count or a percent, not both',
  });
export type RolloutWave = z.infer<typeof RolloutWave>;

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Time must be HH:MM (00:00-23:59)');

/** Uploads start only between `start` and `end`, gateway local time (may span midnight: 22:00-05:00). */
export const RolloutWindow = z
  .object({ start: hhmm, end: hhmm })
  .refine((w) => w.start !== w.end, { message: 'The window must not start and end at the same time' });
export type RolloutWindow = z.infer<typeof RolloutWindow>;

export const RolloutFailureLimit = z.object({
  /** failed devices that pause the rollout in the first wave */
  firstWave: z.number().int().min(1).default(ROLLOUT_DEFAULTS.failureLimit.firstWave),
  /** in later waves: this percent of the wave's devices (rounded up, at least 1) */
  laterPercent: z.number().gt(0).max(100).default(ROLLOUT_DEFAULTS.failureLimit.laterPercent),
});
export type RolloutFailureLimit = z.infer<typeof RolloutFailureLimit>;

/** `POST /api/rollouts`: every field but firmware and target has a default. */
export const RolloutCreate = z.object({
  firmwareId: Id,
  target: RolloutTarget,
  name: plainName(z.string().trim().max(80)).optional(),
  waves: z
    .array(RolloutWave)
    .min(1, 'A rollout has at least one wave')
    .max(ROLLOUT_LIMITS.maxWaves, `At most ${ROLLOUT_LIMITS.maxWaves} waves`)
    .optional(),
  concurrency: z.number().int().min(1).max(ROLLOUT_LIMITS.maxConcurrency).optional(),
  window: RolloutWindow.optional(),
  /** how long each updated device must stay up before the next wave (0: none) */
  soakMs: z.number().int().min(0).max(ROLLOUT_LIMITS.maxSoakMs).optional(),
  /** how long a device may take to answer again after confirming the image */
  backWithinMs: z
    .number()
    .int()
    .min(ROLLOUT_LIMITS.minBackWithinMs)
    .max(ROLLOUT_LIMITS.maxBackWithinMs)
    .optional(),
  /** how long devices that are away stay queued */
  lifetimeMs: z.number().int().min(ROLLOUT_LIMITS.minLifetimeMs).max(ROLLOUT_LIMITS.maxLifetimeMs).optional(),
  failureLimit: RolloutFailureLimit.partial().optional(),
  /**
   * No alert and no console notification of its own when it pauses or ends: a part of a cloud rollout (the
   * cloud sends one for the whole rollout). Absent: false.
   */
  quiet: z.boolean().optional(),
});
export type RolloutCreate = z.infer<typeof RolloutCreate>;

export const RolloutState = z.enum(['RUNNING', 'PAUSED', 'FINISHED', 'CANCELLED']);
export type RolloutState = z.infer<typeof RolloutState>;

/**
 * A device in a rollout. PENDING: its wave has not come; WAITING: away when its wave came, updated when next
 * found; UPLOADING; SOAKING: back on the new version, must stay up the soak time; then UPDATED. Failures:
 * UPLOAD_FAILED (`uploadStatus` says where), ROLLED_BACK (back on the version it had), NOT_BACK, CRASH_LOOP.
 * SKIPPED (`detail` says why), EXPIRED (away for the rollout's whole life), CANCELLED.
 */
export const RolloutDeviceState = z.enum([
  'PENDING',
  'WAITING',
  'UPLOADING',
  'SOAKING',
  'UPDATED',
  'UPLOAD_FAILED',
  'ROLLED_BACK',
  'NOT_BACK',
  'CRASH_LOOP',
  'SKIPPED',
  'EXPIRED',
  'CANCELLED',
]);
export type RolloutDeviceState = z.infer<typeof RolloutDeviceState>;

const FAILED: ReadonlySet<RolloutDeviceState> = new Set([
  'UPLOAD_FAILED',
  'ROLLED_BACK',
  'NOT_BACK',
  'CRASH_LOOP',
]);
const OVER: ReadonlySet<RolloutDeviceState> = new Set([
  ...FAILED,
  'UPDATED',
  'SKIPPED',
  'EXPIRED',
  'CANCELLED',
]);

/** A failure counted against the failure limit (and retried by "retry failed"). */
export const isRolloutFailure = (s: RolloutDeviceState) => FAILED.has(s);
/** Nothing more happens to this device in this rollout (unless retried). */
export const isRolloutDeviceOver = (s: RolloutDeviceState) => OVER.has(s);

export const RolloutDevice = z.object({
  ip: z.string(),
  name: z.string(),
  type: z.string(),
  board: z.string(),
  /** the version it reported when the rollout took it in (absent: none) */
  fromVersion: z.string().optional(),
  wave: z.number().int().min(0),
  state: RolloutDeviceState,
  /** why, for a person: the skip reason, the upload error, what it reports */
  detail: z.string().optional(),
  /** the upload status an UPLOAD_FAILED ended in */
  uploadStatus: OtaUploadStatus.optional(),
  verdict: OtaVerdict.optional(),
  /** upload attempts started (an upload cut by a gateway restart is retried, not counted as a failure) */
  attempts: z.number().int().min(0),
  taskId: z.string().optional(),
  updatedAt: DateTime,
});
export type RolloutDevice = z.infer<typeof RolloutDevice>;

export const RolloutWaveSummary = z.object({
  index: z.number().int().min(0),
  size: z.number().int().min(0),
  concurrency: z.number().int().min(1),
  failureLimit: z.number().int().min(1),
  counts: z.partialRecord(RolloutDeviceState, z.number().int()),
});
export type RolloutWaveSummary = z.infer<typeof RolloutWaveSummary>;

/** Settings as the rollout runs with them (defaults filled in). */
export const RolloutSettings = z.object({
  waves: z.array(RolloutWave),
  concurrency: z.number().int(),
  window: RolloutWindow.optional(),
  soakMs: z.number().int(),
  backWithinMs: z.number().int(),
  lifetimeMs: z.number().int(),
  failureLimit: z.object({ firstWave: z.number().int(), laterPercent: z.number() }),
  /** sends no alert or notification of its own (RolloutCreate.quiet) */
  quiet: z.boolean().optional(),
});
export type RolloutSettings = z.infer<typeof RolloutSettings>;

export const Rollout = z.object({
  id: Id,
  name: z.string(),
  firmware: z.object({
    id: Id,
    board: z.string(),
    type: z.string(),
    version: z.string(),
    fileName: z.string(),
  }),
  target: RolloutTarget,
  settings: RolloutSettings,
  state: RolloutState,
  /** the wave running or gated now (index into `waves`) */
  currentWave: z.number().int().min(0),
  /** why the rollout paused (or why it is not starting: outside its window) */
  reason: z.string().optional(),
  createdAt: DateTime,
  updatedAt: DateTime,
  finishedAt: DateTime.optional(),
  /** queued devices stop waiting at this time */
  expiresAt: DateTime,
  waves: z.array(RolloutWaveSummary),
  devices: z.array(RolloutDevice),
});
export type Rollout = z.infer<typeof Rollout>;

/** `GET /api/rollouts`: every rollout without its device list, newest first. */
export const RolloutSummary = Rollout.omit({ devices: true }).extend({
  counts: z.partialRecord(RolloutDeviceState, z.number().int()),
});
export type RolloutSummary = z.infer<typeof RolloutSummary>;

export const RolloutIdParams = z.object({ id: Id });
export type RolloutIdParams = z.infer<typeof RolloutIdParams>;

/** `POST /api/rollouts/:id/action`. */
export const RolloutAction = z.object({ action: z.enum(['pause', 'resume', 'cancel', 'retryFailed']) });
export type RolloutAction = z.infer<typeof RolloutAction>;

/** `GET /api/rollouts/preview?...`: how many devices a target matches now (the console's live count). */
export const RolloutPreview = z.object({
  matched: z.number().int(),
  skipped: z.array(z.object({ ip: z.string(), name: z.string(), reason: z.string() })),
});
export type RolloutPreview = z.infer<typeof RolloutPreview>;

/**
 * `GET /api/rollouts/devices`: each device in a running or paused rollout -> its state there (the newest
 * rollout when a device is in two). Devices skipped or cancelled in it are left out.
 */
export const RolloutDeviceStates = z.record(
  z.string(),
  z.object({
    rolloutId: Id,
    rollout: z.string(),
    rolloutState: RolloutState,
    state: RolloutDeviceState,
    wave: z.number().int().min(0),
    detail: z.string().optional(),
  }),
);
export type RolloutDeviceStates = z.infer<typeof RolloutDeviceStates>;

/** A device's entry in `RolloutDeviceStates`: its rollout and its state there. */
export function rolloutDeviceEntry(
  rollout: Pick<Rollout, 'id' | 'name' | 'state'>,
  d: Pick<RolloutDevice, 'state' | 'wave' | 'detail'>,
): RolloutDeviceStates[string] {
  return {
    rolloutId: rollout.id,
    rollout: rollout.name,
    rolloutState: rollout.state,
    state: d.state,
    wave: d.wave,
    ...(d.detail !== undefined ? { detail: d.detail } : {}),
  };
}

/** Live message on `/rollouts`: a rollout changed (its summary), and the devices that changed with it. */
export const RolloutProgressMessage = z.object({
  rollout: RolloutSummary,
  devices: z.array(RolloutDevice),
});
export type RolloutProgressMessage = z.infer<typeof RolloutProgressMessage>;
