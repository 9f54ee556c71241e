import { createConnection, createServer, type Socket } from 'node:net';
import type { LinkTarget } from './linked';

export interface ThrottledProxy extends LinkTarget {
  /** bytes carried from clients so far */
  readonly forwarded: () => number;
  /** from now on carries nothing more from clients (connections stay open): a stalled uplink */
  stall(): void;
}

/**
 * A TCP proxy to `target` (http://host:port) that carries what its clients send at most `bytesPerSecond` (a
 * gateway on a slow uplink); the other direction passes at full speed. Backpressure reaches the client: it is
 * paused while more than a second's worth waits here.
 */
export async function startThrottledProxy(target: string, bytesPerSecond: number): Promise<ThrottledProxy> {
  const { hostname, port } = new URL(target);
  const sockets = new Set<Socket>();
  const tickMs = 50;
  const perTick = Math.max(1, Math.floor((bytesPerSecond * tickMs) / 1000));
  let forwarded = 0;
  let stalled = false;
  const server = createServer((client) => {
    const up = createConnection(Number(port), hostname);
    sockets.add(client).add(up);
    const queue: Buffer[] = [];
    let queued = 0;
    const pump = setInterval(() => {
      if (stalled) return;
      let budget = perTick;
      while (budget > 0 && queue.length > 0) {
        const head = queue[0] as Buffer;
        const part = head.subarray(0, budget);
        up.write(part);
        forwarded += part.length;
        budget -= part.length;
        queued -= part.length;
        if (part.length === head.length) queue.shift();
        else queue[0] = head.subarray(part.length);
      }
      if (queued < bytesPerSecond && client.isPaused()) client.resume();
    }, tickMs);
    client.on('data', (d: Buffer) => {
      queue.push(d);
      queued += d.length;
      if (queued >= bytesPerSecond) client.pause();
    });
    up.on('data', (d: Buffer) => client.write(d));
    const end = () => {
      clearInterval(pump);
      client.destroy();
      up.destroy();
      sockets.delete(client);
      sockets.delete(up);
    };
    client.on('close', end).on('error', end);
    up.on('close', end).on('error', end);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no proxy port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    forwarded: () => forwarded,
    stall: () => {
      stalled = true;
    },
    async stop() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
