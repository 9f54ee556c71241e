import { z } from 'zod';
import { SensorsSchema } from '../device/index';
import { LogLevelName } from '../logLevels';
import { DateTime } from './common';

// The messages the live channel streams most (stomp/topics.ts: log lines, sensor samples, OTA progress), in
// a module of their own: the console parses them on its first screens, and a bundler places a whole module
// where its first user is (issue 21: as parts of entities/devices, samples and ota they brought those
// features' other schemas to the first screens). Each belongs to its feature: logs, sensor history, OTA.

export const LogSource = z.enum(['TCP', 'MULTICAST']);
export type LogSource = z.infer<typeof LogSource>;

/** One device log line as the gateway stores and publishes it. `id` grows with arrival order. */
export const LogMessage = z.object({
  id: z.number().int().optional(),
  device: z.object({ ip: z.string(), name: z.string() }),
  dateTime: DateTime,
  tag: z.string(),
  level: LogLevelName,
  message: z.string(),
  source: LogSource.optional(),
});
export type LogMessage = z.infer<typeof LogMessage>;

/**
 * One device's reading in one sampling round (`device.sampled` on the gateway bus, the `/devices/samples`
 * topic). `ok: false` records that the device did not answer: a gap, never zeros.
 */
export const DeviceSampleSchema = z.object({
  /** device address, ip or ip:port */
  ip: z.string(),
  /** epoch ms when the sample was taken */
  t: z.number().int(),
  /** false: device unreachable this round (a gap) */
  ok: z.boolean(),
  /** present when ok and the device has sensors */
  sensors: SensorsSchema.optional(),
  /** ms since boot, from getMetrics (the firmware counts milliseconds: `millis()`) */
  uptime: z.number().int().nonnegative().optional(),
  /** free heap bytes, from getMetrics */
  heap: z.number().int().optional(),
  /** from getMetrics */
  resetReason: z.string().optional(),
});
export type DeviceSample = z.infer<typeof DeviceSampleSchema>;

export const OtaUploadStatus = z.enum([
  'STARTED',
  'INVITATION',
  'INVITATION_FAILED',
  'INVITATION_ACCEPTED',
  'FIRMWARE_TRANSFER',
  'FIRMWARE_TRANSFER_FAILED',
  'FIRMWARE_TRANSFER_CONFIRMATION',
  'FIRMWARE_TRANSFER_FINISHED',
  'FINISHED',
  'ABORTED',
]);
export type OtaUploadStatus = z.infer<typeof OtaUploadStatus>;

/**
 * What became of a device after it confirmed an image (device-protocol.md §7, §11.10): it came back and
 * reports the library's label (`MATCHES`), another version (`DIFFERS`: a label that is not the compiled
 * version) or none (`NO_VERSION`: firmware built without `__VERSION`); or it never came back (`NOT_BACK`), or
 * kept answering without restarting (`NOT_RESTARTED`). Only the last two are failures.
 */
export const OtaVerdictOutcome = z.enum(['MATCHES', 'DIFFERS', 'NO_VERSION', 'NOT_BACK', 'NOT_RESTARTED']);
export type OtaVerdictOutcome = z.infer<typeof OtaVerdictOutcome>;

export const OtaVerdict = z.object({
  outcome: OtaVerdictOutcome,
  /** the version the firmware library names the image with */
  label: z.string(),
  /** the version the device reports once back; absent when it reports none */
  reported: z.string().optional(),
  /** ms from the device's confirmation until it answered again after restarting */
  backAfterMs: z.number().int().nonnegative().optional(),
});
export type OtaVerdict = z.infer<typeof OtaVerdict>;

/** The verdict in one English sentence (timeline, logs; the console words it per language). */
export function otaVerdictText(v: OtaVerdict): string {
  switch (v.outcome) {
    case 'MATCHES':
      return `updated, reports ${v.reported ?? v.label}`;
    case 'DIFFERS':
      return `updated, reports ${v.reported ?? ''} (library says ${v.label})`;
    case 'NO_VERSION':
      return 'updated, reports no version';
    case 'NOT_BACK':
      return 'the device confirmed the image but did not come back';
    case 'NOT_RESTARTED':
      return 'the device confirmed the image but kept running without restarting';
  }
}

/** Live message on /ota/{taskId}. `progress` is null on status-only updates (as the original sent). */
export const OtaProgressMessage = z.object({
  status: OtaUploadStatus,
  progress: z.number().int().min(0).max(100).nullable(),
  error: z.string().optional(),
  /** on the final message of a task whose image the device confirmed */
  verdict: OtaVerdict.optional(),
});
export type OtaProgressMessage = z.infer<typeof OtaProgressMessage>;
