import type { RemoteInfo } from 'node:dgram';
import { type DeviceInfo, parseBeacon } from '@st/protocol';
import type { Logger } from 'pino';
import { parseDeviceAddress } from '../devices/address';
import { MulticastReceiver } from './multicastSocket';

export interface DiscoveryOptions {
  readonly group: string;
  readonly port: number;
  readonly interfaceAddress?: string | undefined;
  /** accept a beacon whose address differs from the datagram's sender (loopback simulations) */
  readonly trustBeaconAddress: boolean;
  readonly lostAfterMs: number;
  readonly checkIntervalMs: number;
}

export interface DiscoveryEvents {
  found(device: DeviceInfo): void;
  lost(device: DeviceInfo): void;
  /** every accepted beacon */
  seen?(device: DeviceInfo): void;
  /** a silent device kept (not lost) while this says so: it is restarting on purpose */
  holding?(address: string): boolean;
}

interface Entry {
  device: DeviceInfo;
  lastSeen: number;
}

function sameDevice(a: DeviceInfo, b: DeviceInfo): boolean {
  return (
    a.name === b.name &&
    a.type === b.type &&
    a.board === b.board &&
    a.stVersion === b.stVersion &&
    a.version === b.version
  );
}

/**
 * Listens for device beacons and keeps the found list, keyed by device address. A new device (or one whose
 * name, type or versions changed) is announced as found; one silent for `lostAfterMs` is removed and
 * announced as lost, unless it is restarting on purpose (`holding`: kept until it is back or overdue).
 * Malformed beacons, and beacons whose address is not the sender's (unless trusted), are dropped and counted.
 */
export class Discovery {
  private readonly devices = new Map<string, Entry>();
  private readonly receiver: MulticastReceiver;
  private sweep: NodeJS.Timeout | undefined;
  readonly counters = { accepted: 0, malformed: 0, untrusted: 0 };

  constructor(
    private readonly opts: DiscoveryOptions,
    private readonly events: DiscoveryEvents,
    private readonly logger: Logger,
    private readonly now: () => number = Date.now,
  ) {
    this.receiver = new MulticastReceiver(
      { group: opts.group, port: opts.port, interfaceAddress: opts.interfaceAddress },
      (msg, from) => this.onDatagram(msg, from),
      (err) => logger.error({ err }, 'discovery socket failed'),
    );
  }

  /** Whether the listener is joined to the discovery group (GET /api/devices/search/enabled). */
  get enabled(): boolean {
    return this.receiver.joined;
  }

  async start(): Promise<void> {
    const joined = await this.receiver.start();
    if (joined)
      this.logger.info({ group: this.opts.group, port: this.opts.port }, 'listening for device beacons');
    this.sweep = setInterval(() => this.evictSilent(), this.opts.checkIntervalMs);
    this.sweep.unref();
  }

  async stop(): Promise<void> {
    if (this.sweep) clearInterval(this.sweep);
    this.sweep = undefined;
    await this.receiver.stop();
  }

  list(): DeviceInfo[] {
    return [...this.devices.values()].map((e) => e.device);
  }

  /** The devices heard now, with when each was last heard (epoch ms). */
  heard(): Array<{ ip: string; at: number }> {
    return [...this.devices].map(([ip, e]) => ({ ip, at: e.lastSeen }));
  }

  /** Whether the device is held while it restarts on purpose (kept listed though silent). */
  holds(address: string): boolean {
    return this.events.holding?.(address) === true;
  }

  get(address: string): DeviceInfo | undefined {
    return this.devices.get(address)?.device;
  }

  findByName(name: string): DeviceInfo | undefined {
    for (const e of this.devices.values()) if (e.device.name === name) return e.device;
    return undefined;
  }

  /** Handles one datagram (public for the multicast socket and for tests of the trust rule). */
  onDatagram(msg: Buffer, from: Pick<RemoteInfo, 'address'>): void {
    const result = parseBeacon(msg.toString('utf8'));
    if (!result.ok) {
      this.counters.malformed++;
      this.logger.debug({ from: from.address, reason: result.error }, 'beacon dropped');
      return;
    }
    const b = result.value;
    const address = parseDeviceAddress(b.ip);
    if (!address) {
      this.counters.malformed++;
      this.logger.debug(
        { from: from.address, claimed: b.ip },
        'beacon address is not an IPv4 address, dropped',
      );
      return;
    }
    if (!this.opts.trustBeaconAddress && address.host !== from.address) {
      this.counters.untrusted++;
      this.logger.debug({ from: from.address, claimed: b.ip }, 'beacon address is not its sender, dropped');
      return;
    }
    this.counters.accepted++;
    const device: DeviceInfo = {
      ip: b.ip,
      type: b.type,
      name: b.name,
      stVersion: b.stVersion,
      board: b.board,
    };
    if (b.version !== '') device.version = b.version;
    const known = this.devices.get(b.ip);
    this.devices.set(b.ip, { device, lastSeen: this.now() });
    if (!known || !sameDevice(known.device, device)) this.events.found(device);
    this.events.seen?.(device);
  }

  private evictSilent(): void {
    const limit = this.now() - this.opts.lostAfterMs;
    for (const [address, entry] of this.devices) {
      if (entry.lastSeen > limit || this.events.holding?.(address) === true) continue;
      this.devices.delete(address);
      this.events.lost(entry.device);
    }
  }
}
