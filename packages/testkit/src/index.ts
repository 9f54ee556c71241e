export { type MosquittoServer, startMosquitto } from './mosquitto';
export { freeTcpPort, freeUdpPort, loopbackBlock, loopbackFirstIp } from './net';
export { type PostgresServer, startPostgres } from './postgres';
export { type MetricSample, Metrics, parseMetrics } from './prometheus';
export { type RedisServer, startRedis } from './redis';
export { waitFor } from './wait';
