import type { RemoteInfo } from 'node:dgram';
import {
  type LogLevelName,
  type LogMessage,
  logLevelFromValue,
  logLevelValue,
  parseDeviceLogLine,
} from '@st/protocol';
import type { Logger } from 'pino';
import type { Db } from '../../db/database';
import { MulticastReceiver } from '../discovery/multicastSocket';
import { FlowControl } from './flowControl';
import { type LogRow, LogStore } from './logStore';
import { LogTcpServer } from './logTcpServer';

export interface LogsOptions {
  readonly tcpPort: number;
  readonly tcpHost?: string | undefined;
  readonly multicastGroup: string;
  readonly multicastPort: number;
  readonly multicastInterface?: string | undefined;
  readonly retention: number;
  readonly flushIntervalMs?: number | undefined;
  /** true while live subscribers are behind: device reads wait for them (see LiveBackpressure) */
  readonly liveCongested?: () => boolean;
  /** lines waiting to be written above which device reads pause, and below which they resume */
  readonly highWater?: number;
  readonly lowWater?: number;
}

export interface LogFilter {
  readonly device?: string | undefined;
  readonly tag?: string | undefined;
  readonly message?: string | undefined;
  readonly level?: LogLevelName | undefined;
  /** receive time range (ISO 8601, any offset), ends included */
  readonly from?: string | undefined;
  readonly to?: string | undefined;
  readonly limit: number;
}

/** The stored form of a time: UTC toISOString() text, whose text order is time order. */
const storedTime = (time: string | undefined) =>
  time === undefined ? undefined : new Date(time).toISOString();

export function toLogMessage(row: LogRow): LogMessage {
  return {
    device: { ip: row.ip, name: row.name },
    dateTime: row.dateTime,
    tag: row.tag,
    level: logLevelFromValue(row.level) ?? 'INFO',
    message: row.message,
    source: row.source,
  };
}

/**
 * Device logs: the TCP log server and the multicast listener feed parsed lines into the batching store;
 * each persisted batch is handed to `onLines` for live delivery. Malformed lines are dropped and counted.
 */
export class DeviceLogs {
  readonly counters = { tcpLines: 0, multicastLines: 0, malformed: 0, oversized: 0 };
  private readonly store: LogStore;
  private readonly tcp: LogTcpServer;
  private readonly multicast: MulticastReceiver;
  private readonly flow: FlowControl;

  constructor(
    db: Db,
    opts: LogsOptions,
    private readonly logger: Logger,
    onLines: (lines: readonly LogMessage[]) => void,
  ) {
    this.store = new LogStore(
      db,
      { retention: opts.retention, flushIntervalMs: opts.flushIntervalMs },
      logger,
      (rows) => {
        onLines(rows.map(toLogMessage));
        this.flow.check();
      },
    );
    this.tcp = new LogTcpServer(
      { port: opts.tcpPort, host: opts.tcpHost },
      (line, address) => this.onTcpLine(line, address),
      () => this.counters.oversized++,
      logger,
    );
    this.flow = new FlowControl(this.tcp, {
      queued: () => this.store.queued,
      liveCongested: opts.liveCongested ?? (() => false),
      highWater: opts.highWater ?? 20_000,
      lowWater: opts.lowWater ?? 5_000,
    });
    this.multicast = new MulticastReceiver(
      { group: opts.multicastGroup, port: opts.multicastPort, interfaceAddress: opts.multicastInterface },
      (msg, from) => this.onDatagram(msg, from),
      (err) => logger.warn({ err }, 'multicast log listener failed'),
    );
  }

  get tcpPort(): number {
    return this.tcp.port;
  }

  /** Whether the device at `ip` has its TCP logger connected to this gateway now. */
  isConnected(ip: string): boolean {
    return this.tcp.has(ip);
  }

  get stats() {
    return {
      ...this.counters,
      connections: this.tcp.connections,
      pauses: this.flow.pauses,
      stored: this.store.persisted,
      dropped: this.store.dropped,
    };
  }

  async start(): Promise<void> {
    this.store.start();
    await this.tcp.start();
    await this.multicast.start();
  }

  /** Stops listening, then writes every line already accepted. */
  async stop(): Promise<void> {
    this.flow.stop();
    await this.tcp.stop();
    await this.multicast.stop();
    this.store.stop();
  }

  query(f: LogFilter): LogMessage[] {
    return this.store
      .query({
        device: f.device,
        tag: f.tag,
        message: f.message,
        minLevel: f.level === undefined ? undefined : logLevelValue(f.level),
        from: storedTime(f.from),
        to: storedTime(f.to),
        limit: f.limit,
      })
      .map(toLogMessage);
  }

  private lastMs = 0;
  private lastIso = '';

  /** Receive time; one Date per millisecond is enough when thousands of lines arrive at once. */
  private now(): string {
    const ms = Date.now();
    if (ms !== this.lastMs) {
      this.lastMs = ms;
      this.lastIso = new Date(ms).toISOString();
    }
    return this.lastIso;
  }

  private onTcpLine(line: string, address: string): void {
    const parsed = parseDeviceLogLine(line);
    if (!parsed.ok) {
      this.counters.malformed++;
      return;
    }
    this.counters.tcpLines++;
    const l = parsed.value;
    this.store.add({
      dateTime: this.now(),
      ip: address,
      name: l.name,
      level: l.level,
      tag: l.tag,
      message: l.message,
      source: 'TCP',
    });
    this.flow.afterAccept();
  }

  /** Multicast variant: `ip&name&level&tag&message\r\n`, one line per datagram. */
  private onDatagram(msg: Buffer, from: RemoteInfo): void {
    const text = msg.toString('utf8').replace(/\r?\n$/, '');
    const amp = text.indexOf('&');
    const parsed = amp > 0 ? parseDeviceLogLine(text.slice(amp + 1)) : undefined;
    if (!parsed?.ok) {
      this.counters.malformed++;
      this.logger.debug({ from: from.address }, 'multicast log line dropped');
      return;
    }
    this.counters.multicastLines++;
    const l = parsed.value;
    this.store.add({
      dateTime: this.now(),
      ip: text.slice(0, amp),
      name: l.name,
      level: l.level,
      tag: l.tag,
      message: l.message,
      source: 'MULTICAST',
    });
  }
}
