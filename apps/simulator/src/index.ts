// Simulated SmartThingLib devices for tests, benchmarks and `npm start`.
export type { SimDevice, SimDeviceState } from './device/device';
export { KIND_NAMES, KINDS, type KindDef, type KindName } from './device/kinds';
export { CRASH_CAUSES, type CrashCause, RESET_REASONS, type ResetCause } from './device/reset';
export { ESP8266_OTA_MAX_BYTES, OTA_PORTS } from './net/ota';
export { type FirmwareOptions, nthIp, type SimulatorOptions, SimulatorOptionsSchema } from './options';
export { type Simulator, startSimulator } from './simulator';
