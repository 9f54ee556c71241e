import {
  apiErrorBody,
  ERROR_CATALOG,
  ForwardControl,
  GATEWAY_TOKEN_HEADER,
  LINK_DESTINATIONS,
  LINK_TRANSFER,
  LinkRequest,
  type LinkResponse,
  LinkTransferMessage,
} from '@st/protocol';
import { LinkTransfers } from '@st/server-kit';
import { Client, type IMessage } from '@stomp/stompjs';
import WebSocket from 'ws';

export interface LinkHandlers {
  request(req: LinkRequest): Promise<LinkResponse>;
  control(control: ForwardControl): void;
  /** the established link ended (not called when opening fails) */
  lost(reason: string): void;
  warn(obj: object, msg: string): void;
}

export interface LinkTimings {
  heartbeatMs: number;
  connectTimeoutMs: number;
}

/** The cloud refused the gateway's token (deleted or wrong): retrying with it cannot help. */
export class TokenRefusedError extends Error {
  constructor() {
    super(ERROR_CATALOG.GATEWAY_TOKEN_INVALID.message);
    this.name = 'TokenRefusedError';
  }
}

/** One STOMP connection to the cloud over `ws`, authenticated with the gateway token. */
export class LinkConnection {
  private readonly client: Client;
  private established = false;
  /** large bodies in chunks, both ways (the cloud sends chunks only because the CONNECT header says so) */
  private readonly transfers = new LinkTransfers((m) => this.send(LINK_TRANSFER.up, m));
  /** messages sent with a receipt and not yet confirmed: each settles false when the link ends */
  private readonly awaitingReceipt = new Map<string, (confirmed: boolean) => void>();
  private receipts = 0;

  constructor(
    url: string,
    token: string,
    timings: LinkTimings,
    private readonly handlers: LinkHandlers,
  ) {
    this.client = new Client({
      webSocketFactory: () =>
        new WebSocket(url, ['v12.stomp', 'v11.stomp', 'v10.stomp'], {
          headers: { [GATEWAY_TOKEN_HEADER]: token },
        }),
      connectHeaders: { [GATEWAY_TOKEN_HEADER]: token, [LINK_TRANSFER.capabilityHeader]: '1' },
      heartbeatIncoming: timings.heartbeatMs,
      heartbeatOutgoing: timings.heartbeatMs,
      connectionTimeout: timings.connectTimeoutMs,
      reconnectDelay: 0,
      // a silent network must not hold the socket for the websocket close handshake
      discardWebsocketOnCommFailure: true,
    });
  }

  /** Resolves once connected and subscribed; rejects with the cloud's reason otherwise. */
  open(): Promise<void> {
    return new Promise((resolve, reject) => {
      const fail = (reason: string) => {
        if (this.established) return;
        void this.client.deactivate();
        reject(
          reason === ERROR_CATALOG.GATEWAY_TOKEN_INVALID.message
            ? new TokenRefusedError()
            : new Error(reason),
        );
      };
      this.client.onConnect = () => {
        this.established = true;
        this.client.subscribe(LINK_DESTINATIONS.topics, (m) => this.onControl(m));
        this.client.subscribe(LINK_DESTINATIONS.requests, (m) => this.onRequest(m));
        resolve();
      };
      this.client.onStompError = (frame) => fail(frame.headers.message ?? 'Refused by the cloud');
      this.client.onWebSocketClose = (event: { code?: number; reason?: string }) => {
        if (!this.established) return fail(`Connection closed (${event.code ?? 'no code'})`);
        this.established = false;
        this.transfers.close();
        this.settleReceipts();
        void this.client.deactivate();
        this.handlers.lost(event.reason || `closed with ${event.code ?? 'no code'}`);
      };
      this.client.activate();
    });
  }

  async close(): Promise<void> {
    this.established = false;
    this.transfers.close();
    this.settleReceipts();
    this.client.onWebSocketClose = () => undefined;
    await this.client.deactivate();
  }

  send(destination: string, value: unknown): void {
    if (!this.client.connected) return;
    this.client.publish({
      destination,
      body: JSON.stringify(value),
      headers: { 'content-type': 'application/json' },
    });
  }

  /**
   * Sends with a STOMP receipt: resolves true once the cloud's RECEIPT says its handler finished with the message
   * (a backup copy is stored), false when the link ends or no receipt comes within `timeoutMs`.
   */
  sendConfirmed(destination: string, value: unknown, timeoutMs: number): Promise<boolean> {
    if (!this.client.connected) return Promise.resolve(false);
    this.receipts += 1;
    const receipt = `confirm-${this.receipts}`;
    return new Promise<boolean>((resolve) => {
      const settle = (confirmed: boolean) => {
        clearTimeout(timer);
        this.awaitingReceipt.delete(receipt);
        resolve(confirmed);
      };
      const timer = setTimeout(() => settle(false), timeoutMs);
      this.awaitingReceipt.set(receipt, settle);
      this.client.watchForReceipt(receipt, () => settle(true));
      this.client.publish({
        destination,
        body: JSON.stringify(value),
        headers: { 'content-type': 'application/json', receipt },
      });
    });
  }

  private settleReceipts(): void {
    for (const settle of [...this.awaitingReceipt.values()]) settle(false);
  }

  private onControl(message: IMessage): void {
    const parsed = ForwardControl.safeParse(parse(message.body));
    if (parsed.success) this.handlers.control(parsed.data);
    else this.handlers.warn({ issues: parsed.error.issues }, 'ignored a malformed forwarding order');
  }

  private onRequest(message: IMessage): void {
    const value = parse(message.body);
    // Transfer messages share the requests destination; they carry `t`, requests carry `kind`.
    if (typeof value === 'object' && value !== null && 't' in value) {
      const m = LinkTransferMessage.safeParse(value);
      if (m.success) this.transfers.handle(m.data);
      else this.handlers.warn({ issues: m.error.issues }, 'ignored a malformed transfer message');
      return;
    }
    const parsed = LinkRequest.safeParse(value);
    if (!parsed.success) {
      this.handlers.warn({ issues: parsed.error.issues }, 'ignored a malformed link request');
      return;
    }
    const req = parsed.data;
    // A body in chunks: reassembled first (registered now, before the chunks that follow are handled).
    const ready: Promise<LinkRequest> =
      req.kind === 'relay' && req.transfer
        ? this.transfers.receive(req.id, req.transfer).then((body) => ({ ...req, transfer: undefined, body }))
        : Promise.resolve(req);
    ready.then(
      (full) =>
        this.handlers.request(full).then(
          (response) => this.answer(full, response),
          (err: unknown) => this.handlers.warn({ err }, 'link request failed'),
        ),
      (err: unknown) => {
        this.handlers.warn({ err, id: req.id }, 'a relayed body did not arrive');
        this.send(LINK_DESTINATIONS.responses, transferFailed(req.id, err));
      },
    );
  }

  /** Sends the answer: its large body in chunks when the cloud accepts them. */
  private answer(req: LinkRequest, response: LinkResponse): void {
    if (!req.chunkedAnswer || !this.transfers.wants(response.body)) {
      this.send(LINK_DESTINATIONS.responses, response);
      return;
    }
    const body = response.body;
    this.send(LINK_DESTINATIONS.responses, {
      ...response,
      body: undefined,
      transfer: this.transfers.head(body),
    });
    this.transfers
      .send(req.id, body)
      .catch((err: unknown) => this.handlers.warn({ err, id: req.id }, 'a relayed answer was not carried'));
  }
}

function transferFailed(id: string, err: unknown): LinkResponse {
  const reason = err instanceof Error ? err.message : String(err);
  return {
    id,
    status: ERROR_CATALOG.RELAY_TRANSFER_FAILED.status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: {
      encoding: 'utf8',
      text: JSON.stringify(
        apiErrorBody('RELAY_TRANSFER_FAILED', `${ERROR_CATALOG.RELAY_TRANSFER_FAILED.message}: ${reason}`),
      ),
    },
    timings: { gatewayMs: 0 },
  };
}

function parse(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}
