// First: zod's browser setting, before any schema is built.
import './zodSetup';

// The whole wire contract of the system. Device-side facts (what SmartThingLib firmware speaks) live in
// ./device; everything the console, gateway and cloud exchange lives beside this file.
export * from './base64';
export * from './device/index';
export * from './entities/accounts';
export * from './entities/alerts';
export * from './entities/backups';
export * from './entities/build';
export * from './entities/cloud';
export * from './entities/cloudLink';
export * from './entities/cloudRollouts';
export * from './entities/common';
export * from './entities/connection';
export * from './entities/devices';
export * from './entities/fleet';
export * from './entities/gatewayAuth';
export * from './entities/gatewayRef';
export * from './entities/health';
export * from './entities/integrations';
export * from './entities/localName';
export * from './entities/logFilter';
export * from './entities/notifications';
export * from './entities/ota';
export * from './entities/passkeys';
export * from './entities/relay';
export * from './entities/restarting';
export * from './entities/rolloutRules';
export * from './entities/rollouts';
export * from './entities/samples';
export * from './entities/signIn';
export * from './entities/sso';
export * from './entities/streamed';
export * from './entities/tags';
export * from './entities/timeline';
export * from './errors';
export * from './hooks';
export * from './limits';
export * from './logLevels';
export * from './routes/index';
export * from './runtime';
export * from './serverTiming';
export * from './stomp/index';
export * from './text';
export * from './token';
export * from './versions';
