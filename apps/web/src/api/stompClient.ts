// The console's STOMP 1.2 client over one WebSocket (issue 21: @stomp/stompjs was 5.5 KiB gzip of every first
// screen; the console needs connect with heart-beats, subscribe, unsubscribe and reconnect, which this does in
// a fraction of it). liveChannel.ts keeps the subscriptions across reconnects; liveChannel.test.ts runs it
// against the servers' own STOMP server (packages/stomp) over a real socket.

export interface StompFrame {
  command: string;
  headers: Record<string, string>;
  body: string;
}

/** What the client needs of a WebSocket (the browser's, or the `ws` package's in Node tests). */
export interface SocketLike {
  readonly readyState: number;
  binaryType: string;
  send(data: string): void;
  close(): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export interface StompClientOptions {
  url: string;
  /** Opens the socket (default: the browser's WebSocket on `url` with the STOMP subprotocols). */
  webSocketFactory?: (() => SocketLike) | undefined;
  /** Heart-beats offered both ways (ms; 0: none). */
  heartbeatMs: number;
  /** The wait before connecting again after the socket closed. */
  reconnectDelayMs: number;
  /** Runs before every (re)connect; a failure waits `reconnectDelayMs` and tries again. */
  beforeConnect?: (() => Promise<void>) | undefined;
  onConnect: () => void;
  onSocketClose: () => void;
  onStompError: (frame: StompFrame) => void;
}

const OPEN = 1;
const SUBPROTOCOLS = ['v12.stomp', 'v11.stomp', 'v10.stomp'];
const ESCAPES: Record<string, string> = { '\\\\': '\\', '\\n': '\n', '\\r': '\r', '\\c': ':' };

/** A header value as STOMP 1.2 writes it (not in CONNECT frames). */
const escapeHeader = (value: string) =>
  value.replace(/[\\\r\n:]/g, (c) => (c === '\\' ? '\\\\' : c === '\r' ? '\\r' : c === '\n' ? '\\n' : '\\c'));
const unescapeHeader = (value: string) => value.replace(/\\[\\nrc]/g, (s) => ESCAPES[s] ?? s);

/** Writes one frame (the body is text; the console only sends frames without one). */
export function encodeFrame(command: string, headers: Record<string, string>, body = ''): string {
  const raw = command === 'CONNECT';
  let head = command;
  for (const [name, value] of Object.entries(headers))
    head += `\n${raw ? name : escapeHeader(name)}:${raw ? value : escapeHeader(value)}`;
  return `${head}\n\n${body}\0`;
}

/** Reads the frames of one socket message (heart-beat EOLs between them are skipped). */
export function decodeFrames(data: string): StompFrame[] {
  const frames: StompFrame[] = [];
  for (const part of data.split('\0')) {
    const text = part.replace(/^[\r\n]+/, '');
    if (text === '') continue;
    const blank = text.search(/\r?\n\r?\n/);
    const head = (blank < 0 ? text : text.slice(0, blank)).split(/\r?\n/);
    const body = blank < 0 ? '' : text.slice(blank + (text[blank] === '\r' ? 4 : 2));
    const command = head[0] ?? '';
    const raw = command === 'CONNECTED';
    const headers: Record<string, string> = {};
    for (const line of head.slice(1)) {
      const colon = line.indexOf(':');
      if (colon <= 0) continue;
      const name = raw ? line.slice(0, colon) : unescapeHeader(line.slice(0, colon));
      // the first occurrence of a repeated header wins (STOMP 1.2)
      headers[name] ??= raw ? line.slice(colon + 1) : unescapeHeader(line.slice(colon + 1));
    }
    frames.push({ command, headers, body });
  }
  return frames;
}

export interface StompSubscription {
  unsubscribe(): void;
}

export class StompClient {
  readonly #options: StompClientOptions;
  readonly #handlers = new Map<string, (frame: StompFrame) => void>();
  #socket: SocketLike | undefined;
  #active = false;
  #nextId = 0;
  #timers: Array<ReturnType<typeof setInterval>> = [];
  #reconnect: ReturnType<typeof setTimeout> | undefined;
  #lastIncoming = 0;
  #closed: (() => void) | undefined;

  constructor(options: StompClientOptions) {
    this.#options = options;
  }

  /** The socket in use, if any. */
  get webSocket(): SocketLike | undefined {
    return this.#socket;
  }

  /** Connects, and connects again whenever the socket closes, until deactivated. */
  activate(): void {
    if (this.#active) return;
    this.#active = true;
    void this.#connect();
  }

  async #connect(): Promise<void> {
    if (!this.#active) return;
    const { beforeConnect, webSocketFactory, url } = this.#options;
    try {
      await beforeConnect?.();
    } catch {
      this.#scheduleReconnect();
      return;
    }
    if (!this.#active) return;
    const socket = webSocketFactory?.() ?? (new WebSocket(url, SUBPROTOCOLS) as unknown as SocketLike);
    socket.binaryType = 'arraybuffer';
    this.#socket = socket;
    const beat = String(this.#options.heartbeatMs);
    socket.onopen = () =>
      socket.send(
        encodeFrame('CONNECT', {
          'accept-version': '1.2,1.1,1.0',
          host: '/',
          'heart-beat': `${beat},${beat}`,
        }),
      );
    socket.onmessage = (event) => this.#receive(event.data);
    socket.onerror = () => {};
    socket.onclose = () => {
      if (this.#socket === socket) this.#socket = undefined;
      this.#stopHeartbeats();
      this.#options.onSocketClose();
      this.#closed?.();
      this.#scheduleReconnect();
    };
  }

  #scheduleReconnect(): void {
    if (!this.#active || this.#reconnect !== undefined) return;
    this.#reconnect = setTimeout(() => {
      this.#reconnect = undefined;
      void this.#connect();
    }, this.#options.reconnectDelayMs);
  }

  #receive(data: unknown): void {
    this.#lastIncoming = Date.now();
    const text = typeof data === 'string' ? data : new TextDecoder().decode(data as ArrayBuffer);
    for (const frame of decodeFrames(text)) {
      if (frame.command === 'CONNECTED') this.#connected(frame);
      else if (frame.command === 'MESSAGE') this.#handlers.get(frame.headers.subscription ?? '')?.(frame);
      else if (frame.command === 'ERROR') this.#options.onStompError(frame);
    }
  }

  /** Heart-beats as agreed (the larger of what each side asked, both ways), then the user's callback. */
  #connected(frame: StompFrame): void {
    const [serverSends = 0, serverWants = 0] = (frame.headers['heart-beat'] ?? '0,0').split(',').map(Number);
    const ours = this.#options.heartbeatMs;
    const socket = this.#socket;
    if (ours > 0 && serverWants > 0 && socket !== undefined) {
      const every = Math.max(ours, serverWants);
      this.#timers.push(setInterval(() => socket.readyState === OPEN && socket.send('\n'), every));
    }
    if (ours > 0 && serverSends > 0 && socket !== undefined) {
      const every = Math.max(ours, serverSends);
      // silent for two periods: the link is dead even if the socket has not noticed
      this.#timers.push(
        setInterval(() => Date.now() - this.#lastIncoming > 2 * every && socket.close(), every),
      );
    }
    this.#options.onConnect();
  }

  #stopHeartbeats(): void {
    for (const timer of this.#timers) clearInterval(timer);
    this.#timers = [];
  }

  #send(command: string, headers: Record<string, string>): void {
    if (this.#socket?.readyState === OPEN) this.#socket.send(encodeFrame(command, headers));
  }

  /** Subscribes on the connected socket; the handler gets each MESSAGE frame of the subscription. */
  subscribe(destination: string, handler: (frame: StompFrame) => void): StompSubscription {
    const id = `sub-${this.#nextId++}`;
    this.#handlers.set(id, handler);
    this.#send('SUBSCRIBE', { id, destination, ack: 'auto' });
    return {
      unsubscribe: () => {
        this.#handlers.delete(id);
        this.#send('UNSUBSCRIBE', { id });
      },
    };
  }

  /** Stops reconnecting and closes the socket (after a DISCONNECT unless `force`); resolves once closed. */
  deactivate(options: { force?: boolean } = {}): Promise<void> {
    this.#active = false;
    clearTimeout(this.#reconnect);
    this.#reconnect = undefined;
    this.#stopHeartbeats();
    this.#handlers.clear();
    const socket = this.#socket;
    if (socket === undefined || socket.readyState === 3) return Promise.resolve();
    const closed = new Promise<void>((resolve) => {
      this.#closed = resolve;
    });
    if (!options.force) this.#send('DISCONNECT', {});
    socket.close();
    return closed;
  }
}
