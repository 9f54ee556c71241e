// Counts the bytes a server sends to the browser, as they travel: a TCP proxy in front of the server whose
// counter the bench reads and resets around each visit. It sees everything the browser receives (the page,
// assets, API answers, the service worker's own fetches, headers), compressed as sent.
import { createServer, type Server, Socket } from 'node:net';

export interface WireCounter {
  readonly url: string;
  /** Bytes sent by the server since the last reset. */
  bytes(): number;
  reset(): void;
  close(): Promise<void>;
}

export async function countingProxy(target: URL): Promise<WireCounter> {
  let received = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = new Socket();
    sockets.add(client).add(upstream);
    upstream.connect(Number(target.port), target.hostname);
    upstream.on('data', (chunk: Buffer) => {
      received += chunk.length;
    });
    client.pipe(upstream).pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    bytes: () => received,
    reset: () => {
      received = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
