import { z } from 'zod';

/** A device address: an IPv4 literal, optionally with `:port` (simulated devices); real devices use 80. */
const ADDRESS =
  /^((?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3})(?::(\d{1,5}))?$/;

export interface DeviceAddress {
  readonly host: string;
  readonly port: number;
}

export function parseDeviceAddress(text: string): DeviceAddress | undefined {
  const m = ADDRESS.exec(text);
  if (!m?.[1]) return undefined;
  const port = m[2] === undefined ? 80 : Number(m[2]);
  if (port < 1 || port > 65535) return undefined;
  return { host: m[1], port };
}

/** The canonical form: `ip` for port 80, else `ip:port`. */
export function formatDeviceAddress(a: DeviceAddress): string {
  return a.port === 80 ? a.host : `${a.host}:${a.port}`;
}

export const DeviceAddressSchema = z
  .string()
  .trim()
  .refine(
    (s) => parseDeviceAddress(s) !== undefined,
    'Not valid ip (expected an IPv4 address, optionally with :port)',
  )
  .transform((s) => {
    const a = parseDeviceAddress(s);
    return a ? formatDeviceAddress(a) : s;
  });
