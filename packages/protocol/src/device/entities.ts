import { z } from 'zod';
import { plainName, plainText } from '../text';

// Device entities exactly as SmartThingLib 1.0 firmware sends them (device-protocol.md §1).

export const BOARDS = ['esp32', 'esp8266'] as const;
export const BoardSchema = z.enum(BOARDS);
export type Board = z.infer<typeof BoardSchema>;

/** Library version reported by current firmware as `stVersion`. */
export const ST_VERSION = '1.0';

/** Longest device name the firmware accepts (`PUT /info/system`). */
export const DEVICE_NAME_MAX = 16;
/** Longest device type a record keeps (firmware types are short words such as `lamp`; the beacon allows 512 in all). */
export const DEVICE_TYPE_MAX = 64;
/** Longest version text (`version`, `stVersion`, `chip_model`) a record keeps. */
export const DEVICE_VERSION_MAX = 64;

/**
 * `GET /info/system`. `version` is absent when the firmware was built without `__VERSION`.
 * `chip_model` / `chip_revision` were sent by firmware before 2024-09 (the console's "chip model and chip
 * revision"); 1.0 never sends them, so they are optional.
 */
export const DeviceInfoSchema = z.object({
  version: z.string().optional(),
  stVersion: z.string(),
  name: z.string(),
  type: z.string(),
  ip: z.string(),
  board: z.string(),
  chip_model: z.string().optional(),
  chip_revision: z.number().int().optional(),
});
export type DeviceInfo = z.infer<typeof DeviceInfoSchema>;

/** `GET /features`: build feature flags; a key absent means "not known", not "off". */
export const FeaturesSchema = z.object({
  web: z.boolean().optional(),
  actions: z.boolean().optional(),
  actionsScheduler: z.boolean().optional(),
  sensors: z.boolean().optional(),
  hooks: z.boolean().optional(),
  config: z.boolean().optional(),
  logger: z.boolean().optional(),
});
export type Features = z.infer<typeof FeaturesSchema>;

/** `GET /metrics`. esp8266 sends only `heap.free`. */
export const MetricsSchema = z.object({
  uptime: z.number().int().nonnegative(),
  heap: z.object({
    free: z.number().int(),
    size: z.number().int().optional(),
    minFree: z.number().int().optional(),
    maxAlloc: z.number().int().optional(),
  }),
  resetReason: z.string(),
  counts: z.object({ sensors: z.number().int().optional(), hooks: z.number().int().optional() }).optional(),
});
export type Metrics = z.infer<typeof MetricsSchema>;

/** One entry of `GET /actions/info`; without the scheduler feature only name and caption are sent. */
export const DeviceActionSchema = z.object({
  name: z.string(),
  caption: z.string(),
  callDelay: z.number().int().nonnegative().optional(),
  lastCall: z.number().int().nonnegative().optional(),
});
export type DeviceAction = z.infer<typeof DeviceActionSchema>;
export const DeviceActionsSchema = z.array(DeviceActionSchema);

/** `GET /sensors`: sensor name -> value (number sensors give integers, text sensors strings). */
export const SensorValueSchema = z.union([z.number(), z.string()]);
export type SensorValue = z.infer<typeof SensorValueSchema>;
export const SensorsSchema = z.record(z.string(), SensorValueSchema);
export type Sensors = z.infer<typeof SensorsSchema>;

/** WiFi modes of firmware 1.0: 1 STA, 2 AP, 5 STA falling back to AP. */
export const WIFI_MODES = {
  1: 'Connect to existing point',
  2: 'Create access point',
  5: "Create AP if can't connect to STA",
} as const;
export const SSID_MAX = 32;
export const WIFI_PASSWORD_MIN = 8;

export const WifiSettingsSchema = z.object({
  ssid: z.string(),
  password: z.string(),
  mode: z.number().int(),
});
export type WifiSettings = z.infer<typeof WifiSettingsSchema>;

/** `GET /wifi`. */
export const WifiInfoSchema = z.object({
  settings: WifiSettingsSchema,
  modes: z.record(z.string(), z.string()),
});
export type WifiInfo = z.infer<typeof WifiInfoSchema>;

/** `GET /config`: every declared entry, unset = "". */
export const ConfigValuesSchema = z.record(z.string(), z.string());
export type ConfigValues = z.infer<typeof ConfigValuesSchema>;
/** Longest config entry name the firmware declares. */
export const CONFIG_KEY_MAX = 10;
/** Built-in config entries: log server `ip:port` and gateway `host:port`. */
export const CONFIG_LOG_ADDRESS = 'laddr';
export const CONFIG_GATEWAY = 'gtw';

/** Error body of every failing device route: `{"error": "<message>"}`. */
export const DeviceErrorBodySchema = z.object({ error: z.string() });
export type DeviceErrorBody = z.infer<typeof DeviceErrorBodySchema>;

/** Notification types a device sends (firmware 1..3); the reference gateway also accepts `success`. */
export const DEVICE_NOTIFICATION_TYPES = ['info', 'warning', 'error', 'success'] as const;
export const DeviceNotificationTypeSchema = z.enum(DEVICE_NOTIFICATION_TYPES);
export type DeviceNotificationType = z.infer<typeof DeviceNotificationTypeSchema>;

/** Body a notification hook POSTs to `http://<gtw>/api/notification`. */
export const DeviceNotificationBodySchema = z.object({
  device: z.object({ name: plainName(z.string()), type: plainName(z.string()), ip: z.string() }),
  notification: z.object({ message: plainText(z.string()), type: DeviceNotificationTypeSchema }),
});
export type DeviceNotificationBody = z.infer<typeof DeviceNotificationBodySchema>;
export const DEVICE_NOTIFICATION_PATH = '/api/notification';
