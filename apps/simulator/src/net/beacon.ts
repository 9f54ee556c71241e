import { createSocket, type Socket } from 'node:dgram';

export interface BeaconOptions {
  /** Source address (the device's own address). */
  bindAddress: string;
  group: string;
  port: number;
  multicastIf: string;
  intervalMs: number;
  message: () => string;
  onError: (e: Error) => void;
}

/** Sends the discovery beacon now and then every interval while started (device-protocol.md §2.1). */
export class BeaconSender {
  private socket: Socket | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly opts: BeaconOptions) {}

  async start(): Promise<void> {
    if (this.socket) return;
    const socket = createSocket({ type: 'udp4', reuseAddr: true });
    socket.on('error', (e) => this.opts.onError(e));
    await new Promise<void>((resolve) => {
      socket.once('error', () => resolve());
      socket.bind(0, this.opts.bindAddress, () => resolve());
    });
    try {
      socket.setMulticastInterface(this.opts.multicastIf);
      socket.setMulticastLoopback(true);
      socket.setMulticastTTL(1);
    } catch (e) {
      this.opts.onError(e instanceof Error ? e : new Error(String(e)));
    }
    this.socket = socket;
    this.send();
    this.timer = setInterval(() => this.send(), this.opts.intervalMs);
  }

  /** No beacons until resume() (the socket stays). */
  pause(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  resume(): void {
    if (!this.socket || this.timer) return;
    this.send();
    this.timer = setInterval(() => this.send(), this.opts.intervalMs);
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    this.socket?.close();
    this.socket = undefined;
  }

  private send(): void {
    this.socket?.send(this.opts.message(), this.opts.port, this.opts.group, (e) => {
      if (e) this.opts.onError(e);
    });
  }
}
