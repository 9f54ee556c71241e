import { GATEWAY_TOKEN_HEADER, LINK_DESTINATIONS, LinkRequest, type LinkResponse } from '@st/protocol';
import WebSocket from 'ws';

/** What a light link answers to one relayed request (a real gateway runs it on its own API). */
export type LinkAnswer = (request: LinkRequest) => { status: number; body: unknown };

export interface LightLinkOptions {
  /** ws://host:port/api/st-ws of the cloud (or of the load balancer in front of the nodes) */
  url: string;
  token: string;
  /** reconnect after a lost link, like a gateway: `delayMs` plus up to `jitterMs` at random; absent: never */
  reconnect?: { delayMs: number; jitterMs: number };
  answer?: LinkAnswer;
  /** STOMP heart-beat both ways (ms) */
  heartbeatMs?: number;
}

const defaultAnswer: LinkAnswer = (r) => ({
  status: 200,
  body: r.kind === 'relay' ? { url: r.url, method: r.method } : { kind: r.kind },
});

function frame(command: string, headers: Record<string, string>, body = ''): string {
  const head = Object.entries(headers)
    .map(([k, v]) => `${k}:${v}`)
    .join('\n');
  return `${command}\n${head}\n\n${body}\0`;
}

/** Splits one websocket message into STOMP frames: command, headers, body (heart-beats dropped). */
function* frames(text: string): Generator<{ command: string; headers: Map<string, string>; body: string }> {
  for (const raw of text.split('\0')) {
    const trimmed = raw.replace(/^[\r\n]+/, '');
    if (trimmed === '') continue;
    const blank = trimmed.indexOf('\n\n');
    const head = (blank < 0 ? trimmed : trimmed.slice(0, blank)).split('\n');
    const headers = new Map<string, string>();
    for (const line of head.slice(1)) {
      const colon = line.indexOf(':');
      if (colon > 0 && !headers.has(line.slice(0, colon)))
        headers.set(line.slice(0, colon), line.slice(colon + 1));
    }
    yield { command: head[0] ?? '', headers, body: blank < 0 ? '' : trimmed.slice(blank + 2) };
  }
}

/**
 * A gateway's cloud link without a gateway: a raw STOMP-over-WebSocket session that authenticates with the
 * gateway token, subscribes to the link destinations and answers relayed requests, so tests and benches can
 * run hundreds or thousands of linked gateways in one process. Counts what it did.
 */
export class LightLink {
  private ws: WebSocket | undefined;
  private beat: NodeJS.Timeout | undefined;
  private retry: NodeJS.Timeout | undefined;
  private closed = false;
  /** linked now (CONNECTED and subscribed) */
  linked = false;
  /** times it linked (1 + relinks) */
  links = 0;
  /** relayed requests answered */
  answered = 0;
  /** when the link last went down and came back (epoch ms), for relink times */
  lastDownAt = 0;
  lastUpAt = 0;

  constructor(private readonly opts: LightLinkOptions) {}

  /** Resolves when linked the first time; rejects if the cloud refuses. */
  start(): Promise<void> {
    return new Promise((resolve, reject) => this.open(resolve, reject));
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.retry);
    clearInterval(this.beat);
    this.ws?.terminate();
  }

  private open(onUp?: () => void, onFail?: (e: Error) => void): void {
    const hb = this.opts.heartbeatMs ?? 10_000;
    const ws = new WebSocket(this.opts.url, ['v12.stomp']);
    this.ws = ws;
    ws.on('error', (e) => onFail?.(e));
    ws.on('open', () =>
      ws.send(
        frame('CONNECT', {
          'accept-version': '1.2',
          host: 'cloud',
          'heart-beat': `${hb},${hb}`,
          [GATEWAY_TOKEN_HEADER]: this.opts.token,
        }),
      ),
    );
    ws.on('message', (data) => {
      for (const f of frames(data.toString())) {
        if (f.command === 'CONNECTED') {
          ws.send(frame('SUBSCRIBE', { id: 'topics', destination: LINK_DESTINATIONS.topics }));
          ws.send(frame('SUBSCRIBE', { id: 'requests', destination: LINK_DESTINATIONS.requests }));
          this.beat = setInterval(() => ws.readyState === WebSocket.OPEN && ws.send('\n'), hb * 0.9);
          this.linked = true;
          this.links += 1;
          this.lastUpAt = Date.now();
          onUp?.();
          onUp = undefined;
          onFail = undefined;
        } else if (f.command === 'ERROR') {
          onFail?.(new Error(f.headers.get('message') ?? 'refused'));
        } else if (f.command === 'MESSAGE' && f.headers.get('destination') === LINK_DESTINATIONS.requests) {
          this.onRequest(ws, f.body);
        }
      }
    });
    ws.on('close', () => {
      clearInterval(this.beat);
      if (this.linked) this.lastDownAt = Date.now();
      this.linked = false;
      onFail?.(new Error('closed before linking'));
      onFail = undefined;
      const again = this.opts.reconnect;
      if (this.closed || !again) return;
      this.retry = setTimeout(() => this.open(), again.delayMs + Math.random() * again.jitterMs);
    });
  }

  private onRequest(ws: WebSocket, body: string): void {
    const parsed = LinkRequest.safeParse(JSON.parse(body));
    if (!parsed.success) return;
    const { status, body: answer } = (this.opts.answer ?? defaultAnswer)(parsed.data);
    const response: LinkResponse = {
      id: parsed.data.id,
      status,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: { encoding: 'utf8', text: JSON.stringify(answer) },
      timings: { gatewayMs: 0 },
    };
    this.answered += 1;
    ws.send(
      frame(
        'SEND',
        { destination: LINK_DESTINATIONS.responses, 'content-type': 'application/json' },
        JSON.stringify(response),
      ),
    );
  }
}
