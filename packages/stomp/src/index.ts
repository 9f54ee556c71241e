export { MemoryBus } from './bus/memory-bus';
export type { StompBus, StompBusListener, StompBusMessage } from './bus/types';
export { type DecoderLimits, FrameDecoder, type FrameSink } from './frame/decoder';
export { encodeFrame, type OutgoingFrame } from './frame/encode';
export { escapeHeader, unescapeHeader } from './frame/escape';
export { headerRecord, headerValue, type StompFrame, type StompHeaderList } from './frame/types';
export { type AttachStompOptions, attachStomp } from './server/attach';
export { type SendContext, type SendHandler, StompRefusal } from './server/host';
export { type JsonPublishing, jsonPublisher } from './server/json-publisher';
export type {
  AccessResult,
  AuthenticateContext,
  AuthenticateResult,
  StompLogger,
  StompServerOptions,
  StompSessionInfo,
} from './server/options';
export {
  DEFAULT_STOMP_PATH,
  type PublishOptions,
  StompServer,
  type StompServerEvents,
} from './server/server';
