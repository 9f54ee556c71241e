import { connect, type Socket } from 'node:net';
import {
  type DeviceLogLevel,
  formatMulticastLogLine,
  LOGGER_CONNECTED_MESSAGE,
  LOGGER_TAG,
} from '@st/protocol';
import { MulticastLogSender } from './multicast-log';

export type LoggerState = 'connected' | 'connecting' | 'disconnected';

export interface NetworkLoggerOptions {
  /** Local address to connect from (the device's own address, so the server sees it). */
  localAddress?: string | undefined;
  /** `tcp` (firmware default) or `multicast` (LOGGER_TYPE 2: `laddr` is a group:port). */
  transport?: 'tcp' | 'multicast';
  /** Interface for the multicast variant. */
  multicastIf?: string;
  name: () => string;
  onStateChange?: (state: LoggerState) => void;
}

/**
 * The firmware's TCP log client (device-protocol.md §3.2): connects to `laddr`, writes
 * `name&level&tag&message\r\n`, never reconnects by itself after a failure.
 */
export class NetworkLogger {
  private socket: Socket | undefined;
  private multicast: MulticastLogSender | undefined;
  private target = '';
  state: LoggerState = 'disconnected';
  /** Lines written since start. */
  linesWritten = 0;

  constructor(private readonly opts: NetworkLoggerOptions) {}

  /** The device's own address, used as the local end of the log connection. */
  setLocalAddress(address: string): void {
    this.opts.localAddress = address;
  }

  get address(): string {
    return this.target;
  }

  /** Applies a `laddr` value: same address while connected = no-op; '' or 'null' disconnects. */
  setAddress(addr: string): void {
    const a = addr.trim();
    if (this.state !== 'disconnected' && a === this.target) return;
    if (this.socket && this.state === 'connected' && a !== '' && a !== 'null') {
      this.writeLine(30, LOGGER_TAG, `Server log address was updated to ${a}`);
    }
    this.disconnect();
    if (a === '' || a === 'null') return;
    const m = /^(\d{1,3}(?:\.\d{1,3}){3}):(\d{1,5})$/.exec(a);
    if (!m) return; // not ip:port: the address is dropped, logs stay on serial
    this.target = a;
    this.setState('connecting');
    if (this.opts.transport === 'multicast') {
      this.openMulticast(m[1] ?? '', Number(m[2]));
      return;
    }
    const socket = connect({ host: m[1], port: Number(m[2]), localAddress: this.opts.localAddress });
    this.socket = socket;
    socket.setNoDelay(true);
    socket.on('connect', () => {
      this.setState('connected');
      this.writeLine(20, LOGGER_TAG, LOGGER_CONNECTED_MESSAGE);
    });
    const lost = () => {
      if (this.socket !== socket) return;
      this.socket = undefined;
      this.target = '';
      this.setState('disconnected');
    };
    socket.on('error', lost);
    socket.on('close', lost);
  }

  /** Writes one line when connected; false when not connected or the socket buffer is full. */
  write(level: DeviceLogLevel, tag: string, message: string): boolean {
    if (this.state !== 'connected') return false;
    return this.writeLine(level, tag, message);
  }

  /** Resolves when the socket can take more data (immediately when not connected). */
  drained(): Promise<void> {
    const s = this.socket;
    if (!s?.writableNeedDrain) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        s.off('drain', done);
        s.off('close', done);
        resolve();
      };
      s.once('drain', done);
      s.once('close', done);
    });
  }

  disconnect(): void {
    this.multicast?.close();
    this.multicast = undefined;
    const s = this.socket;
    this.socket = undefined;
    this.target = '';
    if (s) s.end();
    this.setState('disconnected');
  }

  private openMulticast(group: string, port: number): void {
    const sender = new MulticastLogSender(group, port);
    this.multicast = sender;
    void sender.open(this.opts.localAddress, this.opts.multicastIf ?? '127.0.0.1').then((ok) => {
      if (this.multicast !== sender) return;
      if (ok) this.setState('connected');
      else this.disconnect();
    });
  }

  private writeLine(level: DeviceLogLevel, tag: string, message: string): boolean {
    if (this.multicast) {
      const ip = this.opts.localAddress ?? '';
      this.linesWritten++;
      return this.multicast.send(formatMulticastLogLine({ ip, name: this.opts.name(), level, tag, message }));
    }
    const s = this.socket;
    if (!s || s.destroyed) return false;
    // Firmware writes the prefix, the message and the line end separately.
    s.write(`${this.opts.name()}&${level}&${tag}&`);
    s.write(message);
    this.linesWritten++;
    return s.write('\r\n');
  }

  private setState(state: LoggerState): void {
    if (this.state === state) return;
    this.state = state;
    this.opts.onStateChange?.(state);
  }
}
