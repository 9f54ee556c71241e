import { z } from 'zod';

// Small shapes shared by many routes and messages.

/** Date and time on the wire: ISO 8601 with an offset (our servers send UTC, `...Z`). */
export const DateTime = z.iso.datetime({ offset: true });
export type DateTime = z.infer<typeof DateTime>;

/** The answer of a call whose only news is success (the console checks the status alone). */
export const OkResponse = z.object({ ok: z.literal(true) });
export type OkResponse = z.infer<typeof OkResponse>;

export const OK: OkResponse = { ok: true };

/** A record id (opaque string: UUIDs on the gateway, generated ids on the cloud). */
export const Id = z.string().min(1);
export type Id = z.infer<typeof Id>;

/** `?id=` */
export const IdQuery = z.object({ id: Id });
export type IdQuery = z.infer<typeof IdQuery>;

/** `:id` in a path. */
export const IdParams = z.object({ id: Id });
export type IdParams = z.infer<typeof IdParams>;

const octet = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const port = '(?:6553[0-5]|655[0-2]\\d|65[0-4]\\d\\d|6[0-4]\\d{3}|[1-5]\\d{4}|[1-9]\\d{0,3})';
const addressPattern = new RegExp(`^${octet}(?:\\.${octet}){3}(?::${port})?$`);

/** Where a device answers: `ip` (port 80, real devices) or `ip:port` (simulated ones). */
export const DeviceAddress = z.string().trim().regex(addressPattern, 'Not valid ip');
export type DeviceAddress = z.infer<typeof DeviceAddress>;

/** `?ip=` of the saved-device routes. */
export const DeviceIpQuery = z.object({ ip: DeviceAddress });
export type DeviceIpQuery = z.infer<typeof DeviceIpQuery>;
