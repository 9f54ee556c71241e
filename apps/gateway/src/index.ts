// Programmatic API of the gateway (tests, benchmarks, `npm start`).
export { type BuildOptions, build, type Gateway, type GatewayPart } from './app';
export { GATEWAY_CONFIG_KEYS, type GatewayConfig, GatewayConfigSchema } from './config';
export { openDatabase } from './db/database';
export type { GatewayEvents } from './events/gatewayEvents';
export { SampleHistory } from './services/samples/history';
