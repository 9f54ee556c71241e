import { createSocket } from 'node:dgram';
import { createServer, type Server, type Socket } from 'node:net';
import { OTA } from '@st/protocol';
import { StepTimeoutError, waitStep } from './wait';

export interface EspotaTimeouts {
  /** waiting for the device's answer to one invitation */
  readonly invitationMs: number;
  /** invitations sent before giving up (a lost datagram is retried) */
  readonly invitationAttempts: number;
  /** waiting for the device to connect back after accepting */
  readonly connectBackMs: number;
  /** waiting for the byte count after one chunk */
  readonly chunkAckMs: number;
  /** waiting for the final OK after the last chunk */
  readonly confirmationMs: number;
}

export const DEFAULT_ESPOTA_TIMEOUTS: EspotaTimeouts = {
  invitationMs: OTA.invitationTimeoutMs,
  invitationAttempts: 3,
  connectBackMs: OTA.connectBackTimeoutMs,
  chunkAckMs: 10_000,
  confirmationMs: OTA.confirmationTimeoutMs,
};

/** A failure the device or the network caused, tagged with the phase it ends the job in. */
export class EspotaError extends Error {
  constructor(
    readonly phase: 'INVITATION_FAILED' | 'FIRMWARE_TRANSFER_FAILED',
    message: string,
  ) {
    super(message);
    this.name = 'EspotaError';
  }
}

export interface EspotaHooks {
  invitationAccepted(): void;
  transferStarted(): void;
  /** bytes written so far (after the device counted them) */
  sent(bytes: number): void;
  confirming(): void;
}

const sameHost = (a: string | undefined, b: string) => a === b || a === `::ffff:${b}`;

/** What the device wrote besides byte counts (an update error), for a person. */
const deviceText = (answer: string) => answer.replace(/^\d+/, '').trim();

async function listen(signal: AbortSignal): Promise<Server> {
  const server = createServer();
  await waitStep<void>(signal, 5000, 'Could not open the transfer port', (resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '0.0.0.0', () => resolve());
    return () => server.off('error', reject);
  });
  return server;
}

async function invite(host: string, port: number, message: string, t: EspotaTimeouts, signal: AbortSignal) {
  const udp = createSocket('udp4');
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        const reply = await waitStep<string>(
          signal,
          t.invitationMs,
          `The device did not answer the invitation (${attempt} tries, ${t.invitationMs} ms each)`,
          (resolve, reject) => {
            const onMessage = (msg: Buffer, from: { address: string }) => {
              if (sameHost(from.address, host)) resolve(msg.toString('latin1').trim());
            };
            udp.on('message', onMessage);
            udp.send(message, port, host, (err) => {
              if (err) reject(new EspotaError('INVITATION_FAILED', `Invitation not sent: ${err.message}`));
            });
            return () => udp.off('message', onMessage);
          },
        );
        if (reply.includes('OK')) return;
        if (reply.startsWith('AUTH')) {
          throw new EspotaError(
            'INVITATION_FAILED',
            'The device asks for an OTA password, which is not supported',
          );
        }
        throw new EspotaError(
          'INVITATION_FAILED',
          `The device refused the update: ${reply || '(empty answer)'}`,
        );
      } catch (err) {
        if (err instanceof StepTimeoutError) {
          if (attempt < t.invitationAttempts) continue;
          throw new EspotaError('INVITATION_FAILED', err.message);
        }
        throw err;
      }
    }
  } finally {
    udp.close();
  }
}

/**
 * Collects the device's connect-back from the moment the port opens (it may come before the invitation
 * answer is handled); connections from any other host are closed.
 */
function connectBack(server: Server, host: string) {
  let device: Socket | undefined;
  const waiters = new Set<(socket: Socket) => void>();
  server.on('connection', (socket: Socket) => {
    if (device !== undefined || !sameHost(socket.remoteAddress, host)) {
      socket.destroy();
      return;
    }
    device = socket;
    for (const w of waiters) w(socket);
  });
  return (t: EspotaTimeouts, signal: AbortSignal) =>
    waitStep<Socket>(
      signal,
      t.connectBackMs,
      `The device accepted the invitation but did not connect back within ${t.connectBackMs} ms`,
      (resolve) => {
        if (device !== undefined) resolve(device);
        waiters.add(resolve);
        return () => waiters.delete(resolve);
      },
    );
}

/**
 * Flashes `image` over ArduinoOTA's espota protocol: invitation `0 <port> <size> <md5>` by UDP (retried on
 * silence), the device connects back over TCP, the image goes in 1024-byte chunks each answered with a byte
 * count, then the device's final `OK` (looked for anywhere in its text). Throws EspotaError on a device or
 * network failure, AbortedError when `signal` aborts; sockets are always closed.
 */
export async function flashOverEspota(
  target: { host: string; port: number },
  image: Buffer,
  md5: string,
  t: EspotaTimeouts,
  hooks: EspotaHooks,
  signal: AbortSignal,
): Promise<void> {
  const server = await listen(signal);
  const accepted = connectBack(server, target.host);
  let socket: Socket | undefined;
  try {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    await invite(target.host, target.port, `0 ${port} ${image.length} ${md5}\n`, t, signal);
    hooks.invitationAccepted();
    try {
      socket = await accepted(t, signal);
    } catch (err) {
      if (err instanceof StepTimeoutError) throw new EspotaError('FIRMWARE_TRANSFER_FAILED', err.message);
      throw err;
    }
    hooks.transferStarted();
    await transfer(socket, image, t, hooks, signal);
  } finally {
    socket?.destroy();
    server.close();
  }
}

async function transfer(
  socket: Socket,
  image: Buffer,
  t: EspotaTimeouts,
  hooks: EspotaHooks,
  signal: AbortSignal,
) {
  socket.setNoDelay(true);
  let answer = '';
  let replies = 0;
  let closed = false;
  const wake = new Set<() => void>();
  const notify = () => {
    for (const fn of wake) fn();
  };
  // a letter in the answer is the device's text (an error, or OK): checked as each reply arrives, not by
  // scanning the whole answer after every chunk (which grows with the image)
  let text = false;
  socket.on('data', (d: Buffer) => {
    const part = d.toString('latin1');
    answer += part;
    if (!text && /[A-Za-z]/.test(part)) text = true;
    replies++;
    notify();
  });
  socket.on('close', () => {
    closed = true;
    notify();
  });
  socket.on('error', () => {});
  const cut = (sent: number) => {
    const text = deviceText(answer);
    return new EspotaError(
      'FIRMWARE_TRANSFER_FAILED',
      `The device closed the connection after ${sent} of ${image.length} bytes${text ? `: ${text}` : ''}`,
    );
  };
  /** Waits until `ready()` holds; fails when the connection closes first. */
  const until = (ready: () => boolean, ms: number, message: string, sent: number) =>
    waitStep<void>(signal, ms, message, (resolve, reject) => {
      const check = () => {
        if (ready()) resolve();
        else if (closed) reject(cut(sent));
      };
      wake.add(check);
      check();
      return () => wake.delete(check);
    });
  try {
    for (let sent = 0; sent < image.length; ) {
      const chunk = image.subarray(sent, sent + OTA.chunkBytes);
      const before = replies;
      if (closed) throw cut(sent);
      socket.write(chunk);
      await until(
        () => replies > before,
        t.chunkAckMs,
        `The device stopped answering after ${sent} bytes`,
        sent,
      );
      sent += chunk.length;
      if (text && !answer.includes('OK')) throw cut(sent);
      hooks.sent(sent);
    }
    hooks.confirming();
    await until(
      () => answer.includes('OK'),
      t.confirmationMs,
      `The device received the image but did not confirm it within ${t.confirmationMs} ms`,
      image.length,
    );
  } catch (err) {
    if (err instanceof StepTimeoutError) throw new EspotaError('FIRMWARE_TRANSFER_FAILED', err.message);
    throw err;
  }
}
