// The whole wire contract of the system. Device-side facts (what SmartThingLib firmware speaks) live in
// ./device; everything the console, gateway and cloud exchange lives beside this file.
export * from './base64';
export * from './device/index';
export * from './limits';
export * from './logLevels';
export * from './result';
export * from './runtime';
export * from './token';
