import { z } from 'zod';
import { base64ToBytes, bytesToBase64 } from '../base64';
import { GatewayApiUrl, GatewayCommand, HttpMethod } from '../entities/relay';
import { LinkTransferHead } from './linkTransfer';
import { isForwardableGatewayTopic } from './topicPatterns';

// The gateway link: one STOMP connection from each gateway to the cloud's /api/st-ws, authenticated with
// the gateway token. The cloud sends requests and forwarding orders; the gateway answers and forwards.

export const LINK_DESTINATIONS = {
  /** cloud -> gateway (the gateway subscribes): LinkRequest. */
  requests: '/link/requests',
  /** gateway -> cloud (SEND): LinkResponse, correlated by id. */
  responses: '/link/responses',
  /** cloud -> gateway (the gateway subscribes): ForwardControl, which topics to forward. */
  topics: '/link/topics',
  /** gateway -> cloud (SEND): LinkEvent, one message of a forwarded topic. */
  events: '/link/events',
  /** gateway -> cloud (SEND): BackupCopy, one new backup version to keep (issue 18). */
  backups: '/link/backups',
  /** gateway -> cloud (SEND): GatewaySummary, the fleet's counts and device names (cross-gateway overview). */
  summary: '/link/summary',
} as const;

/** Header carrying the gateway token, on the WebSocket handshake and on the STOMP CONNECT frame. */
export const GATEWAY_TOKEN_HEADER = 'smartthing-token-gateway';

/** A body on the link: text as is, anything else (firmware, multipart) as base64. */
export const LinkBody = z.discriminatedUnion('encoding', [
  z.object({ encoding: z.literal('utf8'), text: z.string() }),
  z.object({ encoding: z.literal('base64'), data: z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/) }),
]);
export type LinkBody = z.infer<typeof LinkBody>;

const TEXTUAL = /^(?:text\/|application\/(?:[\w.+-]*\+)?json\b|application\/x-www-form-urlencoded)/i;

/** The link form of some bytes: utf8 when the content type is textual and the bytes are valid UTF-8. */
export function encodeLinkBody(bytes: Uint8Array, contentType: string | undefined): LinkBody {
  if (contentType !== undefined && TEXTUAL.test(contentType)) {
    try {
      return { encoding: 'utf8', text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
    } catch {
      // not UTF-8 after all: fall through to base64
    }
  }
  return { encoding: 'base64', data: bytesToBase64(bytes) };
}

export function decodeLinkBody(body: LinkBody): Uint8Array {
  if (body.encoding === 'utf8') return new TextEncoder().encode(body.text);
  return base64ToBytes(body.data) ?? new Uint8Array();
}

const HeaderMap = z.record(z.string(), z.string());

const requestBase = {
  /** Correlation id, unique per request. */
  id: z.string().min(1),
  /** How long the cloud waits; the gateway may give up after it. */
  timeoutMs: z.number().int().positive().optional(),
  /** The signed-in user the cloud sends it for (the gateway names them on the device timeline). */
  actor: z.string().min(1).max(128).optional(),
  /** the answer's body may come in chunks (the cloud sets it for a gateway that announced transfers) */
  chunkedAnswer: z.boolean().optional(),
};

export const LinkRelayRequest = z.object({
  ...requestBase,
  kind: z.literal('relay'),
  method: HttpMethod,
  url: GatewayApiUrl,
  headers: HeaderMap.default({}),
  body: LinkBody.optional(),
  /** the body comes in chunks on LINK_TRANSFER.down instead (linkTransfer.ts) */
  transfer: LinkTransferHead.optional(),
});
export type LinkRelayRequest = z.infer<typeof LinkRelayRequest>;

export const LinkDeviceRequest = z.object({
  ...requestBase,
  kind: z.literal('device'),
  device: z.string().min(1),
  command: z.string().min(1),
  params: z.record(z.string(), z.unknown()).default({}),
});
export type LinkDeviceRequest = z.infer<typeof LinkDeviceRequest>;

export const LinkCommandRequest = z.object({
  ...requestBase,
  kind: z.literal('command'),
  command: GatewayCommand,
  parameters: z.record(z.string(), z.unknown()).default({}),
});
export type LinkCommandRequest = z.infer<typeof LinkCommandRequest>;

export const LinkRequest = z.discriminatedUnion('kind', [
  LinkRelayRequest,
  LinkDeviceRequest,
  LinkCommandRequest,
]);
export type LinkRequest = z.infer<typeof LinkRequest>;

/** Times measured on the gateway, for the relayed answer's Server-Timing header. */
export const LinkTimings = z.object({
  gatewayMs: z.number().nonnegative(),
  deviceMs: z.number().nonnegative().optional(),
});
export type LinkTimings = z.infer<typeof LinkTimings>;

/** The gateway's answer: status, headers and body of what it (or the device) answered, unchanged. */
export const LinkResponse = z.object({
  id: z.string().min(1),
  status: z.number().int().min(100).max(599),
  headers: HeaderMap.default({}),
  body: LinkBody.optional(),
  /** the body comes in chunks on LINK_TRANSFER.up instead (linkTransfer.ts) */
  transfer: LinkTransferHead.optional(),
  timings: LinkTimings,
});
export type LinkResponse = z.infer<typeof LinkResponse>;

const ForwardedTopic = z.string().refine(isForwardableGatewayTopic, 'Not a topic the gateway forwards');

/**
 * Which gateway topics to forward: start or stop one, or (after every (re)connect) the whole set. The
 * gateway forwards nothing it was not asked to.
 */
export const ForwardControl = z.discriminatedUnion('action', [
  z.object({ action: z.literal('start'), topic: ForwardedTopic }),
  z.object({ action: z.literal('stop'), topic: ForwardedTopic }),
  z.object({ action: z.literal('set'), topics: z.array(ForwardedTopic) }),
]);
export type ForwardControl = z.infer<typeof ForwardControl>;

/** One message of a forwarded topic; the cloud checks `payload` against the topic's schema. */
export const LinkEvent = z.object({ topic: ForwardedTopic, payload: z.unknown() });
export type LinkEvent = z.infer<typeof LinkEvent>;
