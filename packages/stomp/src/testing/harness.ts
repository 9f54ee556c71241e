import { createServer, type Server } from 'node:http';
import { freeTcpPort, waitFor } from '@st/testkit';
import type { Client } from '@stomp/stompjs';
import { afterEach } from 'vitest';
import WebSocket from 'ws';
import { connectStompClient, type NodeStompClientOptions } from '../client/node-client';
import { FrameDecoder } from '../frame/decoder';
import type { StompFrame } from '../frame/types';
import { type AttachStompOptions, attachStomp } from '../server/attach';
import type { StompServer } from '../server/server';

/** A real HTTP server on a free loopback port with STOMP attached; `stop()` closes everything it opened. */
export interface Harness<P> {
  readonly url: string;
  readonly http: Server;
  readonly stomp: StompServer<P>;
  client(options?: NodeStompClientOptions): Promise<Client>;
  raw(headers?: Record<string, string>): Promise<RawStomp>;
  stop(): Promise<void>;
}

export async function startHarness<P>(options: AttachStompOptions<P>): Promise<Harness<P>> {
  const port = await freeTcpPort();
  const http = createServer((_req, res) => res.writeHead(404).end());
  const stomp = attachStomp(http, options);
  await new Promise<void>((resolve) => http.listen(port, '127.0.0.1', resolve));
  const url = `ws://127.0.0.1:${port}${options.path ?? '/api/st-ws'}`;
  const clients: Client[] = [];
  const raws: RawStomp[] = [];
  return {
    url,
    http,
    stomp,
    async client(clientOptions) {
      const client = await connectStompClient(url, clientOptions);
      clients.push(client);
      return client;
    },
    async raw(headers) {
      const raw = await RawStomp.open(url, headers);
      raws.push(raw);
      return raw;
    },
    async stop() {
      await Promise.all(clients.map((c) => c.deactivate()));
      for (const raw of raws) raw.ws.terminate();
      await stomp.close();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

/** A bare websocket speaking STOMP by hand, for what a well-behaved client library never sends. */
export class RawStomp {
  readonly frames: StompFrame[] = [];
  heartbeats = 0;
  closeCode: number | undefined;
  private readonly decoder = new FrameDecoder(
    {
      frame: (f) => this.frames.push(f),
      heartbeat: () => this.heartbeats++,
      error: (reason) => {
        throw new Error(`server sent a bad frame: ${reason}`);
      },
    },
    { maxFrameBytes: 64 * 1024 * 1024, maxHeaders: 1000 },
  );

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      if (Buffer.isBuffer(data)) this.decoder.push(data);
    });
    ws.on('close', (code) => {
      this.closeCode = code;
    });
  }

  static open(url: string, headers: Record<string, string> = {}): Promise<RawStomp> {
    const ws = new WebSocket(url, ['v12.stomp'], { headers });
    const raw = new RawStomp(ws);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(raw));
      ws.once('error', reject);
    });
  }

  send(data: string | Uint8Array): void {
    this.ws.send(data);
  }

  /** Waits for the first received frame with this command (and optional header value). */
  frame(command: string, header?: [string, string]): Promise<StompFrame> {
    return waitFor(
      () =>
        this.frames.find(
          (f) =>
            f.command === command &&
            (header === undefined || f.headers.some(([k, v]) => k === header[0] && v === header[1])),
        ),
      { what: `a ${command} frame` },
    );
  }

  closed(): Promise<number> {
    return waitFor(() => this.closeCode, { what: 'the socket to close' });
  }

  /** CONNECT and wait for CONNECTED. */
  async connect(headers = 'accept-version:1.2\nheart-beat:0,0\n'): Promise<StompFrame> {
    this.send(`CONNECT\n${headers}\n\0`);
    return this.frame('CONNECTED');
  }
}

/** Headers of a frame as a record, for assertions. */
export function headersOf(frame: StompFrame): Record<string, string> {
  return Object.fromEntries(frame.headers);
}

/** Body text of a frame. */
export function textOf(frame: StompFrame): string {
  return Buffer.from(frame.body).toString('utf8');
}

/** Registers an afterEach that stops every harness started through the returned function. */
export function harnessPerTest(): <P>(options: AttachStompOptions<P>) => Promise<Harness<P>> {
  const stops: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const stop of stops.splice(0)) await stop();
  });
  return async (options) => {
    const harness = await startHarness(options);
    stops.push(() => harness.stop());
    return harness;
  };
}
