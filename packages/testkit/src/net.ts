import { randomInt } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { createServer } from 'node:net';

/** A TCP port that was free a moment ago on the given host (the OS picks it). */
export async function freeTcpPort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, host, () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** A UDP port that was free a moment ago (used for private discovery/log multicast ports in tests). */
export async function freeUdpPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createSocket('udp4');
    s.once('error', reject);
    s.bind(0, '127.0.0.1', () => {
      const port = s.address().port;
      s.close(() => resolve(port));
    });
  });
}

/**
 * A block of `count` loopback addresses 127.A.B.1..count, picked at random so that test files running
 * in parallel (each with its own simulated devices on port 80 / 3232) never share an address.
 */
export function loopbackBlock(count: number): string[] {
  if (count < 1 || count > 250) throw new RangeError('count must be 1..250');
  const a = randomInt(16, 250);
  const b = randomInt(1, 250);
  return Array.from({ length: count }, (_, i) => `127.${a}.${b}.${i + 1}`);
}

/** First address of a random private loopback block, for `--first-ip`. */
export function loopbackFirstIp(): string {
  const [first] = loopbackBlock(1);
  return first ?? '127.0.0.2';
}
