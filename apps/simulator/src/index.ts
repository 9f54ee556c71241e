// Simulated SmartThingLib devices for tests, benchmarks and `npm start`.
export type { SimDevice, SimDeviceState } from './device/device';
export { KIND_NAMES, KINDS, type KindDef, type KindName } from './device/kinds';
export { OTA_PORTS } from './net/ota';
export { nthIp, type SimulatorOptions, SimulatorOptionsSchema } from './options';
export { type Simulator, startSimulator } from './simulator';
