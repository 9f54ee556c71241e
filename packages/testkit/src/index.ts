export { type HaproxyOptions, type HaproxyServer, haproxyConfig, startHaproxy } from './haproxy';
export { LightLink, type LightLinkOptions, type LinkAnswer } from './lightLink';
export { freeTcpPort, freeUdpPort, loopbackBlock, loopbackFirstIp } from './net';
export { pathTrick, type Target } from './pathTricks';
export { type PostgresServer, startPostgres } from './postgres';
export {
  type HttpReceiver,
  type ReceivedMail,
  type ReceivedRequest,
  type SmtpReceiver,
  startHttpReceiver,
  startSmtpReceiver,
} from './receivers';
export { type RedisServer, startRedis } from './redis';
export { waitFor } from './wait';
