// Programmatic API of the cloud (tests, benchmarks, `npm start`).
export { ACCESS_TTL_SECONDS, type CloudOptions, CloudServer } from './app';
export { CLOUD_CONFIG_KEYS, CloudConfig, cloudConfig } from './config';
