import { createSocket } from 'node:dgram';
import { createServer, type Socket } from 'node:net';

/** A plain dgram socket joined to a multicast group on 127.0.0.1 (beacons, multicast logs), collecting datagrams as text. */
export async function listenMulticast(
  group: string,
  port: number,
): Promise<{ lines: string[]; close(): void }> {
  const lines: string[] = [];
  const s = createSocket({ type: 'udp4', reuseAddr: true });
  s.on('message', (m) => lines.push(m.toString('utf8')));
  await new Promise<void>((resolve) => s.bind(port, resolve));
  s.addMembership(group, '127.0.0.1');
  return { lines, close: () => s.close() };
}

/** A plain TCP server collecting CRLF-terminated lines per connection. */
export async function listenLogs(host = '127.0.0.1'): Promise<{
  port: number;
  connections: { remote: string; raw: string; closed: boolean }[];
  lines(): string[];
  close(): Promise<void>;
}> {
  const connections: { remote: string; raw: string; closed: boolean }[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((sock) => {
    sockets.add(sock);
    const c = { remote: sock.remoteAddress ?? '', raw: '', closed: false };
    connections.push(c);
    sock.setEncoding('utf8');
    sock.on('data', (d: string) => {
      c.raw += d;
    });
    sock.on('close', () => {
      c.closed = true;
      sockets.delete(sock);
    });
    sock.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const addr = server.address();
  return {
    port: typeof addr === 'object' && addr ? addr.port : 0,
    connections,
    lines: () => connections.flatMap((c) => c.raw.split('\r\n').slice(0, -1)),
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
