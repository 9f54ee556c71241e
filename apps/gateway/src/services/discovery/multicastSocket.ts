import { createSocket, type RemoteInfo, type Socket } from 'node:dgram';

export interface MulticastOptions {
  readonly group: string;
  readonly port: number;
  /** interface address to join on; undefined = the OS default */
  readonly interfaceAddress?: string | undefined;
}

/**
 * A UDP socket bound to a port and joined to a multicast group. `start()` resolves once joined (true) or
 * when joining failed (false, with the error logged by the caller through `onError`).
 */
export class MulticastReceiver {
  private socket: Socket | undefined;
  joined = false;

  constructor(
    private readonly opts: MulticastOptions,
    private readonly onMessage: (msg: Buffer, from: RemoteInfo) => void,
    private readonly onError: (err: Error) => void,
  ) {}

  start(): Promise<boolean> {
    const socket = createSocket({ type: 'udp4', reuseAddr: true });
    this.socket = socket;
    return new Promise((resolve) => {
      let started = false;
      socket.on('message', (msg, from) => this.onMessage(msg, from));
      socket.on('error', (err) => {
        this.joined = false;
        this.onError(err);
        if (!started) {
          started = true;
          resolve(false);
        }
      });
      socket.bind(this.opts.port, () => {
        try {
          socket.addMembership(this.opts.group, this.opts.interfaceAddress);
          this.joined = true;
        } catch (err) {
          this.onError(err instanceof Error ? err : new Error(String(err)));
        }
        started = true;
        resolve(this.joined);
      });
    });
  }

  stop(): Promise<void> {
    const socket = this.socket;
    this.socket = undefined;
    this.joined = false;
    if (!socket) return Promise.resolve();
    return new Promise((resolve) => {
      try {
        socket.close(() => resolve());
      } catch {
        resolve();
      }
    });
  }
}
