import type { ConsoleLogger } from './http';
import type { SocketLike, StompClient, StompFrame, StompSubscription } from './stompClient';

/** WebSocket.OPEN. */
const SOCKET_OPEN = 1;

export type LiveHandler = (payload: unknown) => void;

export interface LiveChannelOptions {
  /** ws:// or wss:// URL of `{base}/api/st-ws`. */
  url: string;
  heartbeatMs: number;
  reconnectDelayMs: number;
  log: ConsoleLogger;
  /**
   * Runs before every (re)connect. Cloud mode renews the session here: the websocket upgrade carries the
   * access cookie, which expires long before a console tab is closed.
   */
  beforeConnect?: () => Promise<void>;
  /** Node (tests) has no global WebSocket; pass the `ws` package's. */
  webSocketFactory?: () => SocketLike;
}

interface Entry {
  destination: string;
  handler: LiveHandler;
  subscription: StompSubscription | undefined;
}

/**
 * The console's live channel (STOMP, stompClient.ts). Subscriptions are kept in a registry and re-made on every (re)connect, so a
 * dropped link loses nothing but the messages sent while it was down.
 */
export class LiveChannel {
  readonly #options: LiveChannelOptions;
  readonly #entries = new Set<Entry>();
  readonly #connectionListeners = new Set<(connected: boolean) => void>();
  #client: StompClient | undefined;
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
    void import('./stompClient').then(
      ({ StompClient }) => {
        if (generation === this.#generation) this.#activate(StompClient);
      },
      (error: unknown) => this.#options.log.error('Failed to load the live channel client', error),
    );
  }

  #activate(Client: typeof StompClient): void {
    const { url, heartbeatMs, reconnectDelayMs, log, webSocketFactory, beforeConnect } = this.#options;
    const client = new Client({
      url,
      webSocketFactory,
      heartbeatMs,
      reconnectDelayMs,
      beforeConnect,
      onConnect: () => this.#onConnect(),
      onSocketClose: () => this.#setConnected(false),
      onStompError: (frame: StompFrame) =>
        log.warn('Live channel error', frame.headers.message ?? frame.body),
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

  #onConnect(): void {
    this.#setConnected(true);
    for (const entry of this.#entries) this.#attach(entry);
  }

  #attach(entry: Entry): void {
    const client = this.#client;
    if (client === undefined) return;
    entry.subscription = client.subscribe(entry.destination, (message: StompFrame) => {
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
