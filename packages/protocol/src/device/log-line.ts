import { type ParseResult, parsed, rejected } from './result';

/** Levels a device emits (TRACE 0 never comes from a device). */
export const DEVICE_LOG_LEVELS = { 10: 'DEBUG', 20: 'INFO', 30: 'WARN', 40: 'ERROR' } as const;
export type DeviceLogLevel = keyof typeof DEVICE_LOG_LEVELS;
export type DeviceLogLevelName = (typeof DEVICE_LOG_LEVELS)[DeviceLogLevel];
export const DEVICE_LOG_LEVEL_NUMBERS: readonly DeviceLogLevel[] = [10, 20, 30, 40];

/** Default TCP port of the gateway's device log server. */
export const DEVICE_LOG_PORT = 7779;
/** The first line a device writes after connecting its logger. */
export const LOGGER_CONNECTED_MESSAGE = 'Logger connected!';
export const LOGGER_TAG = 'logger';

/** One device log line: `name&level&tag&message` (the message may contain `&`). */
export interface DeviceLogLine {
  name: string;
  level: DeviceLogLevel;
  tag: string;
  message: string;
}

export function isDeviceLogLevel(n: number): n is DeviceLogLevel {
  return n === 10 || n === 20 || n === 30 || n === 40;
}

/** Parses one line (with or without its CRLF). Splits on the first three `&` only. */
export function parseDeviceLogLine(line: string): ParseResult<DeviceLogLine> {
  const text = line.replace(/\r?\n$/, '').replace(/\r$/, '');
  if (/[\r\n]/.test(text)) return rejected('more than one line');
  const a = text.indexOf('&');
  const b = a < 0 ? -1 : text.indexOf('&', a + 1);
  const c = b < 0 ? -1 : text.indexOf('&', b + 1);
  if (c < 0) return rejected('expected name&level&tag&message');
  const name = text.slice(0, a);
  const levelText = text.slice(a + 1, b);
  if (!/^\d{1,3}$/.test(levelText)) return rejected(`level "${levelText}" is not a number`);
  const level = Number(levelText);
  if (!isDeviceLogLevel(level)) return rejected(`unknown level ${level} (expected 10, 20, 30 or 40)`);
  return parsed({ name, level, tag: text.slice(b + 1, c), message: text.slice(c + 1) });
}

/** The exact bytes a device writes for one line, CRLF included. */
export function formatDeviceLogLine(l: DeviceLogLine): string {
  return `${l.name}&${l.level}&${l.tag}&${l.message}\r\n`;
}

/** The line a device writes first after its logger connects. */
export function loggerConnectedLine(name: string): string {
  return formatDeviceLogLine({ name, level: 20, tag: LOGGER_TAG, message: LOGGER_CONNECTED_MESSAGE });
}

/** Default group of the multicast log variant (firmware LOGGER_TYPE 2; `laddr` = `group:port`). */
export const DEVICE_LOG_MULTICAST_GROUP = '224.1.1.1';

/** One datagram of the multicast log variant: `ip&name&level&tag&message\r\n`. */
export interface DeviceMulticastLogLine extends DeviceLogLine {
  ip: string;
}

export function parseMulticastLogLine(datagram: string): ParseResult<DeviceMulticastLogLine> {
  const amp = datagram.indexOf('&');
  if (amp <= 0) return rejected('expected ip&name&level&tag&message');
  const rest = parseDeviceLogLine(datagram.slice(amp + 1));
  if (!rest.ok) return rest;
  return parsed({ ip: datagram.slice(0, amp), ...rest.value });
}

export function formatMulticastLogLine(l: DeviceMulticastLogLine): string {
  return `${l.ip}&${formatDeviceLogLine(l)}`;
}
