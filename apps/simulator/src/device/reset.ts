import type { Board } from '@st/protocol';

/** Why a device last started; `/metrics` reports it in the board's own words (device-protocol.md §1.5, §11.11). */
export type ResetCause =
  | 'powerOn'
  | 'software'
  | 'exception'
  | 'hardwareWatchdog'
  | 'softwareWatchdog'
  | 'deepSleep'
  | 'external';

/** The causes a test can provoke with `SimDevice.crash()`. */
export const CRASH_CAUSES = [
  'exception',
  'hardwareWatchdog',
  'softwareWatchdog',
  'deepSleep',
  'external',
] as const satisfies readonly ResetCause[];
export type CrashCause = (typeof CRASH_CAUSES)[number];

/** esp32: `esp_reset_reason()` names; esp8266: the core's `ESP.getResetReason()` texts. */
export const RESET_REASONS: Record<Board, Record<ResetCause, string>> = {
  esp32: {
    powerOn: 'ESP_RST_POWERON',
    software: 'ESP_RST_SW',
    exception: 'ESP_RST_PANIC',
    hardwareWatchdog: 'ESP_RST_INT_WDT',
    softwareWatchdog: 'ESP_RST_TASK_WDT',
    deepSleep: 'ESP_RST_DEEPSLEEP',
    external: 'ESP_RST_EXT',
  },
  esp8266: {
    powerOn: 'Power On',
    software: 'Software/System restart',
    exception: 'Exception',
    hardwareWatchdog: 'Hardware Watchdog',
    softwareWatchdog: 'Software Watchdog',
    deepSleep: 'Deep-Sleep Wake',
    external: 'External System',
  },
};
