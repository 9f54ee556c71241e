import { z } from 'zod';
import { DeviceInfoSchema, hasMaskedSecret, MASKED_DUMP_MESSAGE } from '../device/index';
import { LOGS } from '../limits';
import { LogLevelName } from '../logLevels';
import { BACKUP_LIMITS, BackupDeviceInfo, BackupSource } from './backups';
import { DateTime, DeviceAddress, Id } from './common';

// What the gateway keeps and serves about devices: saved devices, settings dumps, logs, device commands.

/** A device the user saved on the gateway: its info as last fetched, plus the record id. */
/** A saved device; `tags` as the device lists answer them (absent when it has none). */
export const SavedDevice = DeviceInfoSchema.extend({ id: Id, tags: z.array(z.string()).optional() });
export type SavedDevice = z.infer<typeof SavedDevice>;

/** A stored settings dump (spec: saved device settings). `dump` is the device's export text. */
export const SettingsDumpRecord = z.object({
  id: Id,
  device: DeviceInfoSchema,
  creationDateTime: DateTime,
  dump: z.string(),
  /** how it was made (scheduled backups, issue 18); absent on gateways before them */
  source: BackupSource.optional(),
  /** set when the Wi-Fi password in `dump` was masked because the reader may not see it (a cloud viewer) */
  secretsMasked: z.literal(true).optional(),
});
export type SettingsDumpRecord = z.infer<typeof SettingsDumpRecord>;

/**
 * `POST /api/devices/settings`: the whole device object and the dump it exported. The device is kept
 * within the device limits (BackupDeviceInfo): the dump becomes a backup version and is copied to the cloud.
 */
export const SettingsDumpCreate = z.object({
  device: BackupDeviceInfo,
  dump: z
    .string()
    .max(BACKUP_LIMITS.dumpMaxChars)
    .refine((dump) => !hasMaskedSecret(dump), MASKED_DUMP_MESSAGE),
});
export type SettingsDumpCreate = z.infer<typeof SettingsDumpCreate>;

const filterText = z.string().trim().optional();

/**
 * `GET /api/devices/logs` filters: `device` is a case-insensitive substring of name or ip, `tag` and `message`
 * case-insensitive substrings, `level` the minimum level, `limit` how many (newest first), `from`/`to` the
 * time range (issue 17).
 */
export const LogsQuery = z.object({
  device: filterText,
  tag: filterText,
  message: filterText,
  level: LogLevelName.optional(),
  limit: z.coerce.number().int().min(1).max(LOGS.queryMaxLimit).optional(),
  /** only lines received at or after this time (ISO 8601) */
  from: DateTime.optional(),
  /** only lines received at or before this time (ISO 8601) */
  to: DateTime.optional(),
});
export type LogsQuery = z.infer<typeof LogsQuery>;

/** `POST /api/device/request`: run one device command. `device` is an address or a device name. */
export const DeviceRequest = z.object({
  command: z.string().min(1, 'Command is required'),
  device: z.string().trim().min(1, 'Device is required'),
  params: z.record(z.string(), z.unknown()).default({}),
});
export type DeviceRequest = z.infer<typeof DeviceRequest>;

/** `GET /api/device/request/commands?name=&ip=`: at least one of them. */
export const CommandsQuery = z
  .object({ name: z.string().trim().optional(), ip: z.string().trim().optional() })
  .refine((q) => Boolean(q.name) || Boolean(q.ip), { message: "Name and ip can't be blank!" });
export type CommandsQuery = z.infer<typeof CommandsQuery>;

export const CommandParam = z.object({
  name: z.string(),
  type: z.string(),
  required: z.boolean(),
});
export type CommandParam = z.infer<typeof CommandParam>;

export const CommandDescription = z.object({ name: z.string(), params: z.array(CommandParam) });
export type CommandDescription = z.infer<typeof CommandDescription>;

/** The device commands a device supports, with their params (the console indexes them by name). */
export const CommandsListing = z.array(CommandDescription);
export type CommandsListing = z.infer<typeof CommandsListing>;

/**
 * `GET /api/devices/loggers`: each device the gateway knows (found or saved) and whether its network logger is
 * connected to the gateway's log server now (the firmware reconnects only at boot or when its `laddr` config
 * is written, device-protocol.md §3.2).
 */
export const DeviceLoggerState = z.object({
  ip: z.string(),
  name: z.string(),
  connected: z.boolean(),
});
export type DeviceLoggerState = z.infer<typeof DeviceLoggerState>;

/** `POST /api/devices/loggers/reconnect`: write the device's log address again so its logger reconnects. */
export const LoggerReconnectRequest = z.object({ ip: DeviceAddress });
export type LoggerReconnectRequest = z.infer<typeof LoggerReconnectRequest>;

/** What a reconnect did: `connected` once the device's logger connected back within the wait. */
export const LoggerReconnectResult = z.object({
  ip: z.string(),
  connected: z.boolean(),
  /** the device's log address as written */
  address: z.string(),
});
export type LoggerReconnectResult = z.infer<typeof LoggerReconnectResult>;
