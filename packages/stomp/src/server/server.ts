import { randomBytes } from 'node:crypto';
import type { Server as HttpServer, IncomingMessage } from 'node:http';
import type { Server as HttpsServer } from 'node:https';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';
import { MemoryBus } from '../bus/memory-bus';
import type { StompBus } from '../bus/types';
import { TypedEvents } from './events';
import type { SendHandler, SessionHost } from './host';
import {
  resolveLimits,
  type StompLimits,
  type StompServerOptions,
  type StompSessionInfo,
  silentLogger,
} from './options';
import { StompSession } from './session';
import { SubscriptionIndex } from './subscriptions';

export const DEFAULT_STOMP_PATH = '/api/st-ws';

/** Events of a {@link StompServer}; listeners are added with `server.on(name, listener)`. */
export interface StompServerEvents<P> {
  /** A session finished CONNECT and was authenticated. */
  connected: [session: StompSessionInfo<P>];
  /** An authenticated session ended (client DISCONNECT, socket closed, refused frame, closeSessions, shutdown). */
  disconnected: [session: StompSessionInfo<P>, reason: string];
  /** A destination got its first subscriber on this server. */
  destinationActive: [destination: string];
  /** A destination lost its last subscriber on this server. */
  destinationIdle: [destination: string];
}

export interface PublishOptions {
  /** Extra MESSAGE headers; `content-type` overrides the default. */
  readonly headers?: Readonly<Record<string, string>>;
  /** Deliver only to sessions whose `userOf(principal)` is this user. */
  readonly user?: string;
}

interface Connected<P> {
  readonly session: StompSession<P>;
  readonly info: StompSessionInfo<P>;
}

/** STOMP 1.2 over WebSocket: sessions, hooks, fan-out through a {@link StompBus}. */
export class StompServer<P> {
  readonly limits: StompLimits;
  private readonly bus: StompBus;
  private readonly events: TypedEvents<StompServerEvents<P>>;
  private readonly index: SubscriptionIndex;
  private readonly host: SessionHost<P, StompSession<P>>;
  private readonly sockets = new Set<StompSession<P>>();
  private readonly connected = new Map<string, Connected<P>>();
  private readonly handlers = new Map<string, SendHandler<P>>();
  private readonly detachers: Array<() => void> = [];
  private wss: WebSocketServer | undefined;
  private closing = false;
  private readonly acceptUpgrade: StompServerOptions<P>['acceptUpgrade'];

  constructor(options: StompServerOptions<P>) {
    this.limits = resolveLimits(options);
    this.acceptUpgrade = options.acceptUpgrade;
    const logger = options.logger ?? silentLogger;
    this.bus = options.bus ?? new MemoryBus();
    this.events = new TypedEvents(logger);
    this.index = new SubscriptionIndex(this.bus, {
      active: (destination) => this.events.emit('destinationActive', destination),
      idle: (destination) => this.events.emit('destinationIdle', destination),
    });
    this.host = {
      limits: this.limits,
      logger,
      authenticate: async (context) => {
        try {
          return await options.authenticate(context);
        } catch (error) {
          logger.error({ err: error }, 'stomp authenticate hook failed');
          return { ok: false, reason: 'Authentication failed' };
        }
      },
      authorize: async (principal, destination) => {
        try {
          const verdict = (await options.authorizeSubscribe?.(principal, destination)) ?? true;
          if (verdict === true) return { ok: true };
          if (verdict === false) return { ok: false, reason: `Not allowed to subscribe to ${destination}` };
          return verdict;
        } catch (error) {
          logger.error({ err: error, destination }, 'stomp authorizeSubscribe hook failed');
          return { ok: false, reason: 'Authorization failed' };
        }
      },
      userOf: (principal) => options.userOf?.(principal),
      connected: (session, principal) => this.onConnected(session, principal),
      closed: (session, reason) => this.onClosed(session.id, reason),
      socketClosed: (session) => this.sockets.delete(session),
      subscribed: (subscription) => this.index.add(subscription),
      unsubscribed: (subscription) => this.index.remove(subscription),
      handlerFor: (destination) => this.handlerFor(destination),
    };
  }

  /** Serves STOMP on `path` of `httpServer`; other upgrade paths get 404 unless another listener handles them. */
  attach(httpServer: HttpServer | HttpsServer, path: string = DEFAULT_STOMP_PATH): void {
    const listener = (request: IncomingMessage, socket: Duplex, head: Buffer): void => {
      const url = request.url ?? '';
      const query = url.indexOf('?');
      if ((query < 0 ? url : url.slice(0, query)) === path) this.handleUpgrade(request, socket, head);
      else if (httpServer.listenerCount('upgrade') === 1) rejectUpgrade(socket, 404, 'Not Found');
    };
    httpServer.on('upgrade', listener);
    this.detachers.push(() => httpServer.off('upgrade', listener));
  }

  /** Takes over one HTTP upgrade (for servers that route upgrades themselves). */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    if (this.closing) {
      rejectUpgrade(socket, 503, 'Service Unavailable');
      return;
    }
    const verdict = this.acceptUpgrade?.(request) ?? true;
    if (verdict !== true) {
      rejectUpgrade(socket, verdict.status, verdict.reason);
      return;
    }
    this.wss ??= new WebSocketServer({
      noServer: true,
      clientTracking: false,
      perMessageDeflate: false,
      maxPayload: this.limits.maxFrameBytes * 2 + 1024,
      handleProtocols: (offered) =>
        ['v12.stomp', 'v11.stomp', 'v10.stomp'].find((p) => offered.has(p)) ?? false,
    });
    this.wss.handleUpgrade(request, socket, head, (ws) => this.accept(ws, request));
  }

  /** Publishes to every subscriber of `destination` (through the bus, so on every node). */
  async publish(destination: string, body: string | Uint8Array, options: PublishOptions = {}): Promise<void> {
    if (this.closing) return;
    const { headers, user } = options;
    await this.bus.publish(destination, {
      body,
      ...(headers === undefined ? {} : { headers }),
      ...(user === undefined ? {} : { user }),
    });
  }

  /** Publishes `value` as JSON (`content-type: application/json`). */
  publishJson(destination: string, value: unknown, options: PublishOptions = {}): Promise<void> {
    const headers = { 'content-type': 'application/json', ...options.headers };
    return this.publish(destination, JSON.stringify(value), { ...options, headers });
  }

  /**
   * Routes client SENDs to `destination` or below it (`/a` matches `/a` and `/a/b`, the longest prefix wins).
   * Throw {@link StompRefusal} to answer ERROR with your reason. Returns the function that unregisters.
   */
  handle(prefix: string, handler: SendHandler<P>): () => void {
    this.handlers.set(prefix, handler);
    return () => {
      if (this.handlers.get(prefix) === handler) this.handlers.delete(prefix);
    };
  }

  on<K extends keyof StompServerEvents<P>>(
    event: K,
    listener: (...args: StompServerEvents<P>[K]) => void,
  ): () => void {
    return this.events.on(event, listener);
  }

  /** Sends ERROR `reason` to every connected session matching `predicate` and closes it; returns how many. */
  closeSessions(predicate: (session: StompSessionInfo<P>) => boolean, reason: string): number {
    let count = 0;
    for (const { session, info } of [...this.connected.values()]) {
      if (!predicate(info)) continue;
      session.fail(reason, { code: 1008 });
      count++;
    }
    return count;
  }

  /** Local subscriptions to `destination` (on this server, not the whole bus). */
  subscriberCount(destination: string): number {
    return this.index.count(destination);
  }

  /** Destinations with at least one local subscriber. */
  activeDestinations(): string[] {
    return this.index.destinations();
  }

  sessions(): StompSessionInfo<P>[] {
    return [...this.connected.values()].map((c) => c.info);
  }

  /** Stops accepting, closes every session politely (websocket close 1001) and waits for them. */
  async close(): Promise<void> {
    this.closing = true;
    for (const detach of this.detachers.splice(0)) detach();
    await Promise.all([...this.sockets].map((session) => session.shutdown()));
    await new Promise<void>((resolve) => (this.wss ? this.wss.close(() => resolve()) : resolve()));
    this.events.clear();
  }

  private accept(ws: WebSocket, request: IncomingMessage): void {
    if (this.closing) {
      ws.close(1001);
      return;
    }
    // One flat string: node's randomUUID() returns a chain of ~12 concatenated strings, which a session kept (and
    // every full GC marked) for as long as it lived.
    const session = new StompSession<P>(randomBytes(16).toString('hex'), ws, request, this.host);
    this.sockets.add(session);
    session.start();
  }

  private onConnected(session: StompSession<P>, principal: P): void {
    const info = new SessionInfo(session, principal);
    this.connected.set(session.id, { session, info });
    this.events.emit('connected', info);
  }

  private onClosed(sessionId: string, reason: string): void {
    const entry = this.connected.get(sessionId);
    if (entry === undefined) return;
    this.connected.delete(sessionId);
    this.events.emit('disconnected', entry.info, reason);
  }

  private handlerFor(destination: string): SendHandler<P> | undefined {
    let best: SendHandler<P> | undefined;
    let bestLength = -1;
    for (const [prefix, handler] of this.handlers) {
      if (prefix.length <= bestLength) continue;
      const under = prefix.endsWith('/') ? prefix : `${prefix}/`;
      if (destination === prefix || destination.startsWith(under)) {
        best = handler;
        bestLength = prefix.length;
      }
    }
    return best;
  }
}

/** A connected session as the server's users see it (a class: no closure per session). */
class SessionInfo<P> implements StompSessionInfo<P> {
  readonly id: string;
  readonly user: string | undefined;
  readonly remoteAddress: string;

  constructor(
    private readonly session: StompSession<P>,
    readonly principal: P,
  ) {
    this.id = session.id;
    this.user = session.user;
    this.remoteAddress = session.remoteAddress;
  }

  destinations(): string[] {
    return [...this.session.subscriptions.values()].map((s) => s.destination);
  }
}

function rejectUpgrade(socket: Duplex, status: number, text: string): void {
  socket.on('error', () => {});
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}
