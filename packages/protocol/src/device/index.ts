// Device side of the contract: what SmartThingLib 1.0 firmware sends and accepts (device-protocol.md).
export * from './beacon';
export * from './commands';
export * from './entities';
export * from './firmware-image';
export * from './hooks';
export * from './log-line';
export * from './result';
export * from './settings-dump';
export * from './settings-dump-secrets';
export * from './settings-sections';
