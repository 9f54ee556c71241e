import type { DeviceAction, Hook, Sensors, WifiSettings } from '@st/protocol';
import type { LoggerState } from '../net/log-client';
import type { KindDef } from './kinds';
import type { FlashStore } from './store';

/** The switches and wiring of one simulated device (see the simulator's README for the CLI flags). */
export interface SimDeviceOptions {
  index: number;
  kind: KindDef;
  ip: string;
  port: number;
  /** Port used on the same address when `port` cannot be bound (not root, or taken). */
  fallbackPort: number;
  name: string;
  multicastIf: string;
  discoveryGroup: string;
  discoveryPort: number;
  beaconIntervalMs: number;
  flash: FlashStore;
  /** Sets the `gtw` config value at start. */
  gateway?: string | undefined;
  /** Sets the `laddr` config value at start. */
  logAddress?: string | undefined;
  logRate: number;
  logTransport: 'tcp' | 'multicast';
  slowMs: number;
  dropRate: number;
  flaky: boolean;
  flakyUpMs: number;
  flakyDownMs: number;
  rebootMs: number;
  restartDelayMs: number;
  importRebootDelayMs: number;
  ota: boolean;
  /** Built without `__VERSION`: reports no version. */
  noVersion: boolean;
  /** Reported after an OTA flash; undefined = the image's own version, null = none. */
  otaVersion: string | null | undefined;
  /** After its next reboot the device stays off the network until comeBack(). */
  stayDown: boolean;
  /** Refuses OTA invitations. */
  otaRefuse?: boolean | undefined;
  /** After its next OTA flash: crashes this many ms after every boot. */
  otaCrashLoopMs?: number | undefined;
  semicolonBug: boolean;
  random: () => number;
  report: (message: string) => void;
}

/** A snapshot of what the device holds, for checks like "the value a user set is the value the device holds". */
export interface SimDeviceState {
  name: string;
  /** '' = the device reports no version. */
  version: string;
  config: Record<string, string>;
  wifi: WifiSettings;
  hooks: Record<string, Hook[]>;
  actions: DeviceAction[];
  sensors: Sensors;
  online: boolean;
  rebooting: boolean;
  logger: LoggerState;
  uptimeMs: number;
  bootCount: number;
  /** firmware images flashed over OTA since start */
  otaFlashes: number;
}
