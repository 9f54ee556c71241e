import { createServer, type Server, type Socket } from 'node:net';
import type { Logger } from 'pino';
import { LineSplitter } from './lineSplitter';

export interface LogTcpServerOptions {
  readonly port: number;
  readonly host?: string | undefined;
  /** longest accepted line in bytes */
  readonly maxLineBytes?: number;
}

/**
 * The device log server: devices connect and write `name&level&tag&message\r\n` lines; the device address
 * is the connection's remote address. One connection per device address: a new one replaces the old.
 */
export class LogTcpServer {
  private server: Server | undefined;
  private readonly byAddress = new Map<string, Socket>();
  private readonly sockets = new Set<Socket>();
  private paused = false;
  private resuming: NodeJS.Immediate | undefined;

  constructor(
    private readonly opts: LogTcpServerOptions,
    private readonly onLine: (line: string, address: string) => void,
    private readonly onOversized: (address: string) => void,
    private readonly logger: Logger,
  ) {}

  get port(): number {
    const addr = this.server?.address();
    return typeof addr === 'object' && addr ? addr.port : 0;
  }

  get connections(): number {
    return this.sockets.size;
  }

  /** Whether a device at `address` holds a log connection now. */
  has(address: string): boolean {
    return this.byAddress.has(address);
  }

  start(): Promise<void> {
    const server = createServer((socket) => this.accept(socket));
    this.server = server;
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.opts.port, this.opts.host, () => {
        server.off('error', reject);
        server.on('error', (err) => this.logger.error({ err }, 'log server error'));
        this.logger.info({ port: this.port }, 'device log server listening');
        resolve();
      });
    });
  }

  private accept(socket: Socket): void {
    const address = (socket.remoteAddress ?? 'unknown').replace(/^::ffff:/, '');
    const previous = this.byAddress.get(address);
    if (previous) previous.destroy();
    this.byAddress.set(address, socket);
    this.sockets.add(socket);
    socket.setNoDelay(true);
    if (this.paused) socket.pause();
    const splitter = new LineSplitter(
      (line) => this.onLine(line, address),
      () => this.onOversized(address),
      this.opts.maxLineBytes ?? 4096,
    );
    socket.on('data', (chunk: Buffer) => splitter.push(chunk));
    socket.on('error', (err) => this.logger.debug({ err, address }, 'log connection error'));
    socket.on('close', () => {
      this.sockets.delete(socket);
      if (this.byAddress.get(address) === socket) this.byAddress.delete(address);
    });
  }

  /** Stops reading from every device (TCP backpressure reaches the devices) until resume(). */
  pause(): void {
    if (this.paused) return;
    this.paused = true;
    for (const s of this.sockets) s.pause();
  }

  /**
   * Resumes reading a few devices per turn of the event loop: each resumed socket hands over what it
   * buffered at once, so resuming them all together would be one long block.
   */
  resume(): void {
    if (!this.paused) return;
    this.paused = false;
    const waiting = [...this.sockets];
    const step = () => {
      this.resuming = undefined;
      if (this.paused) return;
      for (const s of waiting.splice(0, 4)) s.resume();
      if (waiting.length > 0) this.resuming = setImmediate(step);
    };
    step();
  }

  get isPaused(): boolean {
    return this.paused;
  }

  stop(): Promise<void> {
    if (this.resuming) clearImmediate(this.resuming);
    const server = this.server;
    this.server = undefined;
    for (const s of this.sockets) s.destroy();
    if (!server) return Promise.resolve();
    return new Promise((resolve) => server.close(() => resolve()));
  }
}
