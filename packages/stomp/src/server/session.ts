import type { IncomingMessage } from 'node:http';
import type { RawData, WebSocket } from 'ws';
import { FrameDecoder } from '../frame/decoder';
import { encodeFrame, type OutgoingFrame, toBytes } from '../frame/encode';
import { headerRecord, type StompFrame } from '../frame/types';
import {
  connectHeaders,
  firstIssue,
  negotiateVersion,
  parseHeartBeat,
  receiptOnly,
  sendHeaders,
  subscribeHeaders,
  unsubscribeHeaders,
} from './client-headers';
import { Heartbeat, type HeartbeatOwner } from './heartbeat';
import { type SessionHost, type SessionLike, StompRefusal, type Subscription } from './host';
import { Outbox } from './outbox';
import { type OutgoingMessage, subscriptionPrefix } from './outgoing';
import { runSendHandler } from './sendHandler';
import { SessionSink } from './sessionSink';

type State = 'awaiting-connect' | 'connecting' | 'connected' | 'closing' | 'closed';

const HEARTBEAT = Buffer.from('\n');

interface FailOptions {
  readonly code?: number;
  readonly receipt?: string | undefined;
  readonly headers?: Readonly<Record<string, string>>;
}

/** One websocket connection speaking STOMP 1.2: decoding, CONNECT, commands, heart-beats, closing. */
export class StompSession<P> implements SessionLike, HeartbeatOwner {
  principal: P | undefined;
  user: string | undefined;
  readonly remoteAddress: string;
  readonly subscriptions = new Map<string, Subscription>();
  private state: State = 'awaiting-connect';
  private readonly decoder: FrameDecoder;
  private readonly outbox: Outbox;
  private readonly inbox: StompFrame[] = [];
  private busy = false;
  /**
   * SEND handlers still running, and who waits for them to end (DISCONNECT). A count rather than a Set of their
   * promises: a link answers a relayed request about once a second, and a Set emptied after each one
   * reallocates its table every time; that table, held by this long-lived session until the next SEND, is
   * what a scavenge promotes to the old generation (one per relayed call, towards the next major GC).
   */
  private pendingSends = 0;
  private sendsDone: (() => void) | undefined;
  private heartbeat: Heartbeat | undefined;
  private connectTimer: NodeJS.Timeout | undefined;
  private killTimer: NodeJS.Timeout | undefined;
  private messageCounter = 0;
  private released = false;
  /** Made when someone waits for the close (shutdown): most sessions never need one. */
  private closedPromise: Promise<void> | undefined;
  private resolveClosed: (() => void) | undefined;
  /**
   * The HTTP upgrade request: only the CONNECT's authentication reads it, and it is dropped then, so that a
   * session does not keep it (its headers, streams and socket state) for as long as it lives.
   */
  private request: IncomingMessage | undefined;

  constructor(
    readonly id: string,
    private readonly ws: WebSocket,
    request: IncomingMessage,
    private readonly host: SessionHost<P, StompSession<P>>,
  ) {
    this.request = request;
    this.remoteAddress = request.socket.remoteAddress ?? 'unknown';
    this.outbox = new Outbox(ws);
    this.decoder = new FrameDecoder(new SessionSink(this), host.limits);
  }

  start(): void {
    this.ws.on('message', (data) => this.onData(data));
    this.ws.on('close', () => this.onSocketClosed());
    this.ws.on('error', (error) =>
      this.host.logger.debug({ session: this.id, err: error }, 'stomp socket error'),
    );
    // Covers CONNECT arriving and the authentication hook answering.
    this.connectTimer = setTimeout(
      () => this.fail('Session not established in time', { code: 1008 }),
      this.host.limits.connectTimeoutMs,
    );
    this.connectTimer.unref();
  }

  /** @internal (HeartbeatOwner) */
  heartbeatDue(): void {
    this.outbox.write(HEARTBEAT, false);
  }

  /** @internal (HeartbeatOwner) */
  heartbeatLost(): void {
    this.fail('Heart-beat timeout: the client went silent', { code: 1001 });
  }

  get isConnected(): boolean {
    return this.state === 'connected';
  }

  /** Resolves once the socket is closed. */
  closed(): Promise<void> {
    if (this.state === 'closed') return Promise.resolve();
    this.closedPromise ??= new Promise((resolve) => {
      this.resolveClosed = resolve;
    });
    return this.closedPromise;
  }

  /** Sends one MESSAGE frame for `subscription`; drops the session when the client cannot keep up. */
  deliver(subscription: Subscription, message: OutgoingMessage): void {
    if (this.state !== 'connected') return;
    if (this.outbox.pendingBytes > this.host.limits.maxBufferedBytes) {
      this.fail('Slow consumer: too many undelivered messages', { code: 1008 });
      return;
    }
    this.outbox.write(message.frameFor(subscription.prefix, ++this.messageCounter), message.binary);
    this.heartbeat?.markSent();
  }

  /** Sends ERROR with `message`, then closes the socket (STOMP's only way for a server to end a session). */
  fail(message: string, options: FailOptions = {}): void {
    if (this.state === 'closing' || this.state === 'closed') return;
    const headers: Record<string, string> = {
      ...options.headers,
      message,
      'content-type': 'text/plain;charset=utf-8',
    };
    if (options.receipt !== undefined) headers['receipt-id'] = options.receipt;
    this.send({ command: 'ERROR', headers, body: message });
    this.host.logger.debug({ session: this.id, reason: message }, 'stomp session refused or failed');
    this.closeSocket(options.code ?? 1002, message);
  }

  /** Closes without an ERROR frame (server shutdown): websocket close 1001. */
  shutdown(): Promise<void> {
    if (this.state !== 'closing' && this.state !== 'closed') this.closeSocket(1001, 'server shutting down');
    return this.closed();
  }

  private closeSocket(code: number, reason: string): void {
    this.state = 'closing';
    this.release(reason);
    this.outbox.flush();
    this.ws.close(code);
    this.killTimer = setTimeout(() => this.ws.terminate(), this.host.limits.closeTimeoutMs);
    this.killTimer.unref();
  }

  private onData(data: RawData): void {
    this.heartbeat?.markReceived();
    if (Array.isArray(data)) for (const part of data) this.decoder.push(part);
    else this.decoder.push(data instanceof ArrayBuffer ? new Uint8Array(data) : data);
  }

  private onSocketClosed(): void {
    this.state = 'closed';
    clearTimeout(this.killTimer);
    this.release('connection closed');
    this.resolveClosed?.();
    this.host.socketClosed(this);
  }

  /** Drops subscriptions and timers and tells the server, once. */
  private release(reason: string): void {
    clearTimeout(this.connectTimer);
    this.heartbeat?.stop();
    if (this.released) return;
    this.released = true;
    for (const subscription of this.subscriptions.values()) this.host.unsubscribed(subscription);
    this.subscriptions.clear();
    this.host.closed(this, reason);
  }

  private send(frame: OutgoingFrame): void {
    if (this.ws.readyState !== this.ws.OPEN) return;
    this.outbox.write(encodeFrame(frame), false);
    this.heartbeat?.markSent();
  }

  private receipt(receipt: string | undefined): void {
    if (receipt !== undefined) this.send({ command: 'RECEIPT', headers: { 'receipt-id': receipt } });
  }

  /**
   * Frames run one at a time, in order; a frame whose hook is async holds back the ones after it. With none
   * held back (the usual case) a frame runs at once without passing through `inbox`: an array emptied after
   * each frame drops its storage and allocates it again for the next one, storage this long-lived session
   * then holds until that next frame (a link's, about a second later), so a scavenge promotes it.
   * @internal (SessionSink)
   */
  enqueue(frame: StompFrame): void {
    if (!this.busy && this.inbox.length === 0) this.run(frame);
    else {
      this.inbox.push(frame);
      if (!this.busy) this.drain();
    }
  }

  private drain(): void {
    while (!this.busy) {
      const frame = this.inbox.shift();
      if (frame === undefined) return;
      this.run(frame);
    }
  }

  private run(frame: StompFrame): void {
    const pending = this.handle(frame);
    if (pending === undefined) return;
    this.busy = true;
    pending.then(
      () => {
        this.busy = false;
        this.drain();
      },
      (error: unknown) => {
        this.host.logger.error({ session: this.id, err: error }, 'stomp frame handling failed');
        this.fail('Internal server error', { code: 1011 });
      },
    );
  }

  private handle(frame: StompFrame): Promise<void> | undefined {
    if (this.state === 'closing' || this.state === 'closed') return undefined;
    const headers = headerRecord(frame.headers);
    if (this.state === 'awaiting-connect') {
      if (frame.command === 'CONNECT' || frame.command === 'STOMP') return this.onConnect(headers);
      this.fail(`Expected a CONNECT frame, got ${frame.command}`);
      return undefined;
    }
    switch (frame.command) {
      case 'SEND':
        this.onSend(frame.body, headers);
        return undefined;
      case 'SUBSCRIBE':
        return this.onSubscribe(headers);
      case 'UNSUBSCRIBE':
        this.onUnsubscribe(headers);
        return undefined;
      case 'ACK':
      case 'NACK':
        this.receipt(receiptOnly.safeParse(headers).data?.receipt);
        return undefined;
      case 'DISCONNECT':
        return this.onDisconnect(receiptOnly.safeParse(headers).data?.receipt);
      case 'CONNECT':
      case 'STOMP':
        this.fail('Already connected');
        return undefined;
      case 'BEGIN':
      case 'COMMIT':
      case 'ABORT':
        this.fail('Transactions are not supported');
        return undefined;
      default:
        this.fail(`Unknown command ${JSON.stringify(frame.command.slice(0, 40))}`);
        return undefined;
    }
  }

  private async onConnect(headers: Record<string, string>): Promise<void> {
    this.state = 'connecting';
    const parsed = connectHeaders.safeParse(headers);
    if (!parsed.success) return this.fail(`CONNECT ${firstIssue(parsed.error)}`);
    const version = negotiateVersion(parsed.data['accept-version']);
    if (version === undefined)
      return this.fail('Supported protocol versions are 1.1 and 1.2', { headers: { version: '1.1,1.2' } });
    const { cx, cy } = parseHeartBeat(parsed.data['heart-beat']);
    const request = this.request;
    this.request = undefined;
    if (request === undefined) return this.fail('CONNECT was already handled');
    const result = await this.host.authenticate({
      request,
      connectHeaders: headers,
      remoteAddress: this.remoteAddress,
    });
    if (this.state !== 'connecting') return;
    if (!result.ok) return this.fail(result.reason, { code: 1008 });
    // Dropped, not only cleared: a session would otherwise keep the timer and its closure for as long as it lives.
    clearTimeout(this.connectTimer);
    this.connectTimer = undefined;
    this.principal = result.principal;
    this.user = this.host.userOf(result.principal);
    this.state = 'connected';
    const { heartbeatOutgoing: sx, heartbeatIncoming: sy } = this.host.limits;
    const { sendEvery, expectEvery } = Heartbeat.negotiate(cx, cy, sx, sy);
    this.send({
      command: 'CONNECTED',
      headers: { version, 'heart-beat': `${sx},${sy}`, server: 'st-stomp/1', session: this.id },
    });
    this.heartbeat = new Heartbeat(sendEvery, expectEvery, this);
    this.heartbeat.start();
    this.host.connected(this, result.principal);
  }

  private async onSubscribe(headers: Record<string, string>): Promise<void> {
    const parsed = subscribeHeaders.safeParse(headers);
    if (!parsed.success)
      return this.fail(`SUBSCRIBE ${firstIssue(parsed.error)}`, { receipt: headers.receipt });
    const { id, destination, receipt } = parsed.data;
    if (this.subscriptions.has(id)) return this.fail(`Subscription id ${id} is already in use`, { receipt });
    if (this.subscriptions.size >= this.host.limits.maxSubscriptionsPerSession)
      return this.fail('Too many subscriptions', { receipt });
    if (this.principal === undefined) return;
    const verdict = await this.host.authorize(this.principal, destination);
    if (this.state !== 'connected') return;
    if (!verdict.ok) return this.fail(verdict.reason, { code: 1008, receipt });
    const subscription: Subscription = { id, destination, prefix: subscriptionPrefix(id), session: this };
    this.subscriptions.set(id, subscription);
    this.host.subscribed(subscription);
    this.receipt(receipt);
  }

  private onUnsubscribe(headers: Record<string, string>): void {
    const parsed = unsubscribeHeaders.safeParse(headers);
    if (!parsed.success) {
      this.fail(`UNSUBSCRIBE ${firstIssue(parsed.error)}`, { receipt: headers.receipt });
      return;
    }
    const subscription = this.subscriptions.get(parsed.data.id);
    if (subscription !== undefined) {
      this.subscriptions.delete(parsed.data.id);
      this.host.unsubscribed(subscription);
    }
    this.receipt(parsed.data.receipt);
  }

  /** SEND handlers run concurrently; the RECEIPT (or ERROR) follows the handler's outcome. */
  private onSend(body: Uint8Array, headers: Record<string, string>): void {
    const parsed = sendHeaders.safeParse(headers);
    if (!parsed.success) {
      this.fail(`SEND ${firstIssue(parsed.error)}`, { receipt: headers.receipt });
      return;
    }
    const { destination, receipt } = parsed.data;
    const handler = this.host.handlerFor(destination);
    if (handler === undefined || this.principal === undefined) {
      this.fail(`No handler for destination ${destination}`, { receipt });
      return;
    }
    const context = {
      sessionId: this.id,
      principal: this.principal,
      destination,
      headers,
      body,
      text: () => toBytes(body).toString('utf8'),
    };
    const pending = runSendHandler(
      handler,
      context,
      () => this.receipt(receipt),
      (error) => this.sendFailed(error, receipt),
    );
    if (pending === undefined) return;
    this.pendingSends += 1;
    void pending.finally(() => {
      this.pendingSends -= 1;
      if (this.pendingSends === 0) this.sendsDone?.();
    });
  }

  private sendFailed(error: unknown, receipt: string | undefined): void {
    if (error instanceof StompRefusal) {
      this.fail(error.message, { code: 1008, receipt });
      return;
    }
    this.host.logger.error({ session: this.id, err: error }, 'stomp SEND handler failed');
    this.fail('Could not process the SEND frame', { code: 1011, receipt });
  }

  private async onDisconnect(receipt: string | undefined): Promise<void> {
    this.state = 'closing';
    this.release('client disconnected');
    if (this.pendingSends > 0)
      await new Promise<void>((resolve) => {
        this.sendsDone = resolve;
      });
    this.receipt(receipt);
    this.outbox.flush();
    this.ws.close(1000);
    this.killTimer = setTimeout(() => this.ws.terminate(), this.host.limits.closeTimeoutMs);
    this.killTimer.unref();
  }
}
