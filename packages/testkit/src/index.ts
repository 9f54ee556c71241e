export { freeTcpPort, freeUdpPort, loopbackBlock, loopbackFirstIp } from './net';
export { pathTrick, type Target } from './pathTricks';
export { type PostgresServer, startPostgres } from './postgres';
export { type RedisServer, startRedis } from './redis';
export { waitFor } from './wait';
