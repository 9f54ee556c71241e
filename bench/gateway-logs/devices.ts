/**
 * Worker thread of the gateway-logs bench: N simulated devices, each a TCP connection from its own loopback
 * address (as real devices connect from their own IP) writing firmware log lines (`name&level&tag&message\r\n`,
 * the simulator's exact format) as fast as the socket accepts them, honouring backpressure.
 * Message from the parent: {seconds, lines} -> answers {sent: number[]} (lines written per device) once each
 * device wrote `lines` lines or `seconds` passed.
 */
import { createConnection, type Socket } from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';
import { formatDeviceLogLine } from '@st/protocol';
import { z } from 'zod';

const setup = z.object({ port: z.number().int(), addresses: z.array(z.string()) }).parse(workerData);
const command = z.object({ seconds: z.number().positive(), lines: z.number().int().positive() });
const LINES_PER_WRITE = 64;

function connect(address: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = createConnection({ port: setup.port, host: '127.0.0.1', localAddress: address });
    socket.once('connect', () => resolve(socket));
    socket.once('error', reject);
  });
}

const sockets = await Promise.all(setup.addresses.map(connect));
parentPort?.postMessage('ready');

async function flood(socket: Socket, device: number, until: number, lines: number): Promise<number> {
  const name = `bench-dev-${device + 1}`;
  let seq = 0;
  while (seq < lines && performance.now() < until) {
    let chunk = '';
    for (let i = 0; i < LINES_PER_WRITE && seq < lines; i++) {
      const level = i % 8 === 0 ? 30 : 20;
      chunk += formatDeviceLogLine({
        name,
        level,
        tag: 'bench',
        message: `seq=${seq++} temperature=21.5C humidity=48% heap=183220 uptime=${seq * 7}ms`,
      });
    }
    if (!socket.write(chunk)) await new Promise((resolve) => socket.once('drain', resolve));
  }
  return seq;
}

parentPort?.on('message', async (message: unknown) => {
  if (message === 'stop') {
    for (const s of sockets) s.destroy();
    parentPort?.close();
    return;
  }
  const { seconds, lines } = command.parse(message);
  const until = performance.now() + seconds * 1000;
  const sent = await Promise.all(sockets.map((s, i) => flood(s, i, until, lines)));
  parentPort?.postMessage({ sent });
});
