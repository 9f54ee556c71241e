import type { IncomingMessage } from 'node:http';
import { z } from 'zod';
import type { StompBus } from '../bus/types';

/** What the authentication hook sees: the HTTP upgrade request (cookies, headers) and the CONNECT headers. */
export interface AuthenticateContext {
  readonly request: IncomingMessage;
  readonly connectHeaders: Readonly<Record<string, string>>;
  readonly remoteAddress: string;
}

export type AuthenticateResult<P> = { ok: true; principal: P } | { ok: false; reason: string };
export type AccessResult = { ok: true } | { ok: false; reason: string };

/** A connected session as the server's users see it. */
export interface StompSessionInfo<P> {
  readonly id: string;
  readonly principal: P;
  /** `userOf(principal)`, the key for user-addressed messages. */
  readonly user: string | undefined;
  readonly remoteAddress: string;
  /** Destinations this session is subscribed to right now. */
  destinations(): string[];
}

/** Pino-compatible subset. */
export interface StompLogger {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface StompServerOptions<P> {
  /**
   * Checked on the HTTP upgrade, before the websocket exists (e.g. the Origin, a session cookie): a refusal
   * answers the handshake with that HTTP status and no websocket is opened. Default: every upgrade.
   */
  acceptUpgrade?(request: IncomingMessage): true | { status: number; reason: string };
  /** Decides who the client is; a refusal becomes an ERROR frame with the reason, then the socket closes. */
  authenticate(context: AuthenticateContext): AuthenticateResult<P> | Promise<AuthenticateResult<P>>;
  /** Decides whether `principal` may SUBSCRIBE to `destination`; default: everything. Refusal: ERROR, close. */
  authorizeSubscribe?(
    principal: P,
    destination: string,
  ): boolean | AccessResult | Promise<boolean | AccessResult>;
  /** The user key of a principal, for `publish(..., { user })`. */
  userOf?(principal: P): string | undefined;
  /** Fan-out between nodes; default: a fresh in-process MemoryBus. */
  bus?: StompBus;
  logger?: StompLogger;
  /** Heart-beats the server offers: `outgoing` it sends, `incoming` it wants. Default 10000/10000 ms. */
  heartbeat?: { outgoing?: number; incoming?: number };
  /** Largest inbound frame in bytes (default 8 MiB); larger: ERROR, then close. */
  maxFrameBytes?: number;
  /** Most header lines in an inbound frame (default 100). */
  maxHeaders?: number;
  /** A session whose unsent outbound bytes exceed this is dropped as a slow consumer (default 16 MiB). */
  maxBufferedBytes?: number;
  maxSubscriptionsPerSession?: number;
  /** A socket that sends no CONNECT within this time is closed (default 10000 ms). */
  connectTimeoutMs?: number;
  /** How long `close()` waits for clients to complete the websocket close (default 2000 ms). */
  closeTimeoutMs?: number;
}

const limitsSchema = z.object({
  heartbeatOutgoing: z.number().int().min(0).default(10_000),
  heartbeatIncoming: z.number().int().min(0).default(10_000),
  maxFrameBytes: z
    .number()
    .int()
    .min(1024)
    .default(8 * 1024 * 1024),
  maxHeaders: z.number().int().min(8).default(100),
  maxBufferedBytes: z
    .number()
    .int()
    .min(1024)
    .default(16 * 1024 * 1024),
  maxSubscriptionsPerSession: z.number().int().min(1).default(1000),
  connectTimeoutMs: z.number().int().min(1).default(10_000),
  closeTimeoutMs: z.number().int().min(0).default(2000),
});

export type StompLimits = z.infer<typeof limitsSchema>;

/** Validates the numeric options once, filling defaults; throws listing every problem. */
export function resolveLimits<P>(options: StompServerOptions<P>): StompLimits {
  return limitsSchema.parse({
    heartbeatOutgoing: options.heartbeat?.outgoing,
    heartbeatIncoming: options.heartbeat?.incoming,
    maxFrameBytes: options.maxFrameBytes,
    maxHeaders: options.maxHeaders,
    maxBufferedBytes: options.maxBufferedBytes,
    maxSubscriptionsPerSession: options.maxSubscriptionsPerSession,
    connectTimeoutMs: options.connectTimeoutMs,
    closeTimeoutMs: options.closeTimeoutMs,
  });
}

export const silentLogger: StompLogger = {
  debug: () => {},
  info: () => {},
  warn: () => {},
  error: () => {},
};
