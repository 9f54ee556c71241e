import { LINK_TRANSFER, type LinkBody, type LinkTransferHead, type LinkTransferMessage } from '@st/protocol';

/** A transfer that could not be completed (refused, stalled, cancelled); `message` says why. */
export class LinkTransferError extends Error {
  override readonly name = 'LinkTransferError';
}

export type LinkTransferLimits = Record<
  'chunkChars' | 'thresholdChars' | 'window' | 'idleMs' | 'maxChars' | 'maxOpen',
  number
>;

interface Outgoing {
  text: string;
  chunks: number;
  next: number;
  acked: number;
  timer: NodeJS.Timeout;
  resolve: () => void;
  reject: (e: Error) => void;
}

interface Incoming {
  head: LinkTransferHead;
  onChunk: ((received: number) => void) | undefined;
  parts: string[];
  chars: number;
  timer: NodeJS.Timeout;
  resolve: (body: LinkBody) => void;
  reject: (e: Error) => void;
}

const bodyText = (body: LinkBody) => (body.encoding === 'utf8' ? body.text : body.data);

/**
 * One side of a gateway link's large-body transfers (protocol linkTransfer.ts): sends a body's string in
 * chunks, at most `window` ahead of the other side's acks, and reassembles the other side's chunks within
 * limits. `post` puts one message on the link. Both apps hold one per link and `close` it with the link.
 */
export class LinkTransfers {
  private readonly outgoing = new Map<string, Outgoing>();
  private readonly incoming = new Map<string, Incoming>();
  private readonly limits: LinkTransferLimits;
  private closed: string | undefined;

  constructor(
    private readonly post: (message: LinkTransferMessage) => void,
    limits: Partial<LinkTransferLimits> = {},
  ) {
    this.limits = { ...LINK_TRANSFER, ...limits };
  }

  /** Whether this body is large enough to go in chunks. */
  wants(body: LinkBody | undefined): body is LinkBody {
    return body !== undefined && bodyText(body).length > this.limits.thresholdChars;
  }

  head(body: LinkBody): LinkTransferHead {
    const chars = bodyText(body).length;
    return { encoding: body.encoding, chars, chunks: Math.max(1, Math.ceil(chars / this.limits.chunkChars)) };
  }

  /** Sends `body` in chunks for transfer `id` (its head went out first); resolves when every chunk is acked. */
  send(id: string, body: LinkBody): Promise<void> {
    if (this.closed) return Promise.reject(new LinkTransferError(this.closed));
    if (this.outgoing.has(id)) return Promise.reject(new LinkTransferError('transfer already running'));
    const { chunks } = this.head(body);
    return new Promise<void>((resolve, reject) => {
      const t: Outgoing = {
        text: bodyText(body),
        chunks,
        next: 0,
        acked: 0,
        resolve,
        reject,
        timer: this.idle(id),
      };
      this.outgoing.set(id, t);
      this.pump(id, t);
    });
  }

  /**
   * Reassembles transfer `id` announced by `head`; rejects when it breaks a limit or stalls. `onChunk` hears
   * each chunk accepted (chunks received so far), e.g. to tell whoever waits that the transfer is moving.
   */
  receive(id: string, head: LinkTransferHead, onChunk?: (received: number) => void): Promise<LinkBody> {
    const refuse = (reason: string) => {
      this.post({ t: 'abort', id, reason });
      return Promise.reject(new LinkTransferError(reason));
    };
    if (this.closed) return Promise.reject(new LinkTransferError(this.closed));
    if (this.incoming.has(id)) return refuse('transfer already running');
    if (head.chars > this.limits.maxChars) return refuse(`body too large (${head.chars} characters)`);
    if (head.chunks !== Math.max(1, Math.ceil(head.chars / this.limits.chunkChars)))
      return refuse('chunk count does not match the size');
    if (this.incoming.size >= this.limits.maxOpen) return refuse('too many transfers at once');
    return new Promise<LinkBody>((resolve, reject) => {
      this.incoming.set(id, { head, onChunk, parts: [], chars: 0, resolve, reject, timer: this.idle(id) });
    });
  }

  /** One transfer message from the other side. */
  handle(m: LinkTransferMessage): void {
    if (m.t === 'chunk') this.onChunk(m.id, m.seq, m.data);
    else if (m.t === 'ack') {
      const t = this.outgoing.get(m.id);
      if (!t || m.seq >= t.next) return;
      t.acked = Math.max(t.acked, m.seq + 1);
      t.timer.refresh();
      if (t.acked >= t.chunks) {
        this.endOutgoing(m.id, t);
        t.resolve();
      } else this.pump(m.id, t);
    } else {
      // Never answered with an abort: the two sides cannot ping-pong.
      this.fail(m.id, `refused by the other side: ${m.reason}`, false);
    }
  }

  /** The link ended: every transfer fails, later ones are refused. */
  close(reason = 'the link ended'): void {
    this.closed = reason;
    for (const id of [...this.outgoing.keys(), ...this.incoming.keys()]) this.fail(id, reason, false);
  }

  /** Transfers in progress (sending, receiving). */
  get open(): { sending: number; receiving: number } {
    return { sending: this.outgoing.size, receiving: this.incoming.size };
  }

  private onChunk(id: string, seq: number, data: string): void {
    const t = this.incoming.get(id);
    if (!t) {
      this.post({ t: 'abort', id, reason: 'unknown transfer' });
      return;
    }
    if (seq !== t.parts.length) {
      this.fail(id, `chunk ${seq} out of order`, true);
      return;
    }
    t.chars += data.length;
    const last = seq === t.head.chunks - 1;
    if (
      t.chars > t.head.chars ||
      (last && t.chars !== t.head.chars) ||
      data.length > this.limits.chunkChars
    ) {
      this.fail(id, 'chunks do not match the announced size', true);
      return;
    }
    t.parts.push(data);
    t.timer.refresh();
    this.post({ t: 'ack', id, seq });
    t.onChunk?.(t.parts.length);
    if (!last) return;
    this.endIncoming(id, t);
    const text = t.parts.join('');
    t.resolve(t.head.encoding === 'utf8' ? { encoding: 'utf8', text } : { encoding: 'base64', data: text });
  }

  private pump(id: string, t: Outgoing): void {
    const size = this.limits.chunkChars;
    while (t.next < t.chunks && t.next < t.acked + this.limits.window) {
      const seq = t.next++;
      this.post({ t: 'chunk', id, seq, data: t.text.slice(seq * size, (seq + 1) * size) });
    }
  }

  private idle(id: string): NodeJS.Timeout {
    const timer = setTimeout(() => this.fail(id, 'transfer stalled', true), this.limits.idleMs);
    timer.unref();
    return timer;
  }

  private fail(id: string, reason: string, tellOther: boolean): void {
    const out = this.outgoing.get(id);
    const inc = this.incoming.get(id);
    if (!out && !inc) return;
    if (out) {
      this.endOutgoing(id, out);
      out.reject(new LinkTransferError(reason));
    }
    if (inc) {
      this.endIncoming(id, inc);
      inc.reject(new LinkTransferError(reason));
    }
    if (tellOther && !this.closed) this.post({ t: 'abort', id, reason });
  }

  private endOutgoing(id: string, t: Outgoing): void {
    clearTimeout(t.timer);
    this.outgoing.delete(id);
  }

  private endIncoming(id: string, t: Incoming): void {
    clearTimeout(t.timer);
    this.incoming.delete(id);
  }
}
