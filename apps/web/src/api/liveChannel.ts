import type { Client, IMessage, IStompSocket, StompSubscription } from '@stomp/stompjs';
import type { ConsoleLogger } from './http';

/** WebSocket.OPEN and CLOSED. */
const SOCKET_OPEN = 1;
const SOCKET_CLOSED = 3;

export type LiveHandler = (payload: unknown) => void;

/** What the live channel needs of a WebSocket (the browser's, or the `ws` package's in Node tests). */
export type LiveSocket = IStompSocket;

export interface LiveChannelOptions {
  /** ws:// or wss:// URL of `{base}/api/st-ws`. */
  url: string;
  /** Heart-beats offered both ways (ms; 0: none). A link silent for two periods is dropped and made again. */
  heartbeatMs: number;
  /**
   * The mean wait before the first reconnect after the link drops. Each console waits a random time between
   * half and one and a half times this (so consoles dropped together by a server restart come back spread
   * over time), then twice as long after each failed try, up to `maxReconnectDelayMs`.
   */
  reconnectDelayMs: number;
  /** The longest wait between tries (default 6 x reconnectDelayMs). */
  maxReconnectDelayMs?: number;
  log: ConsoleLogger;
  /**
   * Runs before every (re)connect. Cloud mode renews the session here: the websocket upgrade carries the
   * access cookie, which expires long before a console tab is closed. A failure is logged; the connect goes on.
   */
  beforeConnect?: () => Promise<void>;
  /** Node (tests) has no global WebSocket; pass the `ws` package's. */
  webSocketFactory?: () => LiveSocket;
  /** A number in [0, 1) (tests pin the jitter). */
  random?: () => number;
}

interface Entry {
  destination: string;
  handler: LiveHandler;
  /** The subscription on the current connection; none while disconnected. */
  subscription: StompSubscription | undefined;
}

const SUBPROTOCOLS = ['v12.stomp', 'v11.stomp', 'v10.stomp'];

/**
 * A socket that is already closed: what a failed `new WebSocket` becomes, so that the client closes it and
 * tries again after its wait instead of stopping (stompjs stops when the factory throws).
 */
function closedSocket(url: string): LiveSocket {
  const socket: LiveSocket = {
    url,
    readyState: SOCKET_CLOSED,
    binaryType: 'arraybuffer',
    onopen: null,
    onmessage: null,
    onerror: null,
    onclose: null,
    close: () => {},
    send: () => {},
  } as unknown as LiveSocket;
  setTimeout(
    () => socket.onclose?.({ code: 1006, reason: 'The socket could not be opened', wasClean: false }),
    0,
  );
  return socket;
}

/**
 * The console's live channel: STOMP over one WebSocket (@stomp/stompjs). Subscriptions are kept in a
 * registry and made again on every (re)connect, so a dropped link loses nothing but the messages sent while
 * it was down; those of a closed connection are dropped with it.
 */
export class LiveChannel {
  readonly #options: LiveChannelOptions;
  readonly #entries = new Set<Entry>();
  readonly #connectionListeners = new Set<(connected: boolean) => void>();
  #client: Client | undefined;
  /** Counts start() and stop() calls, so a start whose STOMP client loads after a stop does nothing. */
  #generation = 0;
  #started = false;
  #connected = false;

  constructor(options: LiveChannelOptions) {
    this.#options = options;
  }

  get connected(): boolean {
    return this.#connected;
  }

  /** Connects (and keeps reconnecting); the STOMP client is downloaded on the first start. */
  start(): void {
    if (this.#started) return;
    this.#started = true;
    const generation = ++this.#generation;
    void import('@stomp/stompjs').then(
      (stomp) => {
        if (generation === this.#generation) this.#activate(stomp);
      },
      (error: unknown) => this.#options.log.error('Failed to load the live channel client', error),
    );
  }

  #activate(stomp: typeof import('@stomp/stompjs')): void {
    const { url, heartbeatMs, reconnectDelayMs, log, webSocketFactory, beforeConnect } = this.#options;
    const random = this.#options.random ?? Math.random;
    // stompjs waits reconnectDelay after a drop, doubling after each failed try; the value it starts from is
    // the one set when the last connect succeeded, so each connect picks the next drop's first wait
    const jittered = () => Math.round(reconnectDelayMs * (0.5 + random()));
    const client = new stomp.Client({
      webSocketFactory: () => {
        try {
          return webSocketFactory?.() ?? (new WebSocket(url, SUBPROTOCOLS) as unknown as LiveSocket);
        } catch (error) {
          log.warn('Live channel socket could not be opened', error);
          return closedSocket(url);
        }
      },
      heartbeatIncoming: heartbeatMs,
      heartbeatOutgoing: heartbeatMs,
      // a link found dead by its heart-beats is dropped at once (a close handshake could wait for minutes)
      discardWebsocketOnCommFailure: true,
      reconnectDelay: jittered(),
      reconnectTimeMode: stomp.ReconnectionTimeMode.EXPONENTIAL,
      maxReconnectDelay: this.#options.maxReconnectDelayMs ?? reconnectDelayMs * 6,
      beforeConnect: async (c) => {
        c.reconnectDelay = jittered();
        try {
          await beforeConnect?.();
        } catch (error) {
          log.debug('Live channel: the step before connecting failed', error);
        }
      },
      onConnect: () => this.#onConnect(client),
      onWebSocketClose: () => this.#onClose(client),
      onStompError: (frame) => log.warn('Live channel error', frame.headers.message ?? frame.body),
    });
    this.#client = client;
    client.activate();
  }

  async stop(): Promise<void> {
    this.#started = false;
    this.#generation += 1;
    const client = this.#client;
    // read before the client is dropped: #socketOpen() looks at this.#client
    const open = this.#socketOpen();
    this.#client = undefined;
    for (const entry of this.#entries) entry.subscription = undefined;
    this.#setConnected(false);
    // A socket the server is closing (it does at logout) cannot take a DISCONNECT: just let it go.
    if (client !== undefined) await client.deactivate(open ? {} : { force: true });
  }

  /**
   * Tries to connect now instead of waiting out the back-off (a user asked, the page came back): the client
   * is stopped and started again, which connects at once. Does nothing while connected or stopped.
   */
  reconnectNow(): void {
    const client = this.#client;
    if (client === undefined || this.#connected) return;
    void client.deactivate({ force: true }).then(() => {
      if (this.#client === client && !this.#connected) client.activate();
    });
  }

  /** Listens to a destination until the returned function is called, across reconnects. */
  subscribe(destination: string, handler: LiveHandler): () => void {
    const entry: Entry = { destination, handler, subscription: undefined };
    this.#entries.add(entry);
    if (this.#connected) this.#attach(entry);
    return () => {
      this.#entries.delete(entry);
      if (this.#connected && this.#socketOpen()) entry.subscription?.unsubscribe();
      entry.subscription = undefined;
    };
  }

  onConnectionChange(listener: (connected: boolean) => void): () => void {
    this.#connectionListeners.add(listener);
    return () => this.#connectionListeners.delete(listener);
  }

  /**
   * Runs after every reconnect (not the first connect): messages sent while the link was down are lost,
   * so screens read their state again here.
   */
  onReconnect(listener: () => void): () => void {
    let connectedBefore = this.#connected;
    return this.onConnectionChange((connected) => {
      if (!connected) return;
      if (connectedBefore) listener();
      connectedBefore = true;
    });
  }

  /** Sending on a closing socket fails (and the browser prints an error), so only an open one is used. */
  #socketOpen(): boolean {
    return this.#client?.webSocket?.readyState === SOCKET_OPEN;
  }

  #onConnect(client: Client): void {
    if (client !== this.#client) return;
    this.#setConnected(true);
    for (const entry of this.#entries) this.#attach(entry);
  }

  #onClose(client: Client): void {
    if (client !== this.#client) return;
    // the connection's subscriptions (and their handlers) end with it; onConnect makes them again
    for (const entry of this.#entries) entry.subscription = undefined;
    this.#setConnected(false);
  }

  #attach(entry: Entry): void {
    const client = this.#client;
    if (client === undefined) return;
    entry.subscription = client.subscribe(entry.destination, (message: IMessage) => {
      let payload: unknown;
      try {
        payload = JSON.parse(message.body);
      } catch {
        this.#options.log.error('Live message is not JSON', entry.destination, message.body);
        return;
      }
      try {
        entry.handler(payload);
      } catch (error) {
        this.#options.log.error('Live message handler failed', entry.destination, error);
      }
    });
  }

  #setConnected(connected: boolean): void {
    if (this.#connected === connected) return;
    this.#connected = connected;
    for (const listener of this.#connectionListeners) listener(connected);
  }
}

/** `{base}/api/st-ws` with the page's scheme turned into ws/wss. */
export function liveChannelUrl(baseUrl: string, stompPath: string): string {
  const url = new URL(stompPath.replace(/^\/+/, ''), baseUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}
