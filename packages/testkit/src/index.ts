export { freeTcpPort, freeUdpPort, loopbackBlock, loopbackFirstIp } from './net';
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
