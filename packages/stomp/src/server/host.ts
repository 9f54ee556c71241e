import type {
  AccessResult,
  AuthenticateContext,
  AuthenticateResult,
  StompLimits,
  StompLogger,
} from './options';
import type { OutgoingMessage } from './outgoing';

/** One live subscription of a session. */
export interface Subscription {
  readonly id: string;
  readonly destination: string;
  /** Encoded `MESSAGE\nsubscription:<id>\n`. */
  readonly prefix: Buffer;
  readonly session: SessionLike;
}

/** What the subscription index needs from a session to deliver to it. */
export interface SessionLike {
  readonly id: string;
  readonly user: string | undefined;
  deliver(subscription: Subscription, message: OutgoingMessage): void;
}

/** What a SEND handler receives. */
export interface SendContext<P> {
  readonly sessionId: string;
  readonly principal: P;
  readonly destination: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Uint8Array;
  /** The body decoded as UTF-8. */
  text(): string;
}

export type SendHandler<P> = (context: SendContext<P>) => void | Promise<void>;

/**
 * The server side of a session: hooks, limits and the shared subscription index. `S` is the session class
 * the host is told about on CONNECT (StompSession; a type parameter so this file need not import it).
 */
export interface SessionHost<P, S extends SessionLike = SessionLike> {
  readonly limits: StompLimits;
  readonly logger: StompLogger;
  authenticate(context: AuthenticateContext): Promise<AuthenticateResult<P>>;
  authorize(principal: P, destination: string): Promise<AccessResult>;
  userOf(principal: P): string | undefined;
  connected(session: S, principal: P): void;
  closed(session: SessionLike, reason: string): void;
  /** The session's socket is closed (after `closed`, or alone when it closed before CONNECT). */
  socketClosed(session: S): void;
  subscribed(subscription: Subscription): void;
  unsubscribed(subscription: Subscription): void;
  handlerFor(destination: string): SendHandler<P> | undefined;
}

/** Throw this from a SEND handler to refuse with a reason a client may see (ERROR `message`). */
export class StompRefusal extends Error {
  override readonly name = 'StompRefusal';
}
