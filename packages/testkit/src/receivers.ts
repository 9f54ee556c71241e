import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  /** Date.now() when the body had arrived */
  readonly at: number;
  /** the status it was answered with */
  readonly status: number;
}

export interface HttpReceiver {
  readonly url: string;
  readonly received: ReceivedRequest[];
  /** statuses to answer the next requests with (then 200) */
  failNext(...statuses: number[]): void;
  /** answer 200 again from now on */
  clearFailures(): void;
  close(): Promise<void>;
}

export interface HttpReceiverOptions {
  /** the address to listen on (default 127.0.0.1) */
  readonly host?: string;
  /** the port (default: a free one) */
  readonly port?: number;
  /** answers only once this resolves (a slow receiver) */
  readonly hold?: () => Promise<void>;
}

/** A real HTTP server (127.0.0.1 by default) that records every request (webhook and ntfy receivers in tests). */
export async function startHttpReceiver(opts: HttpReceiverOptions = {}): Promise<HttpReceiver> {
  const host = opts.host ?? '127.0.0.1';
  const received: ReceivedRequest[] = [];
  const queue: number[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      if (opts.hold) await opts.hold();
      const status = queue.shift() ?? 200;
      received.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
        status,
      });
      res.statusCode = status;
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    received,
    failNext: (...statuses) => queue.push(...statuses),
    clearFailures: () => {
      queue.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface ReceivedMail {
  readonly from: string;
  readonly to: string[];
  readonly data: string;
  readonly user?: string;
}

export interface SmtpReceiver {
  readonly port: number;
  readonly mails: ReceivedMail[];
  /** every login tried, password included (whether a secret reached this server) */
  readonly logins: { user: string; password: string }[];
  close(): Promise<void>;
}

/** A real SMTP server (smtp-server) on 127.0.0.1 without TLS, accepting any login, recording every message. */
export async function startSmtpReceiver(): Promise<SmtpReceiver> {
  const mails: ReceivedMail[] = [];
  const logins: { user: string; password: string }[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      logins.push({ user: auth.username ?? '', password: auth.password ?? '' });
      callback(null, { user: auth.username });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const user = typeof session.user === 'string' ? session.user : undefined;
        mails.push({
          from,
          to: session.envelope.rcptTo.map((r) => r.address),
          data: Buffer.concat(chunks).toString('utf8'),
          ...(user ? { user } : {}),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, mails, logins, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
