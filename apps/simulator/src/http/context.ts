import type { Board, DeviceAction, DeviceInfo, Features, Metrics, Sensors, WifiSettings } from '@st/protocol';
import type { SensorDef } from '../device/kinds';
import type { HooksEngine } from '../hooks/engine';

/** What the REST routes need from a device. */
export interface DeviceContext {
  readonly features: Required<Features>;
  readonly board: Board;
  info(): DeviceInfo;
  metrics(): Metrics;
  rename(name: string): void;
  wifi(): WifiSettings;
  saveWifi(w: WifiSettings): void;
  actionList(): DeviceAction[];
  /** undefined = no such action. */
  callAction(name: string): boolean | undefined;
  scheduleAction(name: string, callDelay: number): boolean;
  sensorValues(): Sensors;
  sensor(name: string): SensorDef | undefined;
  actionsForTemplates(): readonly { name: string; caption: string }[];
  readonly hooks: HooksEngine;
  configEntries(): [string, string][];
  /** Replace-all: each declared entry takes the body's string value, anything else clears it. */
  replaceConfig(values: Record<string, unknown>): void;
  /** false = no such entry. */
  deleteConfig(name: string): boolean;
  clearConfig(): void;
  exportDump(): string;
  /** Stores an accepted dump (the caller schedules the reboot); false = rejected. */
  importDump(text: string): boolean;
  wipe(): void;
  /** Reboots after `delayMs` (the firmware blocks, then restarts). */
  reboot(delayMs: number): void;
  readonly importRebootDelayMs: number;
  readonly restartDelayMs: number;
  log(level: 10 | 20 | 30 | 40, tag: string, message: string): void;
}
