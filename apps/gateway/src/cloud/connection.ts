import {
  ERROR_CATALOG,
  ForwardControl,
  GATEWAY_TOKEN_HEADER,
  LINK_DESTINATIONS,
  LinkRequest,
  type LinkResponse,
} from '@st/protocol';
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
      connectHeaders: { [GATEWAY_TOKEN_HEADER]: token },
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
        void this.client.deactivate();
        this.handlers.lost(event.reason || `closed with ${event.code ?? 'no code'}`);
      };
      this.client.activate();
    });
  }

  async close(): Promise<void> {
    this.established = false;
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

  private onControl(message: IMessage): void {
    const parsed = ForwardControl.safeParse(parse(message.body));
    if (parsed.success) this.handlers.control(parsed.data);
    else this.handlers.warn({ issues: parsed.error.issues }, 'ignored a malformed forwarding order');
  }

  private onRequest(message: IMessage): void {
    const parsed = LinkRequest.safeParse(parse(message.body));
    if (!parsed.success) {
      this.handlers.warn({ issues: parsed.error.issues }, 'ignored a malformed link request');
      return;
    }
    this.handlers.request(parsed.data).then(
      (response) => this.send(LINK_DESTINATIONS.responses, response),
      (err: unknown) => this.handlers.warn({ err }, 'link request failed'),
    );
  }
}

function parse(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}
