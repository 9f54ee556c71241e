// Programmatic API of the cloud (tests, benchmarks, `npm start`).
export { ACCESS_TTL_SECONDS, type CloudOptions, CloudServer } from './app';
// The per-request work of roles and audit (issue 20), for bench/relay.
export { AuditLog } from './audit/log';
export { CLOUD_CONFIG_KEYS, CloudConfig, cloudConfig } from './config';
export { openDatabase } from './db/connect';
export { GatewayStore } from './gateways/store';
export { checkRelayRole, classifyRelayCall } from './relay/roleCheck';
export { ShareStore } from './shares/store';
export { UserStore } from './users/users';
