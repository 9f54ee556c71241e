import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';

export interface LiveBackpressureOptions {
  /** the live channel's upgrade path */
  readonly path: string;
  /** a connection with more unsent bytes than this is behind */
  readonly highWaterBytes?: number;
  /** a connection behind for longer than this no longer holds back ingest (the STOMP server drops it later) */
  readonly maxStallMs?: number;
}

/**
 * Watches the live channel's websocket connections so ingest can wait for them: `congested()` is true while a
 * subscriber's socket holds more unsent bytes than the high-water mark. A subscriber stuck for longer than
 * `maxStallMs` is ignored, so one dead browser cannot stall device logs for everyone.
 */
export class LiveBackpressure {
  private readonly sockets = new Map<Duplex, number>();
  private readonly onUpgrade = (req: { url?: string | undefined }, socket: Duplex) => {
    if ((req.url ?? '').split('?')[0] !== this.opts.path) return;
    this.sockets.set(socket, 0);
    socket.once('close', () => this.sockets.delete(socket));
  };

  constructor(
    private readonly server: Server,
    private readonly opts: LiveBackpressureOptions,
  ) {}

  start(): void {
    this.server.on('upgrade', this.onUpgrade);
  }

  stop(): void {
    this.server.off('upgrade', this.onUpgrade);
    this.sockets.clear();
  }

  congested(now = Date.now()): boolean {
    const high = this.opts.highWaterBytes ?? 1024 * 1024;
    const maxStall = this.opts.maxStallMs ?? 5000;
    let behind = false;
    for (const [socket, since] of this.sockets) {
      if (socket.writableLength <= high) {
        if (since !== 0) this.sockets.set(socket, 0);
        continue;
      }
      if (since === 0) this.sockets.set(socket, now);
      if (since === 0 || now - since < maxStall) behind = true;
    }
    return behind;
  }
}
