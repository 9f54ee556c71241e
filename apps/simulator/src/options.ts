import { DEVICE_LOG_PORT, DISCOVERY_GROUP, DISCOVERY_PORT } from '@st/protocol';
import { z } from 'zod';
import { KIND_NAMES } from './device/kinds';

const ipv4 = z.string().regex(/^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/, 'must be an IPv4 address');
const hostPort = z.string().regex(/^[^\s:]+:\d{1,5}$/, 'must be host:port');

/** What a device reports after an OTA flash: a version, or null = none (firmware built without `__VERSION`). */
const otaVersion = z.string().min(1).max(31).nullable();

/** The firmware build of a device, settable for all devices and overridden per device (`devices[i]`). */
const FirmwareOptions = z.object({
  /** The board, whatever the kind's usual one (a lamp on esp8266 is the most common real device). */
  board: z.enum(['esp32', 'esp8266']).optional(),
  /** Built without `__VERSION`: no `version` in /info/system, the beacon ends with `;`. */
  noVersion: z.boolean().optional(),
  /**
   * The version reported after a successful OTA flash. Unset: the one in the image's ESP32 app description
   * (an ESP8266 image has none: the version stays), or none with `noVersion`. null = none.
   */
  otaVersion: otaVersion.optional(),
  /** After its next reboot the device stays off the network (a device that does not come back). */
  stayDown: z.boolean().optional(),
  /** Refuses every OTA invitation (`ERR: ...`), as a device whose updater rejects the image. */
  otaRefuse: z.boolean().optional(),
  /** After its next OTA flash the device crashes this many ms after every boot (a bad image). */
  otaCrashLoopMs: z.number().int().min(50).optional(),
  /** SmartThingLib 1.0 loads http hooks splitting on every `;` (device-protocol.md §11.7); false = fixed. */
  semicolonBug: z.boolean().optional(),
});
export type FirmwareOptions = z.infer<typeof FirmwareOptions>;

/** Everything `startSimulator` accepts; every field has a default. */
export const SimulatorOptionsSchema = z.object({
  count: z.number().int().min(1).max(250).default(1),
  /** Address of the first device; the next ones count up (127.0.0.2, 127.0.0.3, ...). */
  firstIp: ipv4.default('127.0.0.2'),
  /** Explicit addresses (overrides firstIp/count), e.g. from @st/testkit loopbackBlock(n). */
  ips: z.array(ipv4).optional(),
  port: z.number().int().min(1).max(65535).default(80),
  /** Used when `port` cannot be bound (not root): same address, this port. */
  fallbackPort: z.number().int().min(1024).max(65000).default(18080),
  /** Gateway `host:port`: sets each device's `gtw`, and `laddr` = host:logPort. */
  gateway: hostPort.optional(),
  logPort: z.number().int().min(1).max(65535).default(DEVICE_LOG_PORT),
  /** `tcp` (firmware default) or `multicast` (LOGGER_TYPE 2: datagrams to the group:port in `laddr`). */
  logTransport: z.enum(['tcp', 'multicast']).default('tcp'),
  /** Overrides the `laddr` derived from `gateway`. */
  logAddress: hostPort.optional(),
  multicastIf: ipv4.default('127.0.0.1'),
  discoveryGroup: ipv4.default(DISCOVERY_GROUP),
  discoveryPort: z.number().int().min(1).max(65535).default(DISCOVERY_PORT),
  beaconIntervalMs: z.number().int().min(50).default(2000),
  dataDir: z.string().min(1).optional(),
  /** Log lines per second per device (while its logger is connected). */
  logRate: z.number().min(0).max(100_000).default(0.5),
  slowMs: z.number().int().min(0).default(0),
  dropRate: z.number().min(0).max(1).default(0),
  flaky: z.boolean().default(false),
  /** With `flaky`: mean time online between drop-outs, and mean length of a drop-out (each varies ±50 %). */
  flakyUpMs: z.number().int().min(10).default(30_000),
  flakyDownMs: z.number().int().min(10).default(7_000),
  kinds: z
    .array(z.enum(KIND_NAMES))
    .min(1)
    .default([...KIND_NAMES]),
  /** Offline gap of a reboot (restart, wipe, import, OTA). */
  rebootMs: z.number().int().min(0).default(1500),
  /** Delay between the restart/wipe answer and the reboot. */
  restartDelayMs: z.number().int().min(0).default(100),
  /** Firmware waits 5 s after an accepted import before rebooting, never answering. */
  importRebootDelayMs: z.number().int().min(0).default(5000),
  ota: z.boolean().default(true),
  ...FirmwareOptions.shape,
  /** Per-device firmware overrides, by index (device i takes `devices[i]` over the options above). */
  devices: z.array(FirmwareOptions.optional()).max(250).optional(),
  /** Seed for sensor values and misbehaviour; omit for Math.random. */
  seed: z.number().int().optional(),
});
export type SimulatorOptions = z.input<typeof SimulatorOptionsSchema>;
export type ResolvedSimulatorOptions = z.output<typeof SimulatorOptionsSchema>;

/** `a.b.c.d` + n, carrying into the upper octets. */
export function nthIp(first: string, n: number): string {
  const parts = first.split('.').map(Number);
  const value = parts.reduce((acc, p) => acc * 256 + p, 0) + n;
  return [24, 16, 8, 0].map((s) => Math.floor(value / 2 ** s) % 256).join('.');
}
