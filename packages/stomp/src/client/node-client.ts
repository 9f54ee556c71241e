import { Client, type IFrame, type StompConfig } from '@stomp/stompjs';
import WebSocket from 'ws';

export interface NodeStompClientOptions extends Omit<StompConfig, 'webSocketFactory' | 'brokerURL'> {
  /** HTTP headers of the websocket handshake (cookies, tokens). */
  readonly httpHeaders?: Readonly<Record<string, string>>;
}

/** A `@stomp/stompjs` Client for Node that opens its socket with `ws` (so it can send HTTP headers). */
export function createNodeStompClient(url: string, options: NodeStompClientOptions = {}): Client {
  const { httpHeaders, ...config } = options;
  return new Client({
    reconnectDelay: 0,
    ...config,
    webSocketFactory: () =>
      new WebSocket(url, ['v12.stomp', 'v11.stomp', 'v10.stomp'], { headers: { ...httpHeaders } }),
  });
}

/** Thrown by {@link connectStompClient} when the server refuses the session or the socket closes first. */
export class StompConnectError extends Error {
  override readonly name = 'StompConnectError';
  constructor(
    message: string,
    readonly frame?: IFrame,
  ) {
    super(message);
  }
}

/** Activates a Node STOMP client and resolves once CONNECTED arrives (rejects on ERROR or close first). */
export function connectStompClient(url: string, options: NodeStompClientOptions = {}): Promise<Client> {
  const client = createNodeStompClient(url, options);
  return new Promise((resolve, reject) => {
    const onConnect = client.onConnect;
    const onStompError = client.onStompError;
    const onWebSocketClose = client.onWebSocketClose;
    const restore = () => {
      client.onConnect = onConnect;
      client.onStompError = onStompError;
      client.onWebSocketClose = onWebSocketClose;
    };
    client.onConnect = (frame) => {
      restore();
      onConnect(frame);
      resolve(client);
    };
    client.onStompError = (frame) => {
      restore();
      onStompError(frame);
      void client.deactivate();
      reject(new StompConnectError(frame.headers.message ?? 'STOMP ERROR', frame));
    };
    client.onWebSocketClose = (event) => {
      restore();
      onWebSocketClose(event);
      void client.deactivate();
      reject(new StompConnectError('The websocket closed before CONNECTED'));
    };
    client.activate();
  });
}
