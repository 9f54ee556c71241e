import { z } from 'zod';
import { SensorsSchema } from '../device/index';
import { DeviceAddress } from './common';

// Sensor history: what the gateway's sampler reads from every device each round, and publishes live.

/** History limits: the longest range one query may ask for, and about how many points an answer holds. */
export const HISTORY = {
  maxRangeMs: 2 * 366 * 24 * 3600_000,
  targetPoints: 1000,
  /** `sensor=` names that are not device sensors but metrics */
  metrics: ['uptime', 'heap'] as const,
} as const;

const epochMs = z.coerce.number().int().nonnegative();

/**
 * `GET /api/devices/history` (and `/export`): one series of one device over `[from, to)`. `to` defaults to
 * now, `from` to 24 h before `to`. `sensor` is a sensor name, or `uptime` / `heap` for the metrics.
 */
export const HistoryQuery = z
  .object({
    ip: DeviceAddress,
    sensor: z.string().trim().min(1).max(64),
    from: epochMs.optional(),
    to: epochMs.optional(),
  })
  .refine((q) => q.from === undefined || q.to === undefined || q.from < q.to, {
    message: 'from must be before to',
    path: ['from'],
  })
  .refine((q) => q.from === undefined || q.to === undefined || q.to - q.from <= HISTORY.maxRangeMs, {
    message: 'range longer than two years',
    path: ['to'],
  });
export type HistoryQuery = z.infer<typeof HistoryQuery>;

/**
 * One point of a history answer. Raw samples have `min = max = v`; rollups give the bucket's min/avg/max.
 * `v: null` marks a gap (the device did not answer, or nothing was recorded for a while).
 */
export const HistoryPoint = z.object({
  t: z.number().int(),
  v: z.number().nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
});
export type HistoryPoint = z.infer<typeof HistoryPoint>;

export const HistoryResolution = z.enum(['raw', '5m', '1h']);
export type HistoryResolution = z.infer<typeof HistoryResolution>;

/** A text sensor's value since `t` (text sensors keep their changes only). */
export const HistoryChange = z.object({ t: z.number().int(), v: z.string() });
export type HistoryChange = z.infer<typeof HistoryChange>;

export const HistoryResponse = z.object({
  ip: z.string(),
  sensor: z.string(),
  from: z.number().int(),
  to: z.number().int(),
  /** ms between points: the sampling interval for raw samples, else the rollup bucket */
  step: z.number().int().positive(),
  resolution: HistoryResolution,
  points: z.array(HistoryPoint),
  /** text sensors: their changes in the range (the first is the value at `from`); numeric ones: absent */
  changes: z.array(HistoryChange).optional(),
});
export type HistoryResponse = z.infer<typeof HistoryResponse>;

/** `GET /api/devices/overview`: one row per known (found or saved) device. */
export const OverviewRow = z.object({
  ip: z.string(),
  name: z.string(),
  type: z.string(),
  board: z.string(),
  /** firmware version (absent on old firmware) */
  version: z.string().nullable(),
  /** SmartThingLib version */
  stVersion: z.string(),
  /** heard on the network now */
  online: z.boolean(),
  saved: z.boolean(),
  /** last time the device was heard: its beacon or an answer to the sampler (epoch ms) */
  lastSeen: z.number().int().nullable(),
  /**
   * the gateway has seen it and keeps it listed (offline when silent) until it is forgotten
   * (DELETE /api/devices/seen); absent from gateways before it
   */
  remembered: z.boolean().optional(),
  /** the device's tags (absent when it has none) */
  tags: z.array(z.string()).optional(),
  /** the gateway holds it as restarting on purpose (entities/restarting.ts); absent otherwise */
  restarting: z.literal(true).optional(),
  /** ms since boot, latest sample */
  uptime: z.number().int().nullable(),
  /** free heap bytes, latest sample */
  heap: z.number().int().nullable(),
  /** latest values */
  sensors: SensorsSchema,
  /** times uptime went backwards in the last 24 h */
  reboots24h: z.number().int().nonnegative(),
  /** last 24 h of each numeric sensor, one average per hour from `sparkFrom` (null: no data that hour) */
  spark: z.record(z.string(), z.array(z.number().nullable())),
  sparkFrom: z.number().int(),
  /** the sampler skips this device */
  excluded: z.boolean(),
});
export type OverviewRow = z.infer<typeof OverviewRow>;
