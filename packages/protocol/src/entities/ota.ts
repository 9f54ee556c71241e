import { z } from 'zod';
import { BoardSchema, DeviceInfoSchema } from '../device/index';
import { LOGS } from '../limits';
import { plainName } from '../text';
import { DateTime, Id } from './common';
import { OtaUploadStatus, OtaVerdict } from './streamed';

// Firmware files kept on the gateway and over-the-air upload tasks.

export const Firmware = z.object({
  id: Id,
  board: BoardSchema,
  type: z.string(),
  version: z.string(),
  fileName: z.string(),
  /** MD5 of the bytes, 32 lower-case hex digits (what espota sends in the invitation). */
  fileChecksum: z.string().regex(/^[0-9a-f]{32}$/),
  /** SHA-256 of the bytes, 64 lower-case hex digits (the file's name on disk). */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  size: z.number().int().positive(),
});
export type Firmware = z.infer<typeof Firmware>;

const firmwareText = (field: string) => plainName(z.string().trim().min(1, `Firmware ${field} is required`));

/** The `info` part of the multipart firmware upload (a JSON text). */
export const FirmwareInfoInput = z.object({
  board: BoardSchema,
  type: firmwareText('type'),
  version: firmwareText('version'),
});
export type FirmwareInfoInput = z.infer<typeof FirmwareInfoInput>;

/** `PUT /api/ota/firmware`: only the fields given are changed. */
export const FirmwareUpdate = z.object({
  id: Id,
  board: BoardSchema.optional(),
  type: firmwareText('type').optional(),
  version: firmwareText('version').optional(),
});
export type FirmwareUpdate = z.infer<typeof FirmwareUpdate>;

const FINAL: ReadonlySet<OtaUploadStatus> = new Set([
  'FINISHED',
  'ABORTED',
  'INVITATION_FAILED',
  'FIRMWARE_TRANSFER_FAILED',
]);

/** A task in one of these states changes no more (a failure is final: no FINISHED after it). */
export function isOtaStatusFinal(status: OtaUploadStatus): boolean {
  return FINAL.has(status);
}

/**
 * Whether the console offers Abort for a task in this state. Once every byte is sent the device finishes the
 * update on its own (it checks the MD5 and restarts), so an abort could no longer stop it.
 */
export function canAbortOta(status: OtaUploadStatus): boolean {
  return (
    !isOtaStatusFinal(status) &&
    status !== 'FIRMWARE_TRANSFER_CONFIRMATION' &&
    status !== 'FIRMWARE_TRANSFER_FINISHED'
  );
}

export const OtaTask = z.object({
  taskId: Id,
  device: DeviceInfoSchema,
  firmware: Firmware,
  status: OtaUploadStatus,
  /** Percent of the image transferred, 0-100. */
  progress: z.number().int().min(0).max(100),
  /** Why the task failed, for a person. */
  error: z.string().optional(),
  /** what the device did after confirming the image (absent when it never confirmed one) */
  verdict: OtaVerdict.optional(),
  startedAt: DateTime,
  finishedAt: DateTime.optional(),
});
export type OtaTask = z.infer<typeof OtaTask>;

/**
 * Upload target: a device object as the console lists it. Only `ip` is needed (the gateway resolves the
 * device among found and saved ones); other fields are accepted and ignored.
 */
export const OtaTarget = z.looseObject({
  ip: z.string().trim().min(1, 'Device info missing!'),
  /** flash a firmware built for another device type (the console asks the user to confirm first) */
  allowTypeMismatch: z.boolean().optional(),
});
export type OtaTarget = z.infer<typeof OtaTarget>;

export const OtaBatchRequest = z.array(OtaTarget).min(1, 'Choose at least one device');
export type OtaBatchRequest = z.infer<typeof OtaBatchRequest>;

/** `POST /upload/batch`: device ip -> task id; a device missing from the map did not start. */
export const OtaBatchResult = z.record(z.string(), Id);
export type OtaBatchResult = z.infer<typeof OtaBatchResult>;

export const OtaHistoryQuery = z.object({
  limit: z.coerce.number().int().min(1).max(LOGS.queryMaxLimit).optional(),
});
export type OtaHistoryQuery = z.infer<typeof OtaHistoryQuery>;
