import { createSocket, type Socket } from 'node:dgram';

/** The datagram side of the multicast log variant (firmware LOGGER_TYPE 2): one line per datagram. */
export class MulticastLogSender {
  private socket: Socket | undefined;

  constructor(
    private readonly group: string,
    private readonly port: number,
  ) {}

  /** Binds to the device address and sends through `multicastIf`; resolves false when that fails. */
  open(localAddress: string | undefined, multicastIf: string): Promise<boolean> {
    const s = createSocket({ type: 'udp4', reuseAddr: true });
    this.socket = s;
    return new Promise((resolve) => {
      s.once('error', () => resolve(false));
      s.bind(0, localAddress, () => {
        try {
          s.setMulticastInterface(multicastIf);
          s.setMulticastLoopback(true);
          s.setMulticastTTL(1);
          s.on('error', () => {});
          resolve(true);
        } catch {
          resolve(false);
        }
      });
    });
  }

  send(text: string): boolean {
    if (!this.socket) return false;
    this.socket.send(text, this.port, this.group);
    return true;
  }

  close(): void {
    this.socket?.close();
    this.socket = undefined;
  }
}
