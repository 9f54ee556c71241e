import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { matches, type Reply, type Route, type SimRequest } from './reply';

export interface HttpBehaviour {
  slowMs: () => number;
  dropRate: () => number;
  /** While true every request is left without an answer (the firmware is blocked). */
  frozen?: () => boolean;
  random: () => number;
  onRequest?: (req: SimRequest) => void;
}

const BODY_LIMIT = 16 * 1024;

/** True when ESPAsyncWebServer would parse the body as form parameters instead of passing it on. */
function isFormBody(contentType: string, body: string): boolean {
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === 'application/x-www-form-urlencoded') return true;
  if (type !== 'text/plain') return false;
  const first = /[&={[]/.exec(body);
  return first?.[0] === '=';
}

function write(res: ServerResponse, reply: Extract<Reply, { kind: 'send' }>): void {
  const body = reply.body ?? '';
  const headers: Record<string, string | number> = { ...reply.headers };
  if (reply.cors) headers['Access-Control-Allow-Origin'] = '*';
  if (body !== '' || reply.type) headers['Content-Type'] = reply.type ?? 'text/plain';
  headers['Content-Length'] = Buffer.byteLength(body);
  headers.Connection = 'close';
  headers['Accept-Ranges'] = 'none';
  res.sendDate = false;
  res.writeHead(reply.status, headers);
  res.end(body);
}

/** The device web server: node:http with the firmware's routing rules (device-protocol.md §1.1). */
export class DeviceHttpServer {
  private readonly server: Server;
  private readonly sockets = new Set<Socket>();

  constructor(
    private readonly routes: () => readonly Route[],
    private readonly behaviour: HttpBehaviour,
  ) {
    this.server = createServer((req, res) => this.onRequest(req, res));
    this.server.on('connection', (s) => {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
    });
  }

  listen(port: number, host: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const fail = (e: Error) => reject(e);
      this.server.once('error', fail);
      this.server.listen(port, host, () => {
        this.server.off('error', fail);
        resolve();
      });
    });
  }

  /** Stops accepting and drops every open connection (power off / WiFi loss). */
  close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
    if (!this.server.listening) return Promise.resolve();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  dropConnections(): void {
    for (const s of this.sockets) s.destroy();
  }

  private onRequest(req: IncomingMessage, res: ServerResponse): void {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > BODY_LIMIT) req.socket.destroy();
      else chunks.push(c);
    });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://device');
      let body = Buffer.concat(chunks).toString('utf8');
      const query = url.searchParams;
      if (isFormBody(req.headers['content-type'] ?? '', body)) {
        for (const [k, v] of new URLSearchParams(body)) query.append(k, v);
        body = '';
      }
      let path = url.pathname;
      try {
        path = decodeURIComponent(path);
      } catch {
        // keep the raw path, as the firmware would
      }
      const sim: SimRequest = { method: req.method ?? 'GET', path, query, body };
      const go = () => this.answer(sim, res);
      const slow = this.behaviour.slowMs();
      if (slow > 0) setTimeout(go, slow);
      else go();
    });
  }

  private answer(req: SimRequest, res: ServerResponse): void {
    if (res.socket?.destroyed || this.behaviour.frozen?.()) return;
    const drop = this.behaviour.dropRate();
    if (drop > 0 && this.behaviour.random() < drop) {
      res.socket?.destroy();
      return;
    }
    this.behaviour.onRequest?.(req);
    const route = this.routes().find((r) => matches(r, req.path) && r.methods.includes(req.method));
    if (!route) {
      write(res, { kind: 'send', status: 404, body: 'Page not found', type: 'text/plain', cors: false });
      return;
    }
    if (req.method === 'OPTIONS' && route.allowMethods) {
      write(res, {
        kind: 'send',
        status: 200,
        cors: true,
        headers: {
          'Access-Control-Allow-Methods': route.allowMethods,
          'Access-Control-Allow-Headers': 'Content-Type',
        },
      });
      return;
    }
    const reply = route.handle(req) ?? { kind: 'send', status: 404, cors: route.cors };
    if (reply.kind === 'hang') {
      reply.after?.();
      return;
    }
    if (reply.after) res.once('finish', reply.after);
    write(res, reply);
  }
}
