// The load generator's HTTP client: plain HTTP/1.1 over keep-alive TCP sockets, requests written as one
// buffer and answers read by Content-Length. fetch (undici) cost the load generator about 0.6 ms of CPU per
// relayed call, more than the cloud node it measured, so on a 2-core machine the harness, not the node, set
// the rate. This costs a fraction of that. Open loop: a request never waits for another one's answer (a new
// socket is opened when all are busy, up to `maxSockets`; beyond that requests queue and their wait counts).
import { connect, type Socket } from 'node:net';

export interface LightAnswer {
  status: number;
  body: string;
}

interface Waiting {
  head: Buffer;
  body: Buffer;
  resolve: (a: LightAnswer) => void;
  reject: (e: Error) => void;
}

const HEAD_END = Buffer.from('\r\n\r\n');

/** One keep-alive connection: one request at a time, answers parsed by status line and Content-Length. */
class Connection {
  private buffered: Buffer = Buffer.alloc(0);
  private current: Waiting | undefined;
  private readonly socket: Socket;
  dead = false;
  /** resolves once the TCP connection is up (or failed) */
  readonly connected: Promise<void>;

  constructor(
    host: string,
    port: number,
    private readonly onIdle: (c: Connection) => void,
    private readonly onDead: (c: Connection) => void,
  ) {
    this.socket = connect({ host, port, noDelay: true });
    this.connected = new Promise((resolve) => {
      this.socket.once('connect', () => resolve());
      this.socket.once('close', () => resolve());
    });
    this.socket.on('data', (d: Buffer) => this.onData(d));
    const fail = (e: Error) => {
      if (this.dead) return;
      this.dead = true;
      this.current?.reject(e);
      this.current = undefined;
      this.onDead(this);
    };
    this.socket.on('error', fail);
    this.socket.on('close', () => fail(new Error('connection closed')));
  }

  send(w: Waiting): void {
    this.current = w;
    this.socket.write(w.body.length > 0 ? Buffer.concat([w.head, w.body]) : w.head);
  }

  close(): void {
    this.dead = true;
    this.socket.destroy();
  }

  private onData(d: Buffer): void {
    this.buffered = this.buffered.length === 0 ? d : Buffer.concat([this.buffered, d]);
    const end = this.buffered.indexOf(HEAD_END);
    if (end < 0) return;
    const head = this.buffered.subarray(0, end).toString('latin1');
    const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? 'NaN');
    if (!Number.isFinite(length)) {
      // not an answer this client reads (chunked): give up on this connection rather than guess
      this.socket.destroy(new Error(`answer without Content-Length: ${head.split('\r\n')[0]}`));
      return;
    }
    const total = end + 4 + length;
    if (this.buffered.length < total) return;
    const status = Number(head.slice(9, 12));
    const body = this.buffered.subarray(end + 4, total).toString('utf8');
    this.buffered = this.buffered.subarray(total);
    const w = this.current;
    this.current = undefined;
    const closing = /\r\nconnection:\s*close/i.test(head);
    w?.resolve({ status, body });
    if (closing) this.close();
    else this.onIdle(this);
  }
}

export class LightHttpClient {
  private readonly idle: Connection[] = [];
  private readonly all = new Set<Connection>();
  private readonly queue: Waiting[] = [];
  private readonly host: string;
  private readonly port: number;

  constructor(
    base: string,
    private readonly headers: Record<string, string>,
    private readonly maxSockets = 512,
  ) {
    const u = new URL(base);
    this.host = u.hostname;
    this.port = Number(u.port);
  }

  /** POSTs a JSON body; resolves with the status and the body as text. */
  postJson(path: string, value: unknown): Promise<LightAnswer> {
    const body = Buffer.from(JSON.stringify(value));
    const lines = [
      `POST ${path} HTTP/1.1`,
      `host: ${this.host}:${this.port}`,
      'content-type: application/json',
      `content-length: ${body.length}`,
      ...Object.entries(this.headers).map(([k, v]) => `${k}: ${v}`),
    ];
    return this.request(Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), body);
  }

  /** GETs `path` with no header but the host (no cookie: a public route). */
  get(path: string): Promise<LightAnswer> {
    const head = Buffer.from(`GET ${path} HTTP/1.1\r\nhost: ${this.host}:${this.port}\r\n\r\n`, 'latin1');
    return this.request(head, Buffer.alloc(0));
  }

  private request(head: Buffer, body: Buffer): Promise<LightAnswer> {
    return new Promise((resolve, reject) => {
      const w: Waiting = { head, body, resolve, reject };
      const c = this.idle.pop() ?? this.open();
      if (c) c.send(w);
      else this.queue.push(w);
    });
  }

  /**
   * Opens `n` connections before the load, as users' browsers hold theirs: otherwise the first second of a
   * run is spent opening hundreds of sockets at once (each one a burst of accepts for the node).
   */
  async warm(n: number): Promise<void> {
    const opened: Connection[] = [];
    for (let i = 0; i < n; i++) {
      const c = this.open();
      if (c) opened.push(c);
    }
    await Promise.all(opened.map((c) => c.connected));
    for (const c of opened) if (!c.dead) this.idle.push(c);
  }

  /** Connections opened so far and still open. */
  get sockets(): number {
    return this.all.size;
  }

  close(): void {
    for (const c of this.all) c.close();
    for (const w of this.queue.splice(0)) w.reject(new Error('client closed'));
  }

  private open(): Connection | undefined {
    if (this.all.size >= this.maxSockets) return undefined;
    const c = new Connection(
      this.host,
      this.port,
      (idle) => {
        const next = this.queue.shift();
        if (next) idle.send(next);
        else this.idle.push(idle);
      },
      (dead) => {
        this.all.delete(dead);
        const i = this.idle.indexOf(dead);
        if (i >= 0) this.idle.splice(i, 1);
        const next = this.queue.shift();
        if (!next) return;
        const other = this.idle.pop() ?? this.open();
        if (other) other.send(next);
        else this.queue.unshift(next);
      },
    );
    this.all.add(c);
    return c;
  }
}
