export { type HaproxyOptions, type HaproxyServer, haproxyConfig, startHaproxy } from './haproxy';
export { LightLink, type LightLinkOptions, type LinkAnswer } from './lightLink';
export { type MosquittoServer, startMosquitto } from './mosquitto';
export { freeTcpPort, freeUdpPort, loopbackBlock, loopbackFirstIp } from './net';
export { pathTrick, type Target } from './pathTricks';
export { type PostgresServer, startPostgres } from './postgres';
export { type MetricSample, Metrics, parseMetrics } from './prometheus';
export {
  type HttpReceiver,
  type HttpReceiverOptions,
  type ReceivedMail,
  type ReceivedRequest,
  type SmtpReceiver,
  startHttpReceiver,
  startSmtpReceiver,
} from './receivers';
export { type RedisServer, startRedis } from './redis';
export { waitFor } from './wait';
